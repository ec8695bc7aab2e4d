import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { Empty, PageHeader } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatCount, formatMoney, pragueDay } from '../../format';
import type { ReportsQuery } from '../../gql/graphql';
import { ReportsDocument } from './operations';
import { RateChart, RateTable } from './RateChart';
import { Statistics } from './Statistics';

/** With documents in other currencies, every currency together in CZK (each document at its exchange rate). */
function SalesInCzk({ sales }: { sales: ReportsQuery['salesReport'] }) {
  if (!sales.totals.some((t) => t.currency !== 'CZK')) return null;
  const { documentCount, total, unconvertedDocumentCount } = sales.czkTotal;
  return (
    <p data-testid="sales-czk-total">
      All currencies in CZK: <strong>{formatMoney(total)}</strong> ({formatCount(documentCount)} documents at their
      exchange rates
      {unconvertedDocumentCount > 0 && `; ${formatCount(unconvertedDocumentCount)} without a rate left out`})
    </p>
  );
}

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
  const groupBy = params.get('groupBy') ?? 'month';
  const setPeriod = (p: { from: string; to: string }) => setParams({ ...p, groupBy });
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
            <SalesInCzk sales={data.salesReport} />
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
          <Statistics period={period} groupBy={groupBy} onGroupBy={(g) => setParams({ ...period, groupBy: g })} />
        </>
      )}
    </>
  );
}
