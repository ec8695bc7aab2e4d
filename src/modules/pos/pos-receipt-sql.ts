import { generateToken } from '../../core/secrets';
import { documentEventData } from '../documents/document.events';
import { PUBLIC_TOKEN_PREFIX, variableSymbolOf } from '../documents/documents.service';
import type { EventName, EventPayloads } from '../events/event-payloads';
import type { IssueCommand } from './pos-rules';
import { posDocumentRecord, type PosDocumentRecord } from './pos.views';

/**
 * Issued receipts written with plain SQL: the idempotency key, the `documents` row and its outbox
 * events in one statement, for one receipt (a single issue, its own transaction) or for many (a
 * batch). MikroORM's unit of work cost more CPU than the whole statement (see docs/benchmarks.md).
 * The rows are exactly those `PosDocumentsService` wrote through the ORM; the ORM path remains for
 * replays, invalid bodies and batch entries that need their own savepoint.
 */

const PAID_KINDS = ['SIMPLIFIED', 'TAX_DOCUMENT', 'SALE_RECEIPT'];

/** One outbox event, typed by its name like EventOutbox.record. */
interface OutboxEventRow<E extends EventName = EventName> {
  event: E;
  data: EventPayloads[E];
}

function outboxEvent<E extends EventName>(event: E, data: EventPayloads[E]): OutboxEventRow<E> {
  return { event, data };
}

/** A valid receipt ready to be written, with the answer and the events it will give. */
export interface PreparedReceipt {
  key: string;
  record: PosDocumentRecord;
  row: Record<string, unknown>;
}

export interface ReceiptOwner {
  organizationId: string;
  deviceId: string;
}

/** SPEC 2.6: paid kinds are paid at issue and due at issue; an INVOICE is due at dueAt and carries a variable symbol. */
export function prepareReceipt(owner: ReceiptOwner, key: string, id: string, input: IssueCommand, now: Date): PreparedReceipt {
  const invoice = input.kind === 'INVOICE';
  const paid = PAID_KINDS.includes(input.kind);
  const total = input.totals.total.toFixed(2);
  const doc = {
    id,
    type: 'INVOICE' as const,
    status: paid ? ('PAID' as const) : ('ISSUED' as const),
    number: input.number,
    variableSymbol: invoice ? variableSymbolOf(input.number) : null,
    contact: null,
    clientName: input.customer?.name ?? null,
    currency: 'CZK',
    subtotal: input.totals.subtotal.toFixed(2),
    vatTotal: input.totals.vatTotal.toFixed(2),
    roundingAmount: input.totals.roundingAmount.toFixed(2),
    total,
    paidAmount: paid ? total : '0.00',
    issuedAt: input.issuedAt,
    dueAt: invoice ? input.dueAt! : input.issuedAt,
    paidAt: paid ? input.issuedAt : null,
    posDeviceId: owner.deviceId,
    posDocumentKind: input.kind,
    paymentMethod: input.paymentMethod ?? null,
    createdAt: now,
  };
  const data = documentEventData(doc);
  const events: OutboxEventRow[] = [outboxEvent('document.created', data)];
  if (paid) events.push(outboxEvent('document.paid', data));
  return {
    key,
    record: posDocumentRecord(doc),
    row: {
      key,
      id,
      status: doc.status,
      number: doc.number,
      variable_symbol: doc.variableSymbol,
      client_name: doc.clientName,
      customer_details: customerDetails(input.customer),
      items: input.totals.items,
      issued_at: doc.issuedAt,
      due_at: doc.dueAt,
      subtotal: doc.subtotal,
      vat_total: doc.vatTotal,
      rounding_amount: doc.roundingAmount,
      total,
      paid_amount: doc.paidAmount,
      status_before_paid: paid ? 'ISSUED' : null,
      paid_at: doc.paidAt,
      note: input.note ?? null,
      public_token: generateToken(PUBLIC_TOKEN_PREFIX),
      pos_document_kind: input.kind,
      payment_method: doc.paymentMethod,
      events,
    },
  };
}

export function customerDetails(customer: IssueCommand['customer']): Record<string, string | null> | null {
  if (!customer) return null;
  const { name: _name, ...rest } = customer;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v ?? null]));
}

/**
 * Binds each key (unless bound: ON CONFLICT waits for a concurrent holder of the key and then skips
 * it), and only for the keys it bound writes the document and its events, in input order. Returns
 * the keys it bound. A taken number fails the whole statement with the unique index's 23505.
 * The key's foreign key to the document is deferred, so the order inside the statement is free.
 * Documents go in by number, so two batches writing the same numbers wait for each other instead of deadlocking.
 * Parameters (knex-style `?`): organization id, device id, now, the rows as a JSON array.
 */
export const INSERT_RECEIPTS_SQL = `
WITH p AS (SELECT ?::uuid AS org, ?::uuid AS device, ?::timestamptz AS now),
input AS (
  SELECT r.*, n FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS a(j, n),
    LATERAL jsonb_to_record(a.j) AS r(key text, id uuid, status text, number text, variable_symbol text, client_name text,
      customer_details jsonb, items jsonb, issued_at timestamptz, due_at timestamptz, subtotal numeric, vat_total numeric,
      rounding_amount numeric, total numeric, paid_amount numeric, status_before_paid text, paid_at timestamptz, note text,
      public_token text, pos_document_kind text, payment_method text, events jsonb)
),
bound AS (
  INSERT INTO pos_idempotency_keys (device_id, operation, key, organization_id, document_id, created_at)
  SELECT p.device, 'issue', i.key, p.org, i.id, p.now FROM input i, p ORDER BY i.n
  ON CONFLICT (device_id, operation, key) DO NOTHING
  RETURNING key
),
written AS (SELECT i.* FROM input i JOIN bound b ON b.key = i.key),
docs AS (
  INSERT INTO documents (id, organization_id, type, status, number, variable_symbol, contact_id, client_name, customer_details,
    department_id, currency, items, issued_at, due_at, subtotal, vat_total, total, paid_amount, auto_paid_amount, status_before_paid,
    tags, note, public_token, paid_at, pos_device_id, pos_document_kind, rounding_amount, payment_method, corrected_document_id,
    credit_note_reason, created_at, updated_at)
  SELECT w.id, p.org, 'INVOICE', w.status, w.number, w.variable_symbol, NULL, w.client_name, w.customer_details,
    NULL, 'CZK', w.items, w.issued_at, w.due_at, w.subtotal, w.vat_total, w.total, w.paid_amount, w.paid_amount, w.status_before_paid,
    '[]'::jsonb, w.note, w.public_token, w.paid_at, p.device, w.pos_document_kind, w.rounding_amount, w.payment_method, NULL,
    NULL, p.now, p.now
  FROM written w, p ORDER BY w.number
  RETURNING id
),
events AS (
  INSERT INTO event_outbox (event, organization_id, data, created_at)
  SELECT e.j->>'event', p.org, e.j->'data', p.now
  FROM written w CROSS JOIN LATERAL jsonb_array_elements(w.events) WITH ORDINALITY AS e(j, k), p
  ORDER BY w.n, e.k
)
SELECT key FROM bound`;

export function insertReceiptsParams(owner: ReceiptOwner, now: Date, receipts: readonly PreparedReceipt[]): unknown[] {
  return [owner.organizationId, owner.deviceId, now, JSON.stringify(receipts.map((r) => r.row))];
}
