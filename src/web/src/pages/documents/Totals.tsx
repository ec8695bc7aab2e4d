import { useState, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatMoney, formatRate } from '../../format';
import type { DocumentItemInput, DocumentTotalsPreviewQuery, ReverseChargeInput } from '../../gql/graphql';
import { DocumentTotalsPreviewDocument } from './operations';
import { type Row, isComplete, onFormRows, sentRows } from './form-rows';

type Preview = DocumentTotalsPreviewQuery['documentTotalsPreview'];

/**
 * The server's totals of the complete rows, asked 300 ms after the person stops typing (the same
 * code that totals a saved document), with the row each computed line belongs to.
 */
export function useLiveTotals(rows: Row[], reverseCharge: ReverseChargeInput | null = null) {
  const { items, indexes } = sentRows(rows, isComplete);
  const key = JSON.stringify({ items, reverseCharge });
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), 300);
    return () => clearTimeout(timer);
  }, [key]);
  const variables = JSON.parse(settled) as { items: DocumentItemInput[]; reverseCharge: ReverseChargeInput | null };
  const [{ data, error, fetching }] = useQuery({
    query: DocumentTotalsPreviewDocument,
    variables,
    pause: variables.items.length === 0,
  });
  const current = settled === key && !fetching;
  const preview: Preview | null = variables.items.length === 0 ? null : (data?.documentTotalsPreview ?? null);
  const lineOf = (rowIndex: number) => {
    const k = indexes.indexOf(rowIndex);
    return current && preview && k >= 0 ? preview.items[k] : undefined;
  };
  return {
    preview: items.length === 0 ? null : preview,
    problem: onFormRows(problemOf(error), indexes),
    pending: !current && items.length > 0,
    lineOf,
  };
}

/** The server's recapitulation per VAT rate and the totals; marked as updating while a newer preview is on its way. */
export function Totals({
  preview,
  pending,
  currency,
}: {
  preview: Preview | null;
  pending: boolean;
  currency: string;
}) {
  const { t } = useTranslation('documents');
  return (
    <section className="totals" aria-labelledby="totals-heading" aria-busy={pending}>
      <h2 id="totals-heading">
        {t('totals.title')} {pending && <span className="muted">{t('totals.updating')}</span>}
      </h2>
      {!preview ? (
        <p className="muted">{t('totals.empty')}</p>
      ) : (
        <>
          <DataTable
            caption={t('totals.recapitulation')}
            rows={preview.vatRates}
            rowKey={(r) => r.vatRate}
            rowTestId={(r) => `rate-${Number(r.vatRate)}`}
            columns={[
              { label: t('totals.rate'), cell: (r) => formatRate(r.vatRate) },
              { label: t('totals.base'), num: true, cell: (r) => formatMoney(r.subtotal, currency) },
              { label: t('totals.vat'), num: true, cell: (r) => formatMoney(r.vatTotal, currency) },
              { label: t('totals.total'), num: true, cell: (r) => formatMoney(r.total, currency) },
            ]}
          />
          <dl className="sums">
            <dt>{t('totals.withoutVat')}</dt>
            <dd data-testid="subtotal">{formatMoney(preview.subtotal, currency)}</dd>
            <dt>{t('totals.vat')}</dt>
            <dd data-testid="vat-total">{formatMoney(preview.vatTotal, currency)}</dd>
            <dt>{t('totals.total')}</dt>
            <dd data-testid="total">{formatMoney(preview.total, currency)}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
