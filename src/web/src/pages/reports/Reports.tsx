import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { Empty, PageHeader } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatMoney, pragueDay } from '../../format';
import type { ReportsQuery } from '../../gql/graphql';
import { ControlStatement } from './ControlStatement';
import { ReportsDocument } from './operations';
import { RateChart, RateTable } from './RateChart';
import { Statistics } from './Statistics';

/** With documents in other currencies, every currency together in CZK (each document at its exchange rate). */
function SalesInCzk({ sales }: { sales: ReportsQuery['salesReport'] }) {
  const { t } = useTranslation(['reports', 'common']);
  if (!sales.totals.some((row) => row.currency !== 'CZK')) return null;
  const { documentCount, total, unconvertedDocumentCount } = sales.czkTotal;
  const documents = t('common:counts.document', { count: documentCount });
  return (
    <p data-testid="sales-czk-total">
      {t('sales.czkTotal')} <strong>{formatMoney(total)}</strong>{' '}
      {unconvertedDocumentCount > 0
        ? t('sales.czkDetailUnconverted', {
            documents,
            unconverted: t('common:counts.document', { count: unconvertedDocumentCount }),
          })
        : t('sales.czkDetail', { documents })}
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
  const { t } = useTranslation(['reports', 'common']);
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
      <PageHeader title={t('title')} />
      <form
        className="filters"
        aria-label={t('period.label')}
        onSubmit={(e) => {
          e.preventDefault();
          setPeriod({ from: formText(e.currentTarget, 'from'), to: formText(e.currentTarget, 'to') });
        }}
      >
        <TextField
          label={t('period.from')}
          name="from"
          type="date"
          defaultValue={period.from}
          problem={problem}
          required
        />
        <TextField label={t('period.to')} name="to" type="date" defaultValue={period.to} problem={problem} required />
        <button type="submit" className="primary" disabled={fetching}>
          {t('period.show')}
        </button>
        <FormError problem={problem} fields={['from', 'to']} />
      </form>
      {data && (
        <>
          <section aria-labelledby="sales-heading">
            <h2 id="sales-heading">{t('sales.heading')}</h2>
            {!data.salesReport.totals.length && <Empty>{t('sales.none')}</Empty>}
            {data.salesReport.totals.length > 0 && (
              <DataTable
                testId="sales-totals"
                rows={data.salesReport.totals}
                rowKey={(row) => row.currency}
                columns={[
                  { label: t('columns.currency'), cell: (row) => row.currency },
                  {
                    label: t('columns.documents'),
                    num: true,
                    cell: (row) => t('common:counts.document', { count: row.documentCount }),
                  },
                  { label: t('columns.base'), num: true, cell: (row) => formatMoney(row.base, row.currency) },
                  { label: t('columns.vat'), num: true, cell: (row) => formatMoney(row.vat, row.currency) },
                  { label: t('columns.total'), num: true, cell: (row) => formatMoney(row.total, row.currency) },
                  { label: t('columns.paid'), num: true, cell: (row) => formatMoney(row.paidAmount, row.currency) },
                  {
                    label: t('columns.outstanding'),
                    num: true,
                    cell: (row) => formatMoney(row.outstandingAmount, row.currency),
                  },
                ]}
              />
            )}
            <SalesInCzk sales={data.salesReport} />
            {data.salesReport.byRate.length > 0 && <RateChart rows={data.salesReport.byRate} />}
          </section>
          <section aria-labelledby="vat-heading">
            <h2 id="vat-heading">{t('vat.heading')}</h2>
            <RateTable caption={t('vat.output')} rows={data.vatReport.rates} testId="vat-output" />
            {data.vatReport.input.length > 0 && (
              <RateTable caption={t('vat.input')} rows={data.vatReport.input} testId="vat-input" />
            )}
            {data.vatReport.balance.map((b) => (
              <p key={b.currency} data-testid="vat-balance">
                {t('vat.balance', {
                  currency: b.currency,
                  output: formatMoney(b.outputVat, b.currency),
                  input: formatMoney(b.inputVat, b.currency),
                })}
                <strong>
                  {formatMoney(b.difference, b.currency)}{' '}
                  {b.result === 'PAY' || b.result === 'RECLAIM' ? t(`vat.result.${b.result}`) : ''}
                </strong>
              </p>
            ))}
          </section>
          <Statistics period={period} groupBy={groupBy} onGroupBy={(g) => setParams({ ...period, groupBy: g })} />
        </>
      )}
      <ControlStatement initialMonth={period.from.slice(0, 7)} />
    </>
  );
}
