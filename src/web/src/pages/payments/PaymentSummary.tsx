import { useTranslation } from 'react-i18next';
import type { PaymentListQuery } from '../../gql/graphql';
import { formatDate, formatMoney } from '../../format';

export type Payment = PaymentListQuery['payments']['data'][number];

export function PaymentSummary({ payment: p }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  return (
    <p>
      <strong>
        {p.direction === 'OUT' ? '−' : ''}
        {formatMoney(p.amount, p.currency)}
      </strong>{' '}
      {t('summary.on', { date: formatDate(p.receivedAt) })} · {t('summary.vs')} {p.variableSymbol ?? '—'} ·{' '}
      {p.counterAccount ?? t('summary.noCounterAccount')} ·<code>{p.transactionId}</code>
    </p>
  );
}
