import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { Empty } from '../../components/feedback';
import { SelectField } from '../../components/form';
import { DataTable } from '../../components/table';
import { formatCount, formatMoney } from '../../format';
import { currentLanguage } from '../../i18n';
import { LOCALES } from '../../i18n/texts';
import type { StatisticsQuery } from '../../gql/graphql';
import { StatisticsDocument } from './operations';

const GROUPINGS = ['day', 'week', 'month', 'quarter', 'year'] as const;

const AGING = ['notYetDue', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const satisfies readonly (keyof Omit<
  StatisticsQuery['statistics']['aging'],
  '__typename'
>)[];

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
  const { t } = useTranslation('reports');
  const [{ data }] = useQuery({ query: StatisticsDocument, variables: { ...period, groupBy } });
  const stats = data?.statistics;
  return (
    <section aria-labelledby="statistics-heading">
      <h2 id="statistics-heading">{t('statistics.heading')}</h2>
      <SelectField
        label={t('statistics.groupBy')}
        name="groupBy"
        problem={null}
        options={GROUPINGS.map((g) => ({ value: g, label: t(`statistics.groupings.${g}`) }))}
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
              { label: t('columns.period'), cell: (p) => p.period },
              { label: t('columns.documents'), num: true, cell: (p) => formatCount(p.invoiced.documentCount) },
              { label: t('columns.base'), num: true, cell: (p) => formatMoney(p.invoiced.base) },
              { label: t('columns.total'), num: true, cell: (p) => formatMoney(p.invoiced.total) },
              { label: t('columns.paid'), num: true, cell: (p) => formatMoney(p.paid) },
              { label: t('columns.costs'), num: true, cell: (p) => formatMoney(p.costs) },
              { label: t('columns.vatBalance'), num: true, cell: (p) => formatMoney(p.vatBalance) },
            ]}
          />
          <DataTable
            caption={t('statistics.aging')}
            testId="statistics-aging"
            rows={AGING}
            rowKey={(key) => key}
            columns={[
              { label: t('columns.pastDue'), cell: (key) => t(`statistics.buckets.${key}`) },
              { label: t('columns.invoices'), num: true, cell: (key) => formatCount(stats.aging[key].count) },
              { label: t('columns.amount'), num: true, cell: (key) => formatMoney(stats.aging[key].amount) },
            ]}
          />
          {stats.topCustomers.length === 0 && <Empty>{t('statistics.noCustomers')}</Empty>}
          {stats.topCustomers.length > 0 && (
            <DataTable
              caption={t('statistics.topCustomers')}
              testId="statistics-customers"
              rows={stats.topCustomers}
              rowKey={(c) => c.contactId}
              columns={[
                { label: t('columns.customer'), cell: (c) => c.name ?? '—' },
                { label: t('columns.documents'), num: true, cell: (c) => formatCount(c.documentCount) },
                { label: t('columns.base'), num: true, cell: (c) => formatMoney(c.revenue) },
              ]}
            />
          )}
          {stats.topProducts.length > 0 && (
            <DataTable
              caption={t('statistics.topProducts')}
              testId="statistics-products"
              rows={stats.topProducts}
              rowKey={(p) => p.name}
              columns={[
                { label: t('columns.item'), cell: (p) => p.name },
                { label: t('columns.quantity'), num: true, cell: (p) => p.quantity },
                { label: t('columns.base'), num: true, cell: (p) => formatMoney(p.revenue) },
              ]}
            />
          )}
          <p data-testid="statistics-days-to-payment">
            {t('statistics.daysToPayment')}{' '}
            <strong>
              {stats.averageDaysToPayment === null
                ? '—'
                : new Intl.NumberFormat(LOCALES[currentLanguage()], { maximumFractionDigits: 1 }).format(
                    stats.averageDaysToPayment,
                  )}
            </strong>
          </p>
        </>
      )}
    </section>
  );
}
