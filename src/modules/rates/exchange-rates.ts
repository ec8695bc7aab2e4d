import BigNumber from 'bignumber.js';
import type { Logger } from 'pino';
import { czechDate, type Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { CnbClient } from './cnb-client';
import type { CnbFixing } from './cnb-rates-file';
import { keepFixing, keptRateOn, markValidOn } from './rates.queries';

/** The rate of a currency valid on a day: `rate` CZK for `amount` units as published, and per 1 unit. */
export interface ExchangeRate {
  currency: string;
  /** The day of the ČNB fixing used (the last on or before the asked day), YYYY-MM-DD. */
  publishedOn: string;
  amount: number;
  rate: string;
  /** CZK per 1 unit: rate / amount (a JPY quote per 100 divided by 100). */
  perUnit: BigNumber;
}

/** Places of a per-unit rate (documents.exchange_rate is numeric(20, 9)). */
export const PER_UNIT_PLACES = 9;

/**
 * The Czech National Bank's daily fixings, kept in exchange_rate_fixings / exchange_rates as ČNB
 * published them, and which fixing is valid on which day (exchange_rate_days). The daily job keeps the
 * latest fixing; a day not known yet is asked of ČNB (`?date=`) once and remembered when settled.
 */
export class ExchangeRates {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly cnb: CnbClient,
    private readonly log: Logger,
  ) {}

  /** The daily job: the latest fixing, kept and marked valid on its own day. */
  async fetchLatest(): Promise<CnbFixing> {
    const fixing = await this.cnb.fixing();
    await this.keep(fixing, null);
    this.log.info({ publishedOn: fixing.publishedOn, currencies: fixing.rates.length }, 'ČNB fixing kept');
    return fixing;
  }

  /**
   * The rate of `currency` valid on `day` (YYYY-MM-DD): the last fixing published on or before it.
   * Null when ČNB does not quote the currency. Throws RatesUnavailable / MalformedRatesFile when the
   * fixing is not kept and ČNB's file cannot be had.
   */
  async rateOn(currency: string, day: string): Promise<ExchangeRate | null> {
    const kept = await keptRateOn(this.orm.em.fork(), currency, day);
    if (kept) {
      if (kept.rate === null || kept.amount === null) return null;
      return exchangeRate(currency, kept.published_on, kept.amount, kept.rate);
    }
    const fixing = await this.cnb.fixing(day);
    if (fixing.publishedOn > day) {
      this.log.warn({ day, publishedOn: fixing.publishedOn }, 'ČNB answered a later fixing than the day asked');
      return null;
    }
    // The fixing valid on a past day is settled; on today (or later) only once today's is published.
    const settled = day < czechDate(this.clock.now()) || fixing.publishedOn === day;
    await this.keep(fixing, settled ? day : null);
    const line = fixing.rates.find((r) => r.currency === currency);
    return line ? exchangeRate(currency, fixing.publishedOn, line.amount, line.rate) : null;
  }

  private async keep(fixing: CnbFixing, alsoValidOn: string | null): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await keepFixing(em, fixing, this.clock.now());
      await markValidOn(em, fixing.publishedOn, fixing.publishedOn);
      if (alsoValidOn) await markValidOn(em, alsoValidOn, fixing.publishedOn);
    });
  }
}

function exchangeRate(currency: string, publishedOn: string, amount: number, rate: string): ExchangeRate {
  const perUnit = new BigNumber(rate).div(amount).decimalPlaces(PER_UNIT_PLACES, BigNumber.ROUND_HALF_UP);
  return { currency, publishedOn, amount, rate, perUnit };
}
