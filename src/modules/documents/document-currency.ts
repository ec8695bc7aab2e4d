import BigNumber from 'bignumber.js';
import type { Logger } from 'pino';
import { czechDate } from '../../core/clock';
import { ValidationError } from '../../core/errors';
import type { ServicesOf } from '../../core/module';
import type { ratesModule } from '../rates/rates.module';
import { money, vatSplit, type VatRateTotals } from './document-totals';
import type { DocumentItem } from './document.types';

type ExchangeRates = ServicesOf<typeof ratesModule>['exchangeRates'];

export const CZK = 'CZK';

/** A document's amounts in CZK: what the VAT report, the control statement and the statistics count. */
export interface CzkAmounts {
  /** CZK per 1 unit of the document's currency (1 for CZK), a decimal string. */
  exchangeRate: string;
  subtotalCzk: string;
  vatTotalCzk: string;
  totalCzk: string;
  /** Per VAT rate, highest first, in CZK. */
  vatRatesCzk: VatRateTotals[];
}

/**
 * The CZK amounts of lines at `exchangeRate`: per VAT rate, base and VAT each converted and rounded
 * to hellers (as a Czech tax document states them, § 37 ZDPH), total = base + VAT; the totals are
 * the sums of those rows.
 */
export function czkAmounts(items: DocumentItem[], exchangeRate: BigNumber): CzkAmounts {
  const vatRatesCzk = vatSplit(items).map((row) => {
    const subtotal = money(exchangeRate.times(row.subtotal));
    const vatTotal = money(exchangeRate.times(row.vatTotal));
    return { vatRate: row.vatRate, subtotal, vatTotal, total: money(new BigNumber(subtotal).plus(vatTotal)) };
  });
  const sum = (pick: (r: VatRateTotals) => string) => money(BigNumber.sum(0, ...vatRatesCzk.map(pick)));
  return {
    exchangeRate: exchangeRate.toFixed(),
    subtotalCzk: sum((r) => r.subtotal),
    vatTotalCzk: sum((r) => r.vatTotal),
    totalCzk: sum((r) => r.total),
    vatRatesCzk,
  };
}

/** What decides a document's rate: its currency, a rate given by the caller, and its taxable supply date. */
export interface RateQuestion {
  currency: string;
  /** Given explicitly; null or undefined: ČNB's. */
  exchangeRate?: BigNumber | null;
  /** The taxable supply date (DUZP), else the issue date. */
  taxableSupplyAt: Date;
}

const invalid = (message: string) => new ValidationError(message, [{ path: 'exchangeRate', message }]);

/**
 * The CZK per unit of a document: 1 for CZK; the caller's rate when given; else the ČNB fixing valid
 * on the Czech calendar date of the taxable supply (the last published on or before it). No rate (a
 * currency ČNB does not quote, no fixing to be had): 400 naming exchangeRate.
 */
export class DocumentRates {
  constructor(
    private readonly rates: ExchangeRates,
    private readonly log: Logger,
  ) {}

  async resolve(q: RateQuestion): Promise<BigNumber> {
    if (q.currency === CZK) {
      if (q.exchangeRate && !q.exchangeRate.eq(1)) throw invalid('A CZK document has exchange rate 1');
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
