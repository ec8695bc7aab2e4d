import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { Empty } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate, formatMoney } from '../../format';
import type { ReportsControlStatementQuery } from '../../gql/graphql';
import { ControlStatementDocument } from './operations';

type Statement = ReportsControlStatementQuery['vatControlStatement'];
type Amounts = Statement['a5'];

const AMOUNTS = ['base21', 'vat21', 'base12', 'vat12'] as const;

/** A.5 or B.3: the sums of the smaller documents, one row. */
function SumRow({ caption, amounts, testId }: { caption: string; amounts: Amounts; testId: string }) {
  const { t } = useTranslation('reports');
  return (
    <DataTable
      caption={caption}
      testId={testId}
      rows={[amounts]}
      rowKey={() => 'sum'}
      columns={AMOUNTS.map((k) => ({ label: t(`filing.${k}`), num: true, cell: (a: Amounts) => formatMoney(a[k]) }))}
    />
  );
}

/**
 * Kontrolní hlášení of one month (A.1, A.4, A.5, B.2, B.3 in CZK) with the EPO XML files of the
 * control statement and the VAT return for the same month (GET /reports/*.xml).
 */
export function ControlStatement({ initialMonth }: { initialMonth: string }) {
  const { t } = useTranslation('reports');
  const [month, setMonth] = useState(initialMonth);
  const [{ data, error, fetching }] = useQuery({ query: ControlStatementDocument, variables: { period: month } });
  const problem = problemOf(error);
  const statement = data?.vatControlStatement;
  const amountColumns = AMOUNTS.map((k) => ({
    label: t(`filing.${k}`),
    num: true,
    cell: (row: Amounts) => formatMoney(row[k]),
  }));
  return (
    <section aria-labelledby="filing-heading" data-testid="control-statement">
      <h2 id="filing-heading">{t('filing.heading')}</h2>
      <form
        className="filters"
        aria-label={t('filing.heading')}
        onSubmit={(e) => {
          e.preventDefault();
          setMonth(formText(e.currentTarget, 'period'));
        }}
      >
        <TextField
          label={t('filing.month')}
          name="period"
          type="month"
          defaultValue={month}
          problem={problem}
          required
        />
        <button type="submit" disabled={fetching}>
          {t('filing.show')}
        </button>
        <FormError problem={problem} fields={['period']} />
      </form>
      {statement && (
        <>
          <p className="doc-actions">
            <a
              href={`/api/v1/reports/vat-control-statement.xml?period=${encodeURIComponent(statement.period)}`}
              data-testid="download-control-statement"
            >
              {t('filing.downloadControlStatement')}
            </a>{' '}
            ·{' '}
            <a
              href={`/api/v1/reports/vat-return.xml?period=${encodeURIComponent(statement.period)}`}
              data-testid="download-vat-return"
            >
              {t('filing.downloadVatReturn')}
            </a>
          </p>
          <h3>{t('filing.a4')}</h3>
          {statement.a4.length === 0 ? (
            <Empty>{t('filing.none')}</Empty>
          ) : (
            <DataTable
              testId="control-statement-a4"
              rows={statement.a4}
              rowKey={(r) => r.documentId}
              columns={[
                { label: t('filing.number'), cell: (r) => <Link to={`/documents/${r.documentId}`}>{r.number}</Link> },
                { label: t('filing.vatId'), cell: (r) => r.customerVatId },
                { label: t('filing.taxableSupplyDate'), cell: (r) => formatDate(r.taxableSupplyDate) },
                ...amountColumns,
              ]}
            />
          )}
          <SumRow caption={t('filing.a5')} amounts={statement.a5} testId="control-statement-a5" />
          {statement.a1.length > 0 && (
            <DataTable
              caption={t('filing.a1')}
              testId="control-statement-a1"
              rows={statement.a1}
              rowKey={(r) => r.documentId}
              columns={[
                { label: t('filing.number'), cell: (r) => <Link to={`/documents/${r.documentId}`}>{r.number}</Link> },
                { label: t('filing.vatId'), cell: (r) => r.customerVatId ?? '—' },
                { label: t('filing.taxableSupplyDate'), cell: (r) => formatDate(r.taxableSupplyDate) },
                { label: t('filing.code'), cell: (r) => r.code },
                { label: t('columns.baseShort'), num: true, cell: (r) => formatMoney(r.base) },
              ]}
            />
          )}
          <h3>{t('filing.b2')}</h3>
          {statement.b2.length === 0 ? (
            <Empty>{t('filing.none')}</Empty>
          ) : (
            <DataTable
              testId="control-statement-b2"
              rows={statement.b2}
              rowKey={(r) => r.costId}
              columns={[
                { label: t('filing.number'), cell: (r) => <Link to={`/costs/${r.costId}`}>{r.number}</Link> },
                { label: t('filing.vatId'), cell: (r) => r.supplierVatId },
                { label: t('filing.supplierDocument'), cell: (r) => r.supplierDocumentNumber ?? '—' },
                { label: t('filing.taxableSupplyDate'), cell: (r) => formatDate(r.taxableSupplyDate) },
                ...amountColumns,
              ]}
            />
          )}
          <SumRow caption={t('filing.b3')} amounts={statement.b3} testId="control-statement-b3" />
        </>
      )}
    </section>
  );
}
