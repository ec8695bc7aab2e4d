import { expect } from 'chai';
import type { TestApp } from '../helpers/app';

export const ITEM = { name: 'Consulting', quantity: 2, unit: 'h', unitPrice: 500, vatRate: 21 };

/** Creates a document through the API (defaults: INVOICE, one line 2 × 500 + 21 % VAT = 1210). */
export async function makeDocument(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post('/api/v1/documents', { type: 'INVOICE', items: [ITEM], ...overrides }, token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

export async function makeContact(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await app.post('/api/v1/contacts', { name: 'Klient a.s.', email: 'klient@example.cz', ...overrides }, token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

/** The outbox position now; events recorded later have a greater seq. */
export async function outboxPosition(app: TestApp): Promise<string> {
  const res = await app.get('/api/test/events?after=0');
  const events = res.body.events as { seq: string }[];
  return events.length ? events[events.length - 1].seq : '0';
}

/** Events of one organization recorded after `after`, as [{event, data}]. */
export async function eventsSince(app: TestApp, after: string, organizationId: string): Promise<{ event: string; data: any }[]> {
  const res = await app.get(`/api/test/events?after=${after}`);
  expect(res.status).to.equal(200);
  return (res.body.events as any[]).filter((e) => e.organizationId === organizationId).map((e) => ({ event: e.event, data: e.data }));
}

/** The SPEC 6.3 document payload expected for a document record as the API returns it. */
export function payloadOf(doc: any, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: doc.id,
    number: doc.number,
    type: doc.type,
    status: doc.status,
    currency: doc.currency,
    total: Number(doc.total),
    paidAmount: Number(doc.paidAmount),
    contactId: doc.contactId,
    clientName: doc.clientName,
    issuedAt: doc.issuedAt,
    dueAt: doc.dueAt,
    ...overrides,
  };
}
