import type { EntityManager } from '@mikro-orm/postgresql';
import { currencyRateSums, type CurrencyRateSums, type RateSums } from '../../core/rate-sums';
import { claimedByRate, costPeriodSums, ratesOfClaimed, type ClaimedCosts } from './costs.queries';

export type { ClaimedCosts } from './costs.queries';

/** A claimed cost with its lines summed per VAT rate, for the control statement. */
export interface ClaimedWithRates {
  id: string;
  number: string;
  supplierVatId: string | null;
  supplierDocumentNumber: string | null;
  taxableSupplyDate: Date;
  total: string;
  rates: RateSums[];
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

  /** The costs of one currency (CZK: with those converted at their rate) claimed in the period, without reverse charge, with their lines per VAT rate. */
  async withRatesOf(em: EntityManager, f: ClaimedCosts, currency: string): Promise<ClaimedWithRates[]> {
    const costs = new Map<string, ClaimedWithRates>();
    for (const r of await claimedByRate(em, f, currency)) {
      const cost = costs.get(r.id) ?? {
        id: r.id,
        number: r.number,
        supplierVatId: r.supplier_vat_id,
        supplierDocumentNumber: r.supplier_document_number,
        taxableSupplyDate: r.taxable_supply_date,
        total: r.total,
        rates: [],
      };
      cost.rates.push({ vatRate: Number(r.vat_rate), base: r.base, vat: r.vat });
      costs.set(r.id, cost);
    }
    return [...costs.values()];
  }
}
