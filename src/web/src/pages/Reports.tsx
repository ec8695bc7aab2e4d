import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { ReportsQuery } from '../gql/graphql';
import { Empty, PageHeader } from '../components/feedback';
import { FormError, TextField, formText } from '../components/form';
import { DataTable } from '../components/table';
import { problemOf } from '../errors';
import { formatCount, formatMoney, formatRate, pragueDay } from '../format';

const ReportsDocument = graphql(`
  query Reports($from: String!, $to: String!) {
    vatReport(from: $from, to: $to) {
      rates {
        currency
        vatRate
        base
        vat
        total
      }
      input {
        currency
        vatRate
        base
        vat
        total
      }
      balance {
        currency
        outputVat
        inputVat
        reverseChargeVat
        difference
        result
      }
    }
    salesReport(from: $from, to: $to) {
      byRate {
        currency
        vatRate
        base
        vat
        total
      }
      totals {
        currency
        documentCount
        base
        vat
        total
        paidAmount
        outstandingAmount
      }
    }
  }
`);

type RateRow = ReportsQuery['vatReport']['rates'][number];

/** The current month in Prague: the period a report opens with. */
function thisMonth(): { from: string; to: string } {
  const today = pragueDay(new Date());
  const [y, m] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 8)}01`, to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

export function Reports() {
  const [params, setParams] = useSearchParams();
  const period = {
    ...thisMonth(),
    ...Object.fromEntries(['from', 'to'].flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))),
  };
  const setPeriod = (p: { from: string; to: string }) => setParams(p);
  const [{ data, error, fetching }] = useQuery({ query: ReportsDocument, variables: period });
  const problem = problemOf(error);

  return (
    <>
      <PageHeader title="Reports" />
      <form
        className="filters"
        aria-label="Report period"
        onSubmit={(e) => {
          e.preventDefault();
          setPeriod({ from: formText(e.currentTarget, 'from'), to: formText(e.currentTarget, 'to') });
        }}
      >
        <TextField label="From" name="from" type="date" defaultValue={period.from} problem={problem} required />
        <TextField label="To" name="to" type="date" defaultValue={period.to} problem={problem} required />
        <button type="submit" className="primary" disabled={fetching}>
          Show
        </button>
        <FormError problem={problem} fields={['from', 'to']} />
      </form>
      {data && (
        <>
          <section aria-labelledby="sales-heading">
            <h2 id="sales-heading">Sales</h2>
            {!data.salesReport.totals.length && <Empty>No issued documents in this period.</Empty>}
            {data.salesReport.totals.length > 0 && (
              <DataTable
                testId="sales-totals"
                rows={data.salesReport.totals}
                rowKey={(t) => t.currency}
                columns={[
                  { label: 'Currency', cell: (t) => t.currency },
                  { label: 'Documents', num: true, cell: (t) => formatCount(t.documentCount) },
                  { label: 'Without VAT', num: true, cell: (t) => formatMoney(t.base, t.currency) },
                  { label: 'VAT', num: true, cell: (t) => formatMoney(t.vat, t.currency) },
                  { label: 'Total', num: true, cell: (t) => formatMoney(t.total, t.currency) },
                  { label: 'Paid', num: true, cell: (t) => formatMoney(t.paidAmount, t.currency) },
                  { label: 'Outstanding', num: true, cell: (t) => formatMoney(t.outstandingAmount, t.currency) },
                ]}
              />
            )}
            {data.salesReport.byRate.length > 0 && <RateChart rows={data.salesReport.byRate} />}
          </section>
          <section aria-labelledby="vat-heading">
            <h2 id="vat-heading">VAT summary</h2>
            <RateTable caption="Output VAT by rate" rows={data.vatReport.rates} testId="vat-output" />
            {data.vatReport.input.length > 0 && (
              <RateTable caption="Input VAT of received costs by rate" rows={data.vatReport.input} testId="vat-input" />
            )}
            {data.vatReport.balance.map((b) => (
              <p key={b.currency} data-testid="vat-balance">
                {b.currency}: output {formatMoney(b.outputVat, b.currency)} − input{' '}
                {formatMoney(b.inputVat, b.currency)} ={' '}
                <strong>
                  {formatMoney(b.difference, b.currency)}{' '}
                  {b.result === 'PAY' ? 'to pay' : b.result === 'RECLAIM' ? 'to reclaim' : ''}
                </strong>
              </p>
            ))}
          </section>
        </>
      )}
    </>
  );
}

function RateTable({ caption, rows, testId }: { caption: string; rows: RateRow[]; testId: string }) {
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
function RateChart({ rows }: { rows: RateRow[] }) {
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
