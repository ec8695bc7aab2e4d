import { useQuery } from 'urql';
import { Empty } from '../../components/feedback';
import { SelectField } from '../../components/form';
import { DataTable } from '../../components/table';
import { formatCount, formatMoney } from '../../format';
import type { StatisticsQuery } from '../../gql/graphql';
import { StatisticsDocument } from './operations';

const GROUPINGS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'year', label: 'Year' },
];

const AGING: [keyof Omit<StatisticsQuery['statistics']['aging'], '__typename'>, string][] = [
  ['notYetDue', 'Not yet due'],
  ['d1_30', '1–30 days'],
  ['d31_60', '31–60 days'],
  ['d61_90', '61–90 days'],
  ['d90plus', 'Over 90 days'],
];

/** GET /reports/statistics of the report period: per period, the receivables aging and the top customers and products. */
export function Statistics({
  period,
  groupBy,
  onGroupBy,
}: {
  period: { from: string; to: string };
  groupBy: string;
  onGroupBy: (groupBy: string) => void;
}) {
  const [{ data }] = useQuery({ query: StatisticsDocument, variables: { ...period, groupBy } });
  const stats = data?.statistics;
  return (
    <section aria-labelledby="statistics-heading">
      <h2 id="statistics-heading">Statistics (CZK)</h2>
      <SelectField
        label="Group by"
        name="groupBy"
        problem={null}
        options={GROUPINGS}
        value={groupBy}
        onChange={(e) => onGroupBy(e.currentTarget.value)}
      />
      {stats && (
        <>
          <DataTable
            testId="statistics-periods"
            rows={stats.periods}
            rowKey={(p) => p.period}
            columns={[
              { label: 'Period', cell: (p) => p.period },
              { label: 'Documents', num: true, cell: (p) => formatCount(p.invoiced.documentCount) },
              { label: 'Without VAT', num: true, cell: (p) => formatMoney(p.invoiced.base) },
              { label: 'Total', num: true, cell: (p) => formatMoney(p.invoiced.total) },
              { label: 'Paid', num: true, cell: (p) => formatMoney(p.paid) },
              { label: 'Costs', num: true, cell: (p) => formatMoney(p.costs) },
              { label: 'VAT balance', num: true, cell: (p) => formatMoney(p.vatBalance) },
            ]}
          />
          <DataTable
            caption="Unpaid invoices today, by days past due"
            testId="statistics-aging"
            rows={AGING}
            rowKey={([key]) => key}
            columns={[
              { label: 'Past due', cell: ([, label]) => label },
              { label: 'Invoices', num: true, cell: ([key]) => formatCount(stats.aging[key].count) },
              { label: 'Amount', num: true, cell: ([key]) => formatMoney(stats.aging[key].amount) },
            ]}
          />
          {stats.topCustomers.length === 0 && <Empty>No customers in this period.</Empty>}
          {stats.topCustomers.length > 0 && (
            <DataTable
              caption="Top customers"
              testId="statistics-customers"
              rows={stats.topCustomers}
              rowKey={(c) => c.contactId}
              columns={[
                { label: 'Customer', cell: (c) => c.name ?? '—' },
                { label: 'Documents', num: true, cell: (c) => formatCount(c.documentCount) },
                { label: 'Without VAT', num: true, cell: (c) => formatMoney(c.revenue) },
              ]}
            />
          )}
          {stats.topProducts.length > 0 && (
            <DataTable
              caption="Top products"
              testId="statistics-products"
              rows={stats.topProducts}
              rowKey={(p) => p.name}
              columns={[
                { label: 'Item', cell: (p) => p.name },
                { label: 'Quantity', num: true, cell: (p) => p.quantity },
                { label: 'Without VAT', num: true, cell: (p) => formatMoney(p.revenue) },
              ]}
            />
          )}
          <p data-testid="statistics-days-to-payment">
            Average days to payment:{' '}
            <strong>{stats.averageDaysToPayment === null ? '—' : stats.averageDaysToPayment}</strong>
          </p>
        </>
      )}
    </section>
  );
}
