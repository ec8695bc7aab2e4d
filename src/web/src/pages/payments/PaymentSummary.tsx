import type { PaymentListQuery } from '../../gql/graphql';
import { formatDate, formatMoney } from '../../format';

export type Payment = PaymentListQuery['payments']['data'][number];

export function PaymentSummary({ payment: p }: { payment: Payment }) {
  return (
    <p>
      <strong>
        {p.direction === 'OUT' ? '−' : ''}
        {formatMoney(p.amount, p.currency)}
      </strong>{' '}
      on {formatDate(p.receivedAt)} · VS {p.variableSymbol ?? '—'} · {p.counterAccount ?? 'no counter account'} ·{' '}
      <code>{p.transactionId}</code>
    </p>
  );
}
