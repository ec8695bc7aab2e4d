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
export function CzkAmounts({ doc, title = 'In CZK' }: { doc: CzkSource; title?: string }) {
  if (doc.currency === 'CZK' || !doc.exchangeRate || !doc.totalCzk) return null;
  return (
    <section aria-label="Amounts in CZK" data-testid="czk-amounts">
      <h2>{title}</h2>
      <dl className="sums">
        <dt>Exchange rate</dt>
        <dd data-testid="exchange-rate">
          1 {doc.currency} = {doc.exchangeRate} CZK
        </dd>
        <dt>Without VAT</dt>
        <dd>{formatMoney(doc.subtotalCzk ?? '0')}</dd>
        <dt>VAT</dt>
        <dd data-testid="vat-total-czk">{formatMoney(doc.vatTotalCzk ?? '0')}</dd>
        <dt>Total</dt>
        <dd data-testid="total-czk">{formatMoney(doc.totalCzk)}</dd>
      </dl>
    </section>
  );
}
