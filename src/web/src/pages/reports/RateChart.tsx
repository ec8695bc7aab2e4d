import type { ReportsQuery } from '../../gql/graphql';
import { Empty } from '../../components/feedback';
import { DataTable } from '../../components/table';
import { formatMoney, formatRate } from '../../format';

export type RateRow = ReportsQuery['vatReport']['rates'][number];

export function RateTable({ caption, rows, testId }: { caption: string; rows: RateRow[]; testId: string }) {
  if (!rows.length) return <Empty>No output VAT in this period.</Empty>;
  return (
    <DataTable
      caption={caption}
      testId={testId}
      rows={rows}
      rowKey={(r) => `${r.currency}-${r.vatRate}`}
      columns={[
        { label: 'Rate', cell: (r) => `${formatRate(r.vatRate)}${r.currency === 'CZK' ? '' : ` ${r.currency}`}` },
        { label: 'Base', num: true, cell: (r) => formatMoney(r.base, r.currency) },
        { label: 'VAT', num: true, cell: (r) => formatMoney(r.vat, r.currency) },
        { label: 'Total', num: true, cell: (r) => formatMoney(r.total, r.currency) },
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
  const currency = rows[0].currency;
  const shown = rows.filter((r) => r.currency === currency);
  const max = Math.max(...shown.map((r) => Math.abs(Number(r.total))), 1);
  const [labelWidth, barWidth, rowHeight, top] = [70, 420, 34, 10];
  const width = labelWidth + barWidth + 10;
  const height = top * 2 + shown.length * rowHeight;
  const scale = (amount: string) => (Math.max(Number(amount), 0) / max) * barWidth;
  const summary = shown
    .map((r) => `${formatRate(r.vatRate)}: base ${formatMoney(r.base, currency)}, VAT ${formatMoney(r.vat, currency)}`)
    .join('; ');
  return (
    <figure>
      <svg
        className="chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Sales by VAT rate in ${currency}: ${summary}`}
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
            <span className="swatch base" aria-hidden="true" /> Base
          </li>
          <li>
            <span className="swatch vat" aria-hidden="true" /> VAT
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
