import { createHash } from 'node:crypto';
import { StatementFileInvalid } from '../payments.errors';
import {
  amountOf,
  decimalOf,
  cut,
  parseDomestic,
  startOfCzechDay,
  symbol,
  TEXT_BOUNDS,
  type DomesticAccount,
  type StatementFile,
} from './statement-file';

/**
 * ABO/GPC, the fixed-width statement Czech banks export: one 074 header record (the account, balances,
 * the statement date) and one 075 record per movement, 128 characters each, in Windows-1250.
 * Account numbers are in the standard form (6-digit prefix + 10-digit number), amounts in hellers.
 * The 075 fields read here: counter account, document number (the bank's reference, the
 * transaction id), amount, posting code (1 debit, 2 credit, 4 debit reversal, 5 credit reversal),
 * variable symbol, the counter account's bank code and the constant symbol, specific symbol, value
 * date, the counter party's name, the currency (ISO numeric, as Fio and ČSOB fill it) and the due
 * date. The 078/079 records some banks add carry the message for the payee.
 */

/** Posting codes that bring money in; 1 and 5 take it out. */
const INCOMING = new Set(['2', '4']);
const OUTGOING = new Set(['1', '5']);

/** ISO 4217 numeric codes of the currencies Czech accounts are kept in. */
const NUMERIC_CURRENCIES: Record<string, string> = {
  '203': 'CZK',
  '978': 'EUR',
  '840': 'USD',
  '826': 'GBP',
  '756': 'CHF',
  '985': 'PLN',
  '348': 'HUF',
};

const RECORD_LENGTH = 128;

export function isGpc(text: string): boolean {
  return /^074\d{16}/.test(text.replace(/^\uFEFF/, '').trimStart());
}

/** The GPC statement in `text` (already decoded). */
export function parseGpc(text: string): StatementFile {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, i) => ({ no: i + 1, record: line.padEnd(RECORD_LENGTH, ' ') }))
    .filter(({ record }) => record.trim() !== '');
  const header = lines[0];
  if (!header || !header.record.startsWith('074')) throw new StatementFileInvalid('line 1: no 074 header record');
  const account = gpcAccount(header.record.slice(3, 19), `line ${header.no}`);
  const statementDay = optionalDay(header.record.slice(108, 114));
  const movements: StatementFile['movements'] = [];
  const seen = new Map<string, number>();
  for (const { no, record } of lines.slice(1)) {
    const where = `line ${no}`;
    const type = record.slice(0, 3);
    if (type === '078' || type === '079') {
      const last = movements.at(-1);
      if (last) last.message = cut([last.message, record.slice(3)].join(' '), TEXT_BOUNDS.message);
      continue;
    }
    if (type === '076' || type === '077') continue;
    if (type === '074') throw new StatementFileInvalid(`${where}: a second 074 header; import one statement at a time`);
    if (type !== '075') throw new StatementFileInvalid(`${where}: "${type}" is not a GPC record type`);
    if (!/^\d{12}$/.test(record.slice(48, 60))) throw new StatementFileInvalid(`${where}: the amount is not 12 digits`);
    const code = record[60];
    const direction = INCOMING.has(code) ? 'IN' : OUTGOING.has(code) ? 'OUT' : null;
    if (!direction) throw new StatementFileInvalid(`${where}: posting code "${code}" is not 1, 2, 4 or 5`);
    const constantField = record.slice(71, 81);
    const day = optionalDay(record.slice(91, 97)) ?? optionalDay(record.slice(122, 128)) ?? statementDay;
    if (!day) throw new StatementFileInvalid(`${where}: no value date`);
    movements.push({
      transactionId: transactionIdOf(record, seen),
      amount: amountOf(decimalOf(record.slice(48, 60)).shiftedBy(-2), where),
      currency: NUMERIC_CURRENCIES[record.slice(119, 122)] ?? null,
      direction,
      receivedAt: startOfCzechDay(day, where),
      variableSymbol: symbol(record.slice(61, 71)),
      constantSymbol: symbol(constantField.slice(6)),
      specificSymbol: symbol(record.slice(81, 91)),
      counterAccount: counterAccount(record.slice(19, 35), constantField.slice(2, 6)),
      counterAccountName: cut(record.slice(97, 117), TEXT_BOUNDS.name),
      message: null,
    });
  }
  return { format: 'GPC', account: { iban: null, domestic: account }, movements };
}

/** 16 digits: a 6-digit prefix and a 10-digit number. */
function gpcAccount(field: string, where: string): DomesticAccount {
  const account = /^\d{16}$/.test(field) ? parseDomestic(`${field.slice(0, 6)}-${field.slice(6)}`) : null;
  if (!account) throw new StatementFileInvalid(`${where}: "${field.trim()}" is not a 16-digit account number`);
  return account;
}

function counterAccount(field: string, bankCode: string): string | null {
  if (!/^\d{16}$/.test(field)) return null;
  const account = parseDomestic(`${field.slice(0, 6)}-${field.slice(6)}`);
  if (!account) return null;
  const base = account.prefix ? `${account.prefix}-${account.number}` : account.number;
  return /^\d{4}$/.test(bankCode) && bankCode !== '0000' ? `${base}/${bankCode}` : base;
}

/**
 * The document number is the bank's reference of the movement (leading zeros dropped). A bank that
 * leaves it empty gets a reference made of the record itself, numbered when the same record repeats,
 * so a re-import still finds it.
 */
function transactionIdOf(record: string, seen: Map<string, number>): string {
  const documentNumber = record.slice(35, 48).trim().replace(/^0+/, '');
  if (documentNumber) return documentNumber;
  const digest = createHash('sha256').update(record.trimEnd()).digest('hex').slice(0, 24);
  const repeat = (seen.get(digest) ?? 0) + 1;
  seen.set(digest, repeat);
  return repeat === 1 ? `GPC-${digest}` : `GPC-${digest}-${repeat}`;
}

/** DDMMYY as YYYY-MM-DD (20YY); zeros or blanks are no date. */
function optionalDay(field: string): string | null {
  if (!/^\d{6}$/.test(field) || field === '000000') return null;
  return `20${field.slice(4, 6)}-${field.slice(2, 4)}-${field.slice(0, 2)}`;
}
