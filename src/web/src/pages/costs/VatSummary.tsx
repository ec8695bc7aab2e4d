import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/table';
import { formatMoney, formatRate } from '../../format';

interface RateRow {
  vatRate: string;
  subtotal: string;
  vatTotal: string;
  total: string;
}

/** Base and VAT per rate, as the server computed them, with the sums. */
export function VatSummary({
  rows,
  currency,
  subtotal,
  vatTotal,
  total,
}: {
  rows: readonly RateRow[];
  currency: string;
  subtotal: string;
  vatTotal: string;
  total: string;
}) {
  const { t } = useTranslation('costs');
  return (
    <>
      <DataTable<RateRow>
        testId="vat-summary"
        caption={t('vat.caption')}
        rows={rows}
        rowKey={(r) => r.vatRate}
        columns={[
          { label: t('vat.rate'), cell: (r) => formatRate(r.vatRate) },
          { label: t('vat.base'), num: true, cell: (r) => formatMoney(r.subtotal, currency) },
          { label: t('vat.vat'), num: true, cell: (r) => formatMoney(r.vatTotal, currency) },
          { label: t('vat.total'), num: true, cell: (r) => formatMoney(r.total, currency) },
        ]}
      />
      <dl className="sums">
        <dt>{t('fields.subtotal')}</dt>
        <dd data-testid="subtotal">{formatMoney(subtotal, currency)}</dd>
        <dt>{t('fields.vatTotal')}</dt>
        <dd data-testid="vat-total">{formatMoney(vatTotal, currency)}</dd>
        <dt>{t('fields.total')}</dt>
        <dd data-testid="total">{formatMoney(total, currency)}</dd>
      </dl>
    </>
  );
}
