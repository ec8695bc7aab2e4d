import { expect } from 'chai';
import type { TestApp } from '../helpers/app';

export interface OutboxEntry {
  seq: string;
  event: string;
  organizationId: string;
  data: Record<string, any>;
}

const seenUpTo = new WeakMap<TestApp, string>();

/** The last outbox seq now: events recorded after it are the ones a test caused. */
export async function lastSeq(app: TestApp): Promise<string> {
  // Seqs only grow, so the scan continues from the last one seen instead of the start.
  let after = seenUpTo.get(app) ?? '0';
  for (;;) {
    const res = await app.get(`/api/test/events?after=${after}`);
    const events: OutboxEntry[] = res.body.events;
    if (events.length === 0) break;
    after = events[events.length - 1].seq;
  }
  seenUpTo.set(app, after);
  return after;
}

/** Events of one organization after `seq`, in order (the test control pages by 1000). */
export async function eventsAfter(app: TestApp, seq: string, organizationId: string): Promise<OutboxEntry[]> {
  const found: OutboxEntry[] = [];
  let after = seq;
  for (;;) {
    const res = await app.get(`/api/test/events?after=${after}`);
    expect(res.status, res.text).to.equal(200);
    const events: OutboxEntry[] = res.body.events;
    if (events.length === 0) return found;
    found.push(...events.filter((e) => e.organizationId === organizationId));
    after = events[events.length - 1].seq;
  }
}

export async function makeBankAccount(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post('/api/v1/bank-accounts', { name: 'Běžný účet', accountNumber: '2000145399/2010', currency: 'CZK', ...overrides }, token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

export interface InvoiceOptions {
  total?: string;
  status?: 'DRAFT' | 'ISSUED' | 'PAID';
  type?: string;
  currency?: string;
  variableSymbol?: string;
  departmentId?: string;
}

/** An invoice whose total is `total` (one line, VAT 0 %, so total = unitPrice). */
export async function makeInvoice(app: TestApp, token: string, options: InvoiceOptions = {}): Promise<any> {
  const body: Record<string, unknown> = {
    type: options.type ?? 'INVOICE',
    status: options.status ?? 'ISSUED',
    clientName: 'Odběratel s.r.o.',
    currency: options.currency ?? 'CZK',
    items: [{ name: 'Consulting', quantity: 1, unit: 'h', unitPrice: options.total ?? '1000.00', vatRate: 0 }],
  };
  if (options.variableSymbol !== undefined) body.variableSymbol = options.variableSymbol;
  if (options.departmentId !== undefined) body.departmentId = options.departmentId;
  const res = await app.post('/api/v1/documents', body, token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

let counter = 0;

/** A statement line with a fresh transaction id. */
export function line(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    transactionId: `TX-${Date.now()}-${counter}`,
    amount: '1000.00',
    currency: 'CZK',
    direction: 'IN',
    receivedAt: '2026-03-02T09:15:00Z',
    variableSymbol: null,
    counterAccount: '123456789/0800',
    ...overrides,
  };
}

export async function importLines(app: TestApp, token: string, bankAccountId: string, lines: Record<string, unknown>[]): Promise<any> {
  const res = await app.post('/api/v1/payments/import', { bankAccountId, payments: lines }, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}

export async function getDocument(app: TestApp, token: string, id: string): Promise<any> {
  const res = await app.get(`/api/v1/documents/${id}`, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}

/** The SPEC 6.3 document payload, as documents record it. */
export function documentPayload(doc: any, status: string, paidAmount: number): Record<string, unknown> {
  return {
    id: doc.id,
    number: doc.number,
    type: doc.type,
    status,
    currency: doc.currency,
    total: Number(doc.total),
    paidAmount,
    contactId: doc.contactId,
    clientName: doc.clientName,
    issuedAt: doc.issuedAt,
    dueAt: doc.dueAt,
  };
}

export function paymentPayload(p: any): Record<string, unknown> {
  return {
    id: p.id,
    amount: Number(p.amount),
    currency: p.currency,
    direction: p.direction,
    receivedAt: p.receivedAt,
    variableSymbol: p.variableSymbol,
    counterAccount: p.counterAccount,
    matchStatus: p.matchStatus,
    documentId: p.documentId,
    bankAccountId: p.bankAccountId,
  };
}
