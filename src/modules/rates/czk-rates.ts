import BigNumber from 'bignumber.js';
import type { Logger } from 'pino';
import { czechDate } from '../../core/clock';
import { CZK } from '../../core/czk-amounts';
import { ValidationError } from '../../core/errors';
import type { ExchangeRates } from './exchange-rates';

/** What decides the rate of a document or a received cost: its currency, a rate given by the caller, its taxable supply date. */
export interface RateQuestion {
  currency: string;
  /** Given explicitly; null or undefined: ČNB's. */
  exchangeRate?: BigNumber | null;
  /** The taxable supply date (DUZP), else the issue date. */
  taxableSupplyAt: Date;
}

const invalid = (message: string) => new ValidationError(message, [{ path: 'exchangeRate', message }]);

/**
 * The CZK per unit of a document or a received cost: 1 for CZK; the caller's rate when given; else
 * the ČNB fixing valid on the Czech calendar date of the taxable supply (the last published on or
 * before it). No rate (a currency ČNB does not quote, no fixing to be had): 400 naming exchangeRate.
 */
export class CzkRates {
  constructor(
    private readonly rates: ExchangeRates,
    private readonly log: Logger,
  ) {}

  async resolve(q: RateQuestion): Promise<BigNumber> {
    if (q.currency === CZK) {
      if (q.exchangeRate && !q.exchangeRate.eq(1)) throw invalid(`The exchange rate of ${CZK} is 1`);
      return new BigNumber(1);
    }
    if (q.exchangeRate) return q.exchangeRate;
    const day = czechDate(q.taxableSupplyAt);
    let rate;
    try {
      rate = await this.rates.rateOn(q.currency, day);
    } catch (err) {
      this.log.warn({ err, currency: q.currency, day }, 'ČNB rate unavailable');
      throw invalid(`No ČNB rate could be had for ${day} (${(err as Error).message}); give exchangeRate explicitly`);
    }
    if (!rate) throw invalid(`ČNB publishes no rate of ${q.currency} for ${day}; give exchangeRate explicitly`);
    return rate.perUnit;
  }
}
