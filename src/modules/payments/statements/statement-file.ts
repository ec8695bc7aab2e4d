import BigNumber from 'bignumber.js';
import { CZ_TZ, dayjs } from '../../../core/clock';
import { FIRST_DAY, LAST_DAY, MAX_AMOUNT } from '../../../core/fields';
import type { Movement } from '../payment-intake';
import { StatementFileInvalid } from '../payments.errors';
import { MAX_STATEMENT_LINES } from '../payments.inputs';

/** A statement file is read whole; real daily or monthly statements are far smaller. */
export const MAX_STATEMENT_FILE_BYTES = 2 * 1024 * 1024;

export const STATEMENT_FORMATS = ['GPC', 'CAMT053'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The statement's own account as the file names it: an IBAN, or a domestic number (bank code when known). */
export interface StatementAccount {
  iban: string | null;
  domestic: DomesticAccount | null;
}

export interface DomesticAccount {
  /** Without leading zeros; '' for none. */
  prefix: string;
  /** Without leading zeros. */
  number: string;
  bankCode: string | null;
}

/** A movement as the file states it; currency null when the file does not say (the account's). */
export type FileMovement = Omit<Movement, 'currency'> & { currency: string | null };

export interface StatementFile {
  format: StatementFormat;
  account: StatementAccount;
  movements: FileMovement[];
}

/** The longest texts a file may put in a payment; longer ones are cut. */
export const TEXT_BOUNDS = { transactionId: 100, counterAccount: 100, name: 200, message: 500 } as const;

/** Czech payment symbols: digits only, at most 10; padding zeros are dropped and all zeros is none. */
export function symbol(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').trim().replace(/^0+/, '');
  return /^\d{1,10}$/.test(digits) ? digits : null;
}

/** Trimmed text, cut to `max` characters; empty is null. */
export function cut(raw: string | null | undefined, max: number): string | null {
  const value = (raw ?? '').replace(/\s+/g, ' ').trim();
  return value ? value.slice(0, max) : null;
}

/**
 * A decimal number written plainly ("12500.00", "-3", "000001250000"), else NaN: a statement's bytes
 * are anyone's, and bignumber.js throws on text that is not a number.
 */
export function decimalOf(text: string | null | undefined): BigNumber {
  return text && /^[+-]?\d{1,30}(\.\d{1,30})?$/.test(text) ? new BigNumber(text) : new BigNumber(NaN);
}

/** A positive amount with at most 2 decimals as a fixed 2-place string; anything else is refused. */
export function amountOf(raw: BigNumber, where: string): string {
  if (!raw.isFinite() || raw.lte(0) || raw.gt(MAX_AMOUNT) || raw.decimalPlaces()! > 2) {
    throw new StatementFileInvalid(
      `${where}: the amount ${raw.toString()} is not a positive amount up to ${MAX_AMOUNT}`,
    );
  }
  return raw.toFixed(2);
}

/** A statement day (YYYY-MM-DD) is the start of that day in Prague, as for JSON imports. */
export function startOfCzechDay(day: string, where: string): Date {
  const at = dayjs.tz(day, CZ_TZ);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !at.isValid() || at.format('YYYY-MM-DD') !== day) {
    throw new StatementFileInvalid(`${where}: "${day}" is not a date`);
  }
  if (day < FIRST_DAY || day > LAST_DAY) {
    throw new StatementFileInvalid(`${where}: the date ${day} is not between ${FIRST_DAY} and ${LAST_DAY}`);
  }
  return at.toDate();
}

export function assertLineCount(movements: readonly FileMovement[]): void {
  if (movements.length > MAX_STATEMENT_LINES) {
    throw new StatementFileInvalid(
      `A statement has at most ${MAX_STATEMENT_LINES} movements; this one has ${movements.length}`,
    );
  }
  if (!movements.length) throw new StatementFileInvalid('The statement has no movements');
}

/** `[prefix-]number[/bankCode]` as the parts of a domestic account, or null. */
export function parseDomestic(raw: string | null | undefined): DomesticAccount | null {
  const match = (raw ?? '').replace(/\s+/g, '').match(/^(?:(\d{1,6})-)?(\d{1,10})(?:\/(\d{4}))?$/);
  if (!match || /^0*$/.test(match[2])) return null;
  return {
    prefix: (match[1] ?? '').replace(/^0+/, ''),
    number: match[2].replace(/^0+/, ''),
    bankCode: match[3] ?? null,
  };
}

/** A Czech IBAN (CZkk BBBB PPPPPP NNNNNNNNNN) holds the domestic account; other IBANs hold none we can read. */
export function domesticOfIban(iban: string | null): DomesticAccount | null {
  const match = (iban ?? '').match(/^CZ\d{2}(\d{4})(\d{6})(\d{10})$/);
  return match ? parseDomestic(`${match[2]}-${match[3]}/${match[1]}`) : null;
}

/** The domestic form `[prefix-]number/bankCode` of a counter account, or the text as it was given. */
export function formatDomestic(account: DomesticAccount | null): string | null {
  if (!account) return null;
  const base = account.prefix ? `${account.prefix}-${account.number}` : account.number;
  return account.bankCode ? `${base}/${account.bankCode}` : base;
}

/**
 * Whether the statement is one of this account: the IBANs agree, or the domestic prefix and number
 * agree (leading zeros ignored) with the bank code when both name one.
 */
export function sameAccount(
  statement: StatementAccount,
  account: { accountNumber: string | null; iban: string | null },
): boolean {
  if (statement.iban && account.iban && statement.iban === account.iban) return true;
  const ours = parseDomestic(account.accountNumber) ?? domesticOfIban(account.iban);
  const theirs = statement.domestic ?? domesticOfIban(statement.iban);
  if (!ours || !theirs) return false;
  return (
    ours.prefix === theirs.prefix &&
    ours.number === theirs.number &&
    (!ours.bankCode || !theirs.bankCode || ours.bankCode === theirs.bankCode)
  );
}

/** How the statement names its account, for an error message. */
export function describeAccount(statement: StatementAccount): string {
  return statement.iban ?? formatDomestic(statement.domestic) ?? 'no account';
}
