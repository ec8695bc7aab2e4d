import BigNumber from 'bignumber.js';
import { z } from 'zod';
import { CZ_TZ, dayjs } from './clock';

/**
 * The field parsers every module's input schemas are built from: one id check, one decimal (money)
 * parser, one date parser and the length bounds of text. The OpenAPI description is generated from
 * the schemas (core/openapi/builders `fromZod`), so a bound declared here is also the documented one.
 */

/** Upper bounds of free text and lists, so no input is unbounded (issue 11). */
export const MAX = {
  name: 200,
  /** Longer human text: descriptions, notes. */
  note: 2000,
  /** RFC 5321's limit of a forward path. */
  email: 254,
  password: 1024,
  /** Opaque tokens and cursors. */
  token: 512,
  url: 2000,
  searchTerm: 200,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row (and must not reach a uuid column). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** An id in an input: a UUID (any version), else 400 naming the field. */
export const id = () => z.string().max(36).regex(UUID, 'must be a UUID').meta({ format: 'uuid' });

const DECIMAL = /^-?\d+(\.\d+)?$/;

export interface DecimalBounds {
  /** Most decimal places accepted; more are refused, never rounded. */
  places: number;
  /** Inclusive bounds, as decimal strings. */
  min: string;
  max: string;
  /** Refuse exactly zero (a quantity, a payment). */
  nonZero?: boolean;
  /**
   * Where SPEC types the field as a number (POS items): only a JSON number, a string is 400 naming
   * the field (issue 24 point 7). Elsewhere a decimal string such as "1210.50" is accepted too.
   */
  numberOnly?: boolean;
}

/**
 * The one decimal parser: money, quantities and VAT rates arrive as a JSON number or (unless
 * `numberOnly`) a decimal string ("1210.50") and leave as an exact BigNumber, so no float ever
 * reaches an amount.
 */
export function decimal(bounds: DecimalBounds) {
  const { places, min, max } = bounds;
  // Parsed once: compared with every value (a string bound would be parsed again on each comparison).
  const [low, high] = [new BigNumber(min), new BigNumber(max)];
  const input = bounds.numberOnly ? z.number() : z.union([z.number(), z.string().trim().max(40)]);
  const range = `${min} to ${max}, at most ${places} decimal places${bounds.nonZero ? ', not zero' : ''}`;
  return input
    .transform((value, ctx) => {
      // Checked as text before bignumber.js sees it (it throws on malformed input in DEBUG mode).
      const n = typeof value === 'number' ? new BigNumber(value) : DECIMAL.test(value) ? new BigNumber(value) : null;
      if (n === null || !n.isFinite()) ctx.addIssue({ code: 'custom', message: 'must be a decimal number' });
      else if ((n.decimalPlaces() ?? 0) > places)
        ctx.addIssue({ code: 'custom', message: `must have at most ${places} decimal places` });
      else if (n.lt(low) || n.gt(high)) ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max}` });
      else if (bounds.nonZero && n.isZero()) ctx.addIssue({ code: 'custom', message: 'must not be zero' });
      else return n;
      return z.NEVER;
    })
    .meta({
      description: bounds.numberOnly
        ? `A decimal as a JSON number (a string is refused): ${range}`
        : `A decimal as a JSON number or a string such as "1210.50": ${range}`,
    });
}

/** A money amount with 2 places, kept as the fixed decimal string stored in numeric(14,2). */
export function money(bounds: Omit<DecimalBounds, 'places'>) {
  return decimal({ ...bounds, places: 2 }).transform((n) => n.toFixed(2));
}

/** numeric(14,2) holds at most this. */
export const MAX_AMOUNT = '999999999999.99';

/** Dates outside this range are typos or probes, never invoices (issue 11). */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
const RANGE = `between ${FIRST_DAY} and ${LAST_DAY}`;
const inRange = (day: string) => day >= FIRST_DAY && day <= LAST_DAY;
/** Instants whose Czech day (UTC+1 or +2) is surely within FIRST_DAY..LAST_DAY. */
const SURELY_IN_RANGE_FROM = Date.UTC(2000, 0, 1);
const SURELY_IN_RANGE_UNTIL = Date.UTC(2100, 11, 30);

/** A Czech calendar date, YYYY-MM-DD, within the sane range. */
export const czechDay = () =>
  z.iso
    .date({ message: 'must be a date YYYY-MM-DD' })
    .max(10)
    .refine(inRange, `must be ${RANGE}`)
    .meta({ description: `A Czech calendar date YYYY-MM-DD, ${RANGE}` });

/**
 * The one date parser: an ISO 8601 instant with offset, or a Czech calendar date (YYYY-MM-DD =
 * midnight in Europe/Prague), whose Czech day lies within the sane range.
 */
export const instant = () =>
  z
    .union([z.iso.datetime({ offset: true }).max(40), z.iso.date().max(10)], {
      message: 'must be an ISO 8601 instant or a date YYYY-MM-DD',
    })
    .transform((value, ctx) => {
      const ms = value.length === 10 ? NaN : Date.parse(value);
      // Well inside the range the Czech day (the UTC day or the next) needs no time-zone lookup, which cost more than the rest of a POS body's validation.
      if (ms >= SURELY_IN_RANGE_FROM && ms < SURELY_IN_RANGE_UNTIL) return new Date(ms);
      const at = value.length === 10 ? dayjs.tz(value, CZ_TZ) : dayjs(value).tz(CZ_TZ);
      if (inRange(at.format('YYYY-MM-DD'))) return at.toDate();
      ctx.addIssue({ code: 'custom', message: `must be ${RANGE}` });
      return z.NEVER;
    })
    .meta({ description: `An ISO 8601 instant, or YYYY-MM-DD = midnight of that Czech (Europe/Prague) day; ${RANGE}` });

/** Required text: trimmed, not empty, bounded. */
export const text = (max: number) => z.string().trim().min(1).max(max);

/** An optional text field: trimmed, and an empty string clears it like null does. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

/** An e-mail address, lower-cased. */
export const email = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX.email)
    .pipe(z.email({ message: 'must be an e-mail address' }))
    .meta({ format: 'email' });

/** An optional e-mail address, lower-cased; "" or null clears it. */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX.email)
    .transform((v) => (v === '' ? null : v))
    .pipe(z.email({ message: 'must be an e-mail address' }).nullable())
    .nullable()
    .optional()
    .meta({ format: 'email', description: 'An e-mail address; "" or null clears it' });
