import { id, instant, MAX, MAX_AMOUNT, money, text } from '../../core/fields';
import { listInput } from '../../core/pagination';
import { z } from '../../core/validation';
import { DIRECTIONS, MATCH_STATUSES } from './payment.entity';

const currency = z
  .string()
  .max(10)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 code such as CZK' });
/** A positive amount with at most 2 decimals; kept as a fixed 2-place string. */
const amount = money({ min: '0', max: MAX_AMOUNT, nonZero: true });

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Czech variable symbols are up to 10 digits; banks often pad them with zeros. */
const variableSymbol = z.preprocess(
  blankToNull,
  z
    .string()
    .max(40)
    .trim()
    .regex(/^\d{1,10}$/, { message: 'must be 1 to 10 digits' })
    .nullable()
    .optional(),
);

const accountNumber = z
  .string()
  .max(40)
  .trim()
  .regex(/^(\d{1,6}-)?\d{2,10}\/\d{4}$/, { message: 'must look like [prefix-]number/bankCode' });

const iban = z
  .string()
  .max(64)
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v) && ibanChecksumOk(v), { message: 'must be a valid IBAN' });

export const createBankAccountInput = z
  .object({
    name: text(MAX.name),
    accountNumber: z.preprocess(blankToNull, accountNumber.nullable().optional()),
    iban: z.preprocess(blankToNull, iban.nullable().optional()),
    currency: currency.default('CZK'),
  })
  .refine((a) => a.accountNumber || a.iban, {
    message: 'an account number or an IBAN is required',
    path: ['accountNumber'],
  })
  .meta({ description: 'An account number or an IBAN (or both) is required.' });

export const statementLineInput = z.object({
  transactionId: text(100),
  amount,
  /** Defaults to the bank account's currency; a statement is in its account's currency. */
  currency: currency
    .nullable()
    .optional()
    .meta({ description: "Defaults to the bank account's currency; any other currency is rejected" }),
  direction: z.enum(DIRECTIONS),
  /** A bank-statement date is the start of that day in Prague. */
  receivedAt: instant(),
  variableSymbol: variableSymbol.meta({ description: 'Leading zeros are ignored when matching' }),
  counterAccount: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
});

export const MAX_STATEMENT_LINES = 1000;

export const importStatementInput = z.object({
  bankAccountId: id(),
  payments: z.array(statementLineInput).min(1).max(MAX_STATEMENT_LINES),
});

export const listPaymentsInput = listInput(['createdAt']).extend({
  matchStatus: z.enum(MATCH_STATUSES).optional(),
  direction: z.enum(DIRECTIONS).optional(),
  bankAccountId: id().optional(),
  documentId: id().optional(),
  costId: id().optional(),
});

/** Exactly one target: an incoming payment pays a document, an outgoing one a received cost. */
export const matchPaymentInput = z
  .object({
    documentId: id().optional().meta({ description: 'An invoice or proforma (incoming payments)' }),
    costId: id().optional().meta({ description: 'A received cost (outgoing payments)' }),
  })
  .refine((t) => (t.documentId === undefined) !== (t.costId === undefined), {
    message: 'exactly one of documentId and costId is required',
    path: ['documentId'],
  })
  .meta({ description: 'Exactly one of documentId and costId.' });

export type StatementLine = z.infer<typeof statementLineInput>;

/** ISO 13616 mod-97 check. */
function ibanChecksumOk(iban: string): boolean {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1;
}
