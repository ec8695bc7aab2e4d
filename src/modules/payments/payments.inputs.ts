import { id, instant, MAX, MAX_AMOUNT, money, optionalText, text } from '../../core/fields';
import { listInput } from '../../core/pagination';
import { z } from '../../core/validation';
import { DIRECTIONS, MATCH_STATUSES, PAYMENT_METHODS } from './payment.entity';

const currency = z
  .string()
  .max(10)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 code such as CZK' });
/** A positive amount with at most 2 decimals; kept as a fixed 2-place string. */
const amount = money({ min: '0', max: MAX_AMOUNT, nonZero: true });

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** GraphQL clients send null for an optional argument they leave out. */
const nullToAbsent = (value: unknown) => (value === null ? undefined : value);

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
  /** Constant and specific symbols follow the variable symbol's rules (up to 10 digits). */
  constantSymbol: variableSymbol,
  specificSymbol: variableSymbol,
  counterAccountName: z.preprocess(blankToNull, z.string().trim().max(200).nullable().optional()),
  message: z.preprocess(
    blankToNull,
    z.string().trim().max(500).nullable().optional().meta({ description: 'The message for the payee' }),
  ),
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

/** Only the fields sent change; the account keeps an account number or an IBAN. */
export const updateBankAccountInput = z
  .object({
    name: text(MAX.name).optional(),
    accountNumber: z.preprocess(blankToNull, accountNumber.nullable().optional()),
    iban: z.preprocess(blankToNull, iban.nullable().optional()),
    currency: currency.optional(),
  })
  .meta({
    description:
      'Only the fields sent change; null or "" clears accountNumber or iban, but one of them must remain. The currency changes only while the account has no payments.',
  });

/** A payment recorded by hand (cash, card, a transfer seen elsewhere); at most one of documentId and costId. */
export const createPaymentInput = z
  .object({
    amount,
    currency,
    receivedAt: instant(),
    method: z.enum(PAYMENT_METHODS),
    direction: z.preprocess(nullToAbsent, z.enum(DIRECTIONS).default('IN')),
    bankAccountId: z.preprocess(
      nullToAbsent,
      id().optional().meta({ description: "Default: the organization's CASH account of the currency" }),
    ),
    documentId: z.preprocess(
      nullToAbsent,
      id().optional().meta({ description: 'An invoice or proforma it pays (incoming payments)' }),
    ),
    costId: z.preprocess(
      nullToAbsent,
      id().optional().meta({ description: 'A received cost it pays (outgoing payments)' }),
    ),
    variableSymbol,
    note: optionalText(MAX.note),
  })
  .refine((p) => p.documentId === undefined || p.costId === undefined, {
    message: 'at most one of documentId and costId',
    path: ['documentId'],
  })
  .meta({ description: 'At most one of documentId and costId.' });
export type CreatePaymentInput = z.infer<typeof createPaymentInput>;

/** ISO 13616 mod-97 check. */
function ibanChecksumOk(iban: string): boolean {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1;
}
