import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Empty } from '../../components/feedback';
import { DataTable } from '../../components/table';
import { formatCount, formatMoney } from '../../format';
import type { DashboardStatisticsQuery } from '../../gql/graphql';
import { today } from './days';
import { overdueLink } from './links';

const BUCKETS = ['d1_30', 'd31_60', 'd61_90', 'd90plus'] as const;

/**
 * The overdue receivables as one bar split by days overdue (0–30, 31–60, 61–90, 90+), drawn as inline
 * SVG with a text alternative; the same numbers in a table beside it, each linking to the overdue list.
 */
export function AgingBar({ aging }: { aging: DashboardStatisticsQuery['statistics']['aging'] }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const amounts = BUCKETS.map((b) => Math.max(Number(aging[b].amount), 0));
  const sum = amounts.reduce((a, b) => a + b, 0);
  const summary = BUCKETS.map((b) => `${t(`aging.buckets.${b}`)}: ${formatMoney(aging[b].amount)}`).join('; ');
  let x = 0;
  return (
    <section aria-labelledby="aging-heading" className="dash-card" data-testid="dashboard-aging">
      <h2 id="aging-heading">{t('aging.heading')}</h2>
      {sum === 0 ? (
        <Empty>{t('aging.empty')}</Empty>
      ) : (
        <svg
          className="aging-bar"
          viewBox="0 0 1000 40"
          preserveAspectRatio="none"
          role="img"
          aria-label={t('aging.label', { summary })}
          data-testid="aging-bar"
        >
          {BUCKETS.map((b, i) => {
            const width = (amounts[i] / sum) * 1000;
            const rect = <rect key={b} className={`aging-${b}`} x={x} y={0} width={width} height={40} />;
            x += width;
            return rect;
          })}
        </svg>
      )}
      <DataTable
        rows={BUCKETS}
        rowKey={(b) => b}
        rowTestId={(b) => `aging-${b}`}
        columns={[
          {
            label: t('aging.bucket'),
            cell: (b) => (
              <>
                <span className={`swatch aging-${b}`} aria-hidden="true" /> {t(`aging.buckets.${b}`)}
              </>
            ),
          },
          { label: t('aging.invoices'), num: true, cell: (b) => formatCount(aging[b].count) },
          {
            label: t('aging.amount'),
            num: true,
            cell: (b) => (
              <Link
                to={overdueLink(today())}
                aria-label={`${t(`aging.buckets.${b}`)}: ${formatMoney(aging[b].amount)}`}
              >
                {formatMoney(aging[b].amount)}
              </Link>
            ),
          },
        ]}
      />
    </section>
  );
}
