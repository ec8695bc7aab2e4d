import BigNumber from 'bignumber.js';
import { dayjs, CZ_TZ } from '../../core/clock';
import { paginationInput, z } from '../../core/validation';
import { DIRECTIONS, MATCH_STATUSES } from './payment.entity';

const uuid = z.uuid({ message: 'must be a UUID' });
const currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 code such as CZK' });
/** numeric(14,2) holds at most this. */
const MAX_AMOUNT = new BigNumber('999999999999.99');

/** A positive amount with at most 2 decimals, as a JSON number or a decimal string; kept as a string. */
const amount = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/, { message: 'must be a decimal number' })]).transform((value, ctx) => {
  const n = new BigNumber(value);
  if (!n.isFinite() || n.lte(0) || (n.decimalPlaces() ?? 0) > 2 || n.gt(MAX_AMOUNT)) {
    ctx.addIssue({ code: 'custom', message: 'must be a positive amount with at most 2 decimal places' });
    return z.NEVER;
  }
  return n.toFixed(2);
});

/** An instant with offset, or a bank-statement date (taken as the start of that day in Prague). */
const receivedAt = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).transform((value) =>
  value.length === 10 ? dayjs.tz(value, CZ_TZ).toDate() : new Date(value),
);

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Czech variable symbols are up to 10 digits; banks often pad them with zeros. */
const variableSymbol = z.preprocess(blankToNull, z.string().trim().regex(/^\d{1,10}$/, { message: 'must be 1 to 10 digits' }).nullable().optional());

const accountNumber = z.string().trim().regex(/^(\d{1,6}-)?\d{2,10}\/\d{4}$/, { message: 'must look like [prefix-]number/bankCode' });

const iban = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v) && ibanChecksumOk(v), { message: 'must be a valid IBAN' });

export const createBankAccountInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    accountNumber: z.preprocess(blankToNull, accountNumber.nullable().optional()),
    iban: z.preprocess(blankToNull, iban.nullable().optional()),
    currency: currency.default('CZK'),
  })
  .refine((a) => a.accountNumber || a.iban, { message: 'an account number or an IBAN is required', path: ['accountNumber'] });

export const statementLineInput = z.object({
  transactionId: z.string().trim().min(1).max(100),
  amount,
  /** Defaults to the bank account's currency; a statement is in its account's currency. */
  currency: currency.optional(),
  direction: z.enum(DIRECTIONS),
  receivedAt,
  variableSymbol,
  counterAccount: z.preprocess(blankToNull, z.string().trim().max(100).nullable().optional()),
});

export const MAX_STATEMENT_LINES = 1000;

export const importStatementInput = z.object({
  bankAccountId: uuid,
  payments: z.array(statementLineInput).min(1).max(MAX_STATEMENT_LINES),
});

export const listPaymentsInput = paginationInput.extend({
  matchStatus: z.enum(MATCH_STATUSES).optional(),
  direction: z.enum(DIRECTIONS).optional(),
  bankAccountId: uuid.optional(),
  documentId: uuid.optional(),
});

export const matchPaymentInput = z.object({ documentId: uuid });

export type StatementLine = z.infer<typeof statementLineInput>;

/** ISO 13616 mod-97 check. */
function ibanChecksumOk(iban: string): boolean {
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1;
}
