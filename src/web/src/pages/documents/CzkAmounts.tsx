import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../format';

/** What a foreign-currency document's CZK amounts need: its rate and the amounts converted. */
export interface CzkSource {
  currency: string;
  exchangeRate?: string | null;
  subtotalCzk?: string | null;
  vatTotalCzk?: string | null;
  totalCzk?: string | null;
}

/** A foreign-currency document's amounts in CZK at its exchange rate (what the VAT report counts); nothing in CZK. */
export function CzkAmounts({ doc, title }: { doc: CzkSource; title?: string }) {
  const { t } = useTranslation('documents');
  if (doc.currency === 'CZK' || !doc.exchangeRate || !doc.totalCzk) return null;
  return (
    <section aria-label={t('czk.label')} data-testid="czk-amounts">
      <h2>{title ?? t('czk.title')}</h2>
      <dl className="sums">
        <dt>{t('czk.rate')}</dt>
        <dd data-testid="exchange-rate">{t('czk.rateValue', { currency: doc.currency, rate: doc.exchangeRate })}</dd>
        <dt>{t('totals.withoutVat')}</dt>
        <dd>{formatMoney(doc.subtotalCzk ?? '0')}</dd>
        <dt>{t('totals.vat')}</dt>
        <dd data-testid="vat-total-czk">{formatMoney(doc.vatTotalCzk ?? '0')}</dd>
        <dt>{t('totals.total')}</dt>
        <dd data-testid="total-czk">{formatMoney(doc.totalCzk)}</dd>
      </dl>
    </section>
  );
}
