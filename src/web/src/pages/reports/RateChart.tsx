import { useTranslation } from 'react-i18next';
import type { ReportsQuery } from '../../gql/graphql';
import { Empty } from '../../components/feedback';
import { DataTable } from '../../components/table';
import { formatMoney, formatRate } from '../../format';

export type RateRow = ReportsQuery['vatReport']['rates'][number];

export function RateTable({ caption, rows, testId }: { caption: string; rows: RateRow[]; testId: string }) {
  const { t } = useTranslation('reports');
  if (!rows.length) return <Empty>{t('vat.noOutput')}</Empty>;
  return (
    <DataTable
      caption={caption}
      testId={testId}
      rows={rows}
      rowKey={(r) => `${r.currency}-${r.vatRate}`}
      columns={[
        {
          label: t('columns.rate'),
          cell: (r) => `${formatRate(r.vatRate)}${r.currency === 'CZK' ? '' : ` ${r.currency}`}`,
        },
        { label: t('columns.baseShort'), num: true, cell: (r) => formatMoney(r.base, r.currency) },
        { label: t('columns.vat'), num: true, cell: (r) => formatMoney(r.vat, r.currency) },
        { label: t('columns.total'), num: true, cell: (r) => formatMoney(r.total, r.currency) },
      ]}
    />
  );
}

/**
 * Sales per VAT rate as horizontal bars (base and VAT stacked), drawn as inline SVG: no script or
 * style from elsewhere, so the page's Content-Security-Policy stays strict. The numbers are in the
 * tables; the chart carries a text alternative of its own.
 */
export function RateChart({ rows }: { rows: RateRow[] }) {
  const { t } = useTranslation('reports');
  const currency = rows[0].currency;
  const shown = rows.filter((r) => r.currency === currency);
  const max = Math.max(...shown.map((r) => Math.abs(Number(r.total))), 1);
  const [labelWidth, barWidth, rowHeight, top] = [70, 420, 34, 10];
  const width = labelWidth + barWidth + 10;
  const height = top * 2 + shown.length * rowHeight;
  const scale = (amount: string) => (Math.max(Number(amount), 0) / max) * barWidth;
  const summary = shown
    .map((r) =>
      t('chart.row', {
        rate: formatRate(r.vatRate),
        base: formatMoney(r.base, currency),
        vat: formatMoney(r.vat, currency),
      }),
    )
    .join('; ');
  return (
    <figure>
      <svg
        className="chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('chart.label', { currency, summary })}
        data-testid="rate-chart"
      >
        {shown.map((r, i) => {
          const y = top + i * rowHeight;
          const base = scale(r.base);
          return (
            <g key={r.vatRate}>
              <text x={labelWidth - 8} y={y + 18} textAnchor="end">
                {formatRate(r.vatRate)}
              </text>
              <rect className="bar-base" x={labelWidth} y={y + 4} width={base} height={rowHeight - 12} />
              <rect className="bar-vat" x={labelWidth + base} y={y + 4} width={scale(r.vat)} height={rowHeight - 12} />
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="legend">
          <li>
            <span className="swatch base" aria-hidden="true" /> {t('chart.base')}
          </li>
          <li>
            <span className="swatch vat" aria-hidden="true" /> {t('chart.vat')}
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
