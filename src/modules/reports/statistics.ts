import BigNumber from 'bignumber.js';
import { CZ_TZ, czechDate, dayjs, type Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { ValidationError } from '../../core/errors';
import { czechDay } from '../../core/fields';
import { parseInput, z } from '../../core/validation';
import { REPORTED_TYPES, type ReportSources } from './reports.service';

export const GROUP_BY = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/** The longest range statistics answer: ten years of days is 3,653 periods at most. */
export const MAX_YEARS = 10;
/** How many customers and products the statistics rank. */
export const TOP = 10;
export const AGING_BUCKETS = ['notYetDue', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const;

export const statisticsInput = z.object({ from: czechDay(), to: czechDay(), groupBy: z.enum(GROUP_BY) });

export interface StatisticsPeriod {
  /** 2026-06-17 (day), 2026-W25 (ISO week), 2026-06 (month), 2026-Q2 (quarter), 2026 (year). */
  period: string;
  /** Its first and last Czech day within the range asked for. */
  from: string;
  to: string;
  invoiced: { documentCount: number; base: string; vat: string; total: string };
  paid: string;
  costs: string;
  outputVat: string;
  inputVat: string;
  vatBalance: string;
  /**
   * CZK payments received and sent on the period's Czech days (payments in other currencies:
   * otherCurrencyPayments). Null for a caller limited to departments: payments belong to no department.
   */
  cashIn: string | null;
  cashOut: string | null;
  otherCurrencyPayments: number | null;
}

export interface Statistics {
  from: string;
  to: string;
  groupBy: GroupBy;
  periods: StatisticsPeriod[];
  aging: Record<(typeof AGING_BUCKETS)[number], { amount: string; count: number }>;
  topCustomers: { contactId: string; name: string | null; revenue: string; documentCount: number }[];
  topProducts: { name: string; revenue: string; quantity: string }[];
  averageDaysToPayment: number | null;
  /** Foreign-currency documents made before exchange rates were kept: no CZK amounts, left out. */
  unconvertedDocumentCount: number;
}

type Day = ReturnType<typeof dayjs>;

/** The first day of the period of `unit` holding `day` (an ISO week starts on Monday). */
function periodStart(day: Day, unit: GroupBy): Day {
  if (unit === 'week') return day.subtract((day.day() + 6) % 7, 'day');
  if (unit === 'quarter') return day.month(day.month() - (day.month() % 3)).date(1);
  return day.startOf(unit);
}

function nextPeriod(start: Day, unit: GroupBy): Day {
  if (unit === 'week') return start.add(7, 'day');
  if (unit === 'quarter') return start.add(3, 'month');
  return start.add(1, unit);
}

/** The label of the period starting on `start`; an ISO week belongs to the year of its Thursday. */
function periodLabel(start: Day, unit: GroupBy): string {
  if (unit === 'day') return start.format('YYYY-MM-DD');
  if (unit === 'month') return start.format('YYYY-MM');
  if (unit === 'year') return start.format('YYYY');
  if (unit === 'quarter') return `${start.year()}-Q${Math.floor(start.month() / 3) + 1}`;
  const thursday = start.add(3, 'day');
  const week = Math.floor(thursday.diff(thursday.startOf('year'), 'day') / 7) + 1;
  return `${thursday.year()}-W${String(week).padStart(2, '0')}`;
}

const fixed = (v: string | undefined) => new BigNumber(v ?? 0).toFixed(2);

/**
 * GET /reports/statistics: per period of the range, the invoiced documents (those the sales report counts,
 * by issue day), what was paid of them, received costs, output VAT (by DUZP) − input VAT (by claim date);
 * with the receivables aging as of today, the top customers and products and the average days to payment.
 * Amounts in CZK at each document's rate; the documents' sums come from their per-day sums.
 */
export class ReportStatistics {
  constructor(
    private readonly sources: ReportSources,
    private readonly clock: Clock,
  ) {}

  async of(ctx: RequestContext, query: unknown): Promise<Statistics> {
    const { from, to, groupBy } = parseInput(statisticsInput, query);
    if (to < from)
      throw new ValidationError('The period ends before it starts', [
        { path: 'to', message: 'must not be before from' },
      ]);
    const first = dayjs.tz(from, CZ_TZ);
    if (to >= first.add(MAX_YEARS, 'year').format('YYYY-MM-DD'))
      throw new ValidationError(`Statistics cover at most ${MAX_YEARS} years`, [
        { path: 'to', message: `must be less than ${MAX_YEARS} years after from` },
      ]);
    const { principal } = authed(ctx);
    const days = {
      organizationId: principal.organization.id,
      types: REPORTED_TYPES,
      start: first.toDate(),
      end: dayjs.tz(to, CZ_TZ).add(1, 'day').toDate(),
      departmentIds: principal.departmentIds,
    };
    const { documents, costs } = this.sources;
    // Independent reads: on connections of the pool they run side by side.
    const { payments } = this.sources;
    const [periodRows, costSums, cashSums, aging, customers, products] = await Promise.all([
      documents.periodSums(ctx.em, days, groupBy),
      costs.periodSums(ctx.em, days, groupBy),
      principal.departmentIds === null ? payments.cashSums(ctx.em, days, groupBy) : null,
      this.aging(ctx),
      documents.topContacts(ctx.em, days, TOP),
      documents.topItems(ctx.em, days, TOP),
    ]);
    const sums = new Map(periodRows.map((r) => [r.period, r]));
    const periods: StatisticsPeriod[] = [];
    for (
      let start = periodStart(first, groupBy);
      start.format('YYYY-MM-DD') <= to;
      start = nextPeriod(start, groupBy)
    ) {
      const key = start.format('YYYY-MM-DD');
      const last = nextPeriod(start, groupBy).subtract(1, 'day').format('YYYY-MM-DD');
      const sum = sums.get(key);
      const cost = costSums.get(key);
      const cash = cashSums?.get(key);
      const outputVat = fixed(sum?.output_vat);
      const inputVat = fixed(cost?.inputVat);
      periods.push({
        period: periodLabel(start, groupBy),
        from: key < from ? from : key,
        to: last > to ? to : last,
        invoiced: {
          documentCount: Number(sum?.n ?? 0),
          base: fixed(sum?.base),
          vat: fixed(sum?.vat),
          total: fixed(sum?.total),
        },
        paid: fixed(sum?.paid),
        costs: fixed(cost?.total),
        outputVat,
        inputVat,
        vatBalance: new BigNumber(outputVat).minus(inputVat).toFixed(2),
        cashIn: cashSums ? fixed(cash?.cashIn) : null,
        cashOut: cashSums ? fixed(cash?.cashOut) : null,
        otherCurrencyPayments: cashSums ? (cash?.otherCurrency ?? 0) : null,
      });
    }
    const paidDays = [...sums.values()].reduce(
      (acc, r) => ({ n: acc.n + Number(r.n_paid), days: acc.days + Number(r.days_to_payment) }),
      { n: 0, days: 0 },
    );
    return {
      from,
      to,
      groupBy,
      periods,
      aging,
      topCustomers: customers.map((c) => ({
        contactId: c.contactId,
        name: c.name,
        revenue: fixed(c.revenue),
        documentCount: c.count,
      })),
      topProducts: products.map((p) => ({
        name: p.name,
        revenue: fixed(p.revenue),
        quantity: new BigNumber(p.quantity).toFixed(),
      })),
      averageDaysToPayment: paidDays.n === 0 ? null : Math.round((paidDays.days / paidDays.n) * 10) / 10,
      unconvertedDocumentCount: [...sums.values()].reduce((n, r) => n + Number(r.n_unconverted), 0),
    };
  }

  /** The caller's unpaid invoices by days past due as of the Clock's Czech today. */
  private async aging(ctx: RequestContext): Promise<Statistics['aging']> {
    const { principal } = authed(ctx);
    const buckets = await this.sources.documents.receivablesAging(ctx.em, {
      organizationId: principal.organization.id,
      departmentIds: principal.departmentIds,
      today: czechDate(this.clock.now()),
    });
    const of = (bucket: (typeof AGING_BUCKETS)[number]) => {
      const found = buckets.get(bucket);
      return { amount: fixed(found?.amount), count: found?.count ?? 0 };
    };
    return {
      notYetDue: of('notYetDue'),
      d1_30: of('d1_30'),
      d31_60: of('d31_60'),
      d61_90: of('d61_90'),
      d90plus: of('d90plus'),
    };
  }
}
