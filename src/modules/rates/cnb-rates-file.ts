import BigNumber from 'bignumber.js';

/** One line of the fixing: `amount` units of `currency` cost `rate` CZK (as published). */
export interface PublishedRate {
  currency: string;
  amount: number;
  /** CZK for `amount` units, a decimal string with a dot. */
  rate: string;
}

/** One day's fixing of the Czech National Bank as its text file states it. */
export interface CnbFixing {
  /** The day the fixing was published for, YYYY-MM-DD. */
  publishedOn: string;
  /** ČNB's sequence number of the fixing in its year (`#228`). */
  sequence: number;
  rates: PublishedRate[];
}

/** The file is not in ČNB's format; nothing of it is kept. */
export class MalformedRatesFile extends Error {}

export const HEADER = 'země|měna|množství|kód|kurz';
/** Far above the ~35 currencies ČNB quotes. */
const MAX_LINES = 300;
const FIRST_LINE = /^(\d{2})\.(\d{2})\.(\d{4}) #(\d{1,4})$/;
const AMOUNT = /^[1-9]\d{0,6}$/;
const CODE = /^[A-Z]{3}$/;
const RATE = /^\d{1,9}(,\d{1,6})?$/;

/**
 * ČNB's `denni_kurz.txt`: a first line `DD.MM.YYYY #N` (the date and the fixing's sequence number),
 * the header `země|měna|množství|kód|kurz`, then one line per currency, `country|name|amount|code|rate`,
 * the rate with a decimal comma for `amount` units (100 for some currencies, such as JPY). Anything
 * else (another header, a missing field, a second line for one currency, a non-positive rate) fails
 * the whole file.
 */
export function parseCnbFixing(text: string): CnbFixing {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length > MAX_LINES) throw new MalformedRatesFile(`more than ${MAX_LINES} lines`);
  const first = FIRST_LINE.exec(lines[0]?.trim() ?? '');
  if (!first) throw new MalformedRatesFile('line 1 is not "DD.MM.YYYY #N"');
  const [, day, month, year, sequence] = first;
  const publishedOn = `${year}-${month}-${day}`;
  if (!isCalendarDate(publishedOn)) throw new MalformedRatesFile(`line 1: ${lines[0].trim()} is not a date`);
  if (lines[1]?.trim() !== HEADER) throw new MalformedRatesFile(`line 2 is not "${HEADER}"`);
  const rates = lines.slice(2).map((line, i) => rateLine(line, i + 3));
  if (rates.length === 0) throw new MalformedRatesFile('no rates');
  const codes = new Set(rates.map((r) => r.currency));
  if (codes.size !== rates.length) throw new MalformedRatesFile('a currency is listed twice');
  return { publishedOn, sequence: Number(sequence), rates };
}

function rateLine(line: string, n: number): PublishedRate {
  const fields = line.split('|').map((f) => f.trim());
  if (fields.length !== 5) throw new MalformedRatesFile(`line ${n}: expected 5 fields separated by |`);
  const [country, name, amount, code, rate] = fields;
  if (!country || !name) throw new MalformedRatesFile(`line ${n}: the country or the currency name is empty`);
  if (!AMOUNT.test(amount)) throw new MalformedRatesFile(`line ${n}: amount ${amount} is not a positive integer`);
  if (!CODE.test(code)) throw new MalformedRatesFile(`line ${n}: ${code} is not an ISO 4217 code`);
  if (!RATE.test(rate)) throw new MalformedRatesFile(`line ${n}: rate ${rate} is not a decimal with a comma`);
  const value = new BigNumber(rate.replace(',', '.'));
  if (!value.gt(0)) throw new MalformedRatesFile(`line ${n}: rate ${rate} is not positive`);
  return { currency: code, amount: Number(amount), rate: value.toFixed() };
}

function isCalendarDate(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}
