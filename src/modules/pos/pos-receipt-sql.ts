import { generateToken } from '../../core/secrets';
import { documentEventData } from '../documents/document.events';
import { PUBLIC_TOKEN_PREFIX, variableSymbolOf } from '../documents/documents.service';
import type { DocumentEvents } from '../documents/documents.module';
import { LAST_USED_PRECISION_MS, type DeviceRow } from './pos-device.verifier';
import type { IssueCommand } from './pos-rules';
import { posDocumentRecord, type PosDocumentFields, type PosDocumentRecord } from './pos.views';

/**
 * Issued receipts written with plain SQL: the idempotency key, the `documents` row and its outbox
 * events in one statement, for one receipt (a single issue, its own transaction) or for many (a
 * batch). MikroORM's unit of work cost more CPU than the whole statement (see docs/benchmarks.md).
 * The rows are exactly those `PosDocumentsService` wrote through the ORM; the ORM path remains for
 * replays, invalid bodies and batch entries that need their own savepoint.
 */

const PAID_KINDS = ['SIMPLIFIED', 'TAX_DOCUMENT', 'SALE_RECEIPT'];

/** One outbox event, typed by its name like EventOutbox.record. */
interface OutboxEventRow<E extends keyof DocumentEvents = keyof DocumentEvents> {
  event: E;
  data: DocumentEvents[E];
}

function outboxEvent<E extends keyof DocumentEvents>(event: E, data: DocumentEvents[E]): OutboxEventRow<E> {
  return { event, data };
}

/** A valid receipt ready to be written: its row for the statement and the document it will be. */
export interface PreparedReceipt {
  key: string;
  doc: Omit<PosDocumentFields, 'posDeviceId'>;
  row: Record<string, unknown>;
}

export interface ReceiptOwner {
  organizationId: string;
  deviceId: string;
}

/** The answer for a written receipt (the register that wrote it is known only once its statement found it). */
export function receiptRecord(receipt: PreparedReceipt, deviceId: string): PosDocumentRecord {
  return posDocumentRecord({ ...receipt.doc, posDeviceId: deviceId });
}

/** SPEC 2.6: paid kinds are paid at issue and due at issue; an INVOICE is due at dueAt and carries a variable symbol. */
export function prepareReceipt(key: string, id: string, input: IssueCommand, now: Date): PreparedReceipt {
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
    posDocumentKind: input.kind,
    paymentMethod: input.paymentMethod ?? null,
    createdAt: now,
  };
  const data = documentEventData(doc);
  const events: OutboxEventRow[] = [outboxEvent('document.created', data)];
  if (paid) events.push(outboxEvent('document.paid', data));
  return {
    key,
    doc,
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
 * it), and only for the keys it bound writes the document and its events, in input order. A taken
 * number fails the whole statement with the unique index's 23505. The key's foreign key to the
 * document is deferred, so the order inside the statement is free. Documents go in by number, so two
 * batches writing the same numbers wait for each other instead of deadlocking. Needs a CTE `p` with
 * the organization (`org`), the register (`device`) and the moment (`now`); nothing is written when
 * `p` has no row. Its one parameter (knex-style `?`) is the rows as a JSON array.
 */
const WRITE_RECEIPTS = `
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
)`;

/**
 * The receipts of a caller already authenticated (a batch). Returns the keys it bound.
 * Parameters: organization id, device id, now, the rows as a JSON array.
 */
export const INSERT_RECEIPTS_SQL = `
WITH p AS (SELECT ?::uuid AS org, ?::uuid AS device, ?::timestamptz AS now),
${WRITE_RECEIPTS}
SELECT key FROM bound`;

export function insertReceiptsParams(owner: ReceiptOwner, now: Date, receipts: readonly PreparedReceipt[]): unknown[] {
  return [owner.organizationId, owner.deviceId, now, JSON.stringify(receipts.map((r) => r.row))];
}

/**
 * One receipt and the register's token in one statement (one round trip per receipt): the register
 * is the one whose token has this SHA-256 and is not revoked, read in the statement's own snapshot,
 * so a token rotated or revoked before the statement starts writes nothing and finds no row (401).
 * lastUsedAt is touched in the same statement when it is a minute old or more (LAST_USED_PRECISION_MS);
 * a register whose row another statement is touching right now skips the touch instead of waiting
 * (NO KEY UPDATE does not block the foreign-key checks of concurrent receipts).
 * Returns no row for an unknown or revoked token, else one row: the register, its organization and
 * how many keys it bound (1: written; 0: the key was bound, a replay).
 * Parameters: now, the token's SHA-256, the rows as a JSON array.
 */
export const INSERT_RECEIPT_AS_DEVICE_SQL = `
WITH p AS (
  SELECT d.organization_id AS org, d.id AS device, ?::timestamptz AS now, o.name, o.plan
    FROM pos_devices d JOIN organizations o ON o.id = d.organization_id
   WHERE d.token_hash = ? AND d.revoked_at IS NULL
),
stale AS (
  SELECT d.id FROM pos_devices d, p
   WHERE d.id = p.device AND (d.last_used_at IS NULL OR d.last_used_at <= p.now - interval '${LAST_USED_PRECISION_MS / 1000} seconds')
  FOR NO KEY UPDATE OF d SKIP LOCKED
),
touched AS (UPDATE pos_devices d SET last_used_at = p.now FROM stale, p WHERE d.id = stale.id),
${WRITE_RECEIPTS}
SELECT p.device AS id, p.org AS organization_id, p.name, p.plan, (SELECT count(*) FROM bound)::int AS bound FROM p`;

export interface ReceiptAsDeviceRow extends DeviceRow {
  bound: number;
}

export function insertReceiptAsDeviceParams(tokenHash: string, now: Date, receipt: PreparedReceipt): unknown[] {
  return [now, tokenHash, JSON.stringify([receipt.row])];
}
