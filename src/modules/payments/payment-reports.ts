import type { EntityManager } from '@mikro-orm/postgresql';
import { cashPeriodSums } from './payments.queries';

/** What the reports module reads of payments: money in and out per period (the SQL is in payments.queries.ts). */
export class PaymentReports {
  /**
   * Per period unit (day, week, month, quarter, year; keyed by its first Czech day) of [start, end):
   * CZK received and sent, and how many payments in other currencies were left out.
   */
  async cashSums(
    em: EntityManager,
    f: { organizationId: string; start: Date; end: Date },
    unit: 'day' | 'week' | 'month' | 'quarter' | 'year',
  ): Promise<Map<string, { cashIn: string; cashOut: string; otherCurrency: number }>> {
    const rows = await cashPeriodSums(em, f, unit);
    return new Map(
      rows.map((r) => [r.period, { cashIn: r.cash_in, cashOut: r.cash_out, otherCurrency: r.other_currency }]),
    );
  }
}
