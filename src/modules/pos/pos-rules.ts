import type { z } from 'zod';
import type { ErrorDetail } from '../../core/errors';
import { instant } from '../../core/fields';
import { parseInput, validationFailed } from '../../core/validation';
import type { PosDocumentKind } from '../documents/documents.module';
import { computePosTotals, SIMPLIFIED_LIMIT, type PosLineInput, type PosTotals } from './pos-totals';
import {
  creditNoteHeaderInput,
  creditNoteItemInput,
  issueHeaderInput,
  posItemInput,
  type PosCustomer,
} from './pos.inputs';

/** A validated POST /api/pos/documents body. */
export interface IssueCommand {
  number: string;
  kind: PosDocumentKind;
  issuedAt: Date;
  dueAt: Date | null;
  paymentMethod: string | null;
  customer: PosCustomer | null;
  note: string | null;
  totals: PosTotals;
}

export interface CreditNoteCommand {
  number: string;
  originalNumber: string | null;
  customer: PosCustomer | null;
  issuedAt: Date;
  reason: string;
  totals: PosTotals;
}

function fail(path: string, message: string): never {
  throw validationFailed([{ path, message }]);
}

/** `value` parsed by `schema`, or its first issue with its path under `prefix` (items[2].vatRate). */
function parseOrFirstIssue<T extends z.ZodType>(
  schema: T,
  value: unknown,
  prefix: string,
): { data: z.output<T> } | { issue: ErrorDetail } {
  const result = schema.safeParse(value ?? {});
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  return { issue: { path: [prefix, ...issue.path.map(String)].join('.'), message: issue.message } };
}

function parseLines<T extends z.ZodType>(
  schema: T,
  raw: unknown[],
): { lines: PosLineInput[]; issue: ErrorDetail | null } {
  const lines: PosLineInput[] = [];
  for (const [i, item] of raw.entries()) {
    const parsed = parseOrFirstIssue(schema, item, `items[${i}]`);
    if ('issue' in parsed) return { lines, issue: parsed.issue };
    lines.push(parsed.data as PosLineInput);
  }
  return { lines, issue: null };
}

/**
 * SPEC 4.5 in its order, stopping at the first failure with one message naming the field. Types
 * and bounds of the header fields come first (nothing else can be judged without them); the
 * simplified-receipt limit (rule 4) needs valid items, so an item error found while computing it
 * is reported at its own place, rule 6.
 */
export function validateIssue(body: unknown): IssueCommand {
  const h = parseInput(issueHeaderInput, body);
  const name = h.customer?.name ?? null;
  if (h.documentType === 'SIMPLIFIED' && name)
    fail(
      'customer.name',
      'must be absent or empty on a SIMPLIFIED receipt (use TAX_DOCUMENT or INVOICE for an identified customer)',
    );
  if (h.documentType !== 'SIMPLIFIED' && !name) fail('customer.name', `is required for ${h.documentType}`);
  if (h.documentType !== 'INVOICE' && !h.paymentMethod) fail('paymentMethod', `is required for ${h.documentType}`);
  const { lines, issue } = parseLines(posItemInput, h.items);
  const totals = issue ? null : computePosTotals(lines, h.roundingEnabled);
  let kind: PosDocumentKind = h.documentType;
  if (h.documentType === 'SIMPLIFIED' && totals && totals.total.gt(SIMPLIFIED_LIMIT)) {
    if (!h.overSimplifiedLimit)
      fail(
        'total',
        `${totals.total.toFixed(2)} exceeds the ${SIMPLIFIED_LIMIT.toFixed(2)} limit of a SIMPLIFIED receipt; send overSimplifiedLimit true to issue a sales receipt`,
      );
    kind = 'SALE_RECEIPT';
  }
  let dueAt: Date | null = null;
  if (h.documentType === 'INVOICE') {
    if (h.dueAt === undefined || h.dueAt === null) fail('dueAt', 'is required for INVOICE');
    const parsed = instant().safeParse(h.dueAt);
    if (!parsed.success) fail('dueAt', parsed.error.issues[0].message);
    dueAt = parsed.data;
  }
  if (issue) fail(issue.path, issue.message);
  if (totals!.overLimit) fail(totals!.overLimit, 'the computed amount exceeds 9999999999.99');
  const negative = lines.findIndex((l) => l.quantity.isNegative());
  if (negative >= 0)
    fail(`items[${negative}].quantity`, 'must not be negative in a new receipt; returns use cancel or a credit note');
  if (h.currency !== undefined && h.currency !== 'CZK') fail('currency', 'must be CZK');
  if (totals!.total.isNegative()) fail('items', 'the total must not be negative');
  return {
    number: h.number,
    kind,
    issuedAt: h.issuedAt,
    dueAt,
    paymentMethod: h.documentType === 'INVOICE' ? null : (h.paymentMethod ?? null),
    customer: h.documentType === 'SIMPLIFIED' ? null : (h.customer ?? null),
    note: h.note ?? null,
    totals: totals!,
  };
}

/** SPEC 4.5 credit notes and DESIGN 5: originalNumber or customer.name; no rounding line. */
export function validateCreditNote(body: unknown): CreditNoteCommand {
  const h = parseInput(creditNoteHeaderInput, body);
  if (!h.originalNumber && !h.customer?.name) fail('originalNumber', 'originalNumber or customer.name is required');
  const { lines, issue } = parseLines(creditNoteItemInput, h.items);
  if (issue) fail(issue.path, issue.message);
  const totals = computePosTotals(lines, false);
  if (totals.overLimit) fail(totals.overLimit, 'the computed amount exceeds 9999999999.99');
  return {
    number: h.number,
    originalNumber: h.originalNumber ?? null,
    customer: h.originalNumber ? null : (h.customer ?? null),
    issuedAt: h.issuedAt,
    reason: h.reason,
    totals,
  };
}
