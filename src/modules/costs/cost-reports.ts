import type { EntityManager } from '@mikro-orm/postgresql';
import { currencyRateSums, type CurrencyRateSums } from '../../core/rate-sums';
import { claimedOverLimit, costPeriodSums, ratesOfClaimed, type ClaimedCosts } from './costs.queries';

export type { ClaimedCosts } from './costs.queries';

/** Sums of lines at the standard (21 %) and reduced (12 %) rate, as numeric text. */
export interface CostSums21And12 {
  base21: string;
  vat21: string;
  base12: string;
  vat12: string;
}

/** A claimed cost the control statement itemizes (CLAIMED_OVER_LIMIT in costs.queries.ts). */
export interface ClaimedOverLimit extends CostSums21And12 {
  id: string;
  number: string;
  supplierVatId: string;
  supplierDocumentNumber: string | null;
  taxableSupplyDate: Date;
  total: string;
}

/** What the reports module reads of received costs: input VAT as aggregates; the SQL is in costs.queries.ts. */
export class CostReports {
  /** Lines of the costs claimed in the period per (currency, VAT rate), in CZK wherever a cost has its CZK amounts; `reverseCharge` picks the self-assessed ones. */
  async ratesOf(em: EntityManager, f: ClaimedCosts, reverseCharge: boolean): Promise<CurrencyRateSums[]> {
    return (await ratesOfClaimed(em, f, reverseCharge)).map(currencyRateSums);
  }

  /**
   * Per period unit (date_trunc's field: day, week, month, quarter, year; keyed by its first day) of
   * [start, end): the totals in CZK of the costs issued, and the input VAT in CZK of those
   * claimed without reverse charge.
   */
  async periodSums(
    em: EntityManager,
    f: ClaimedCosts,
    unit: 'day' | 'week' | 'month' | 'quarter' | 'year',
  ): Promise<Map<string, { total: string; inputVat: string }>> {
    const rows = await costPeriodSums(em, f, unit);
    return new Map(rows.map((r) => [r.period, { total: r.total, inputVat: r.input_vat }]));
  }

  /**
   * The costs of one currency (CZK: with those converted at their rate) claimed in the period without reverse
   * charge, from a supplier with a DIČ, taxed at 21 or 12 % and over `limit` including VAT by the absolute value
   * of their total, by claim date and number; and `sums`, at 21 and 12 % of every such cost claimed.
   */
  async overLimitOf(
    em: EntityManager,
    f: ClaimedCosts,
    currency: string,
    limit: string,
  ): Promise<{ costs: ClaimedOverLimit[]; sums: CostSums21And12 }> {
    const rows = await claimedOverLimit(em, f, currency, limit);
    const last = rows.pop()!;
    const sums = { base21: last.base21, vat21: last.vat21, base12: last.base12, vat12: last.vat12 };
    const costs = rows.map((r) => ({
      id: r.id!,
      number: r.number,
      supplierVatId: r.supplier_vat_id,
      supplierDocumentNumber: r.supplier_document_number,
      taxableSupplyDate: r.taxable_supply_date,
      total: r.total,
      base21: r.base21,
      vat21: r.vat21,
      base12: r.base12,
      vat12: r.vat12,
    }));
    return { costs, sums };
  }
}
