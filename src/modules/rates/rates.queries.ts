import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';
import type { CnbFixing } from './cnb-rates-file';

/**
 * A fixing and its lines in one statement: a fixing already kept (another worker, an earlier fetch)
 * is left as it is, lines and all.
 */
const KEEP_FIXING = sql(
  `WITH fixing AS (
     INSERT INTO exchange_rate_fixings (published_on, sequence, fetched_at) VALUES (?::date, ?, ?)
     ON CONFLICT (published_on) DO NOTHING
     RETURNING published_on
   )
   INSERT INTO exchange_rates (published_on, currency, amount, rate)
   SELECT fixing.published_on, r.currency, r.amount, r.rate
     FROM fixing, unnest(?::text[], ?::integer[], ?::numeric[]) AS r (currency, amount, rate)`,
  'rates.keep-fixing',
);

export async function keepFixing(em: EntityManager, fixing: CnbFixing, fetchedAt: Date): Promise<void> {
  const { rates } = fixing;
  await query(em, KEEP_FIXING, [
    fixing.publishedOn,
    fixing.sequence,
    fetchedAt,
    rates.map((r) => r.currency),
    rates.map((r) => r.amount),
    rates.map((r) => r.rate),
  ]);
}

const VALID_ON = sql(
  `INSERT INTO exchange_rate_days (day, published_on) VALUES (?::date, ?::date)
   ON CONFLICT (day) DO UPDATE SET published_on = EXCLUDED.published_on`,
  'rates.valid-on',
);

/** Remembers that the fixing of `publishedOn` is the one valid on `day`. */
export async function markValidOn(em: EntityManager, day: string, publishedOn: string): Promise<void> {
  await query(em, VALID_ON, [day, publishedOn]);
}

export interface KeptRate {
  published_on: string;
  currency: string | null;
  amount: number | null;
  rate: string | null;
}

/** The fixing valid on `day` if it is known, with its line for `currency` (null fields: ČNB does not quote it). */
const RATE_ON = sql(
  `SELECT to_char(d.published_on, 'YYYY-MM-DD') AS published_on, r.currency, r.amount, r.rate::text AS rate
     FROM exchange_rate_days d
     LEFT JOIN exchange_rates r ON r.published_on = d.published_on AND r.currency = ?
    WHERE d.day = ?::date`,
  'rates.rate-on',
);

export async function keptRateOn(em: EntityManager, currency: string, day: string): Promise<KeptRate | null> {
  const [row] = await query<KeptRate>(em, RATE_ON, [currency, day]);
  return row ?? null;
}
