import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { PaymentMatchStatus } from '../../gql/graphql';
import { useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox } from '../../components/feedback';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { PaymentListDocument, UnmatchPaymentDocument } from './operations';
import { PaymentSummary, type Payment } from './PaymentSummary';
import { UnmatchedPayment } from './UnmatchedPayment';

export function PaymentList({
  title,
  matchStatus,
  writer,
  onChanged,
  view,
}: {
  title: string;
  matchStatus: PaymentMatchStatus;
  /** A saved view of payments: its filters apply under matchStatus. */
  view: string | null;
  writer: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('payments');
  const paging = usePaging();
  const [{ data, error }] = useQuery({
    query: PaymentListDocument,
    variables: { ...paging.variables, matchStatus, view },
  });
  const shown = data?.payments.data ?? [];
  const unmatched = matchStatus === 'UNMATCHED';
  const id = `${matchStatus.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ErrorBox problem={problemOf(error)} />
      {data && !shown.length && <Empty>{unmatched ? t('list.allMatched') : t('list.none')}</Empty>}
      <ul className="cards">
        {shown.map((p) =>
          unmatched ? (
            <UnmatchedPayment key={p.id} payment={p} writer={writer} onChanged={onChanged} />
          ) : (
            <MatchedPayment key={p.id} payment={p} writer={writer} onChanged={onChanged} />
          ),
        )}
      </ul>
      <Pager paging={paging} nextCursor={data?.payments.nextCursor} label={title} />
    </section>
  );
}

function MatchedPayment({ payment, writer, onChanged }: { payment: Payment; writer: boolean; onChanged: () => void }) {
  const { t } = useTranslation('payments');
  const unmatch = useAction(UnmatchPaymentDocument);
  return (
    <li data-testid={`payment-${payment.transactionId}`}>
      <PaymentSummary payment={payment} />
      <p>
        {payment.documentId ? (
          <Link to={`/documents/${payment.documentId}`}>{t('list.matchedDocument')}</Link>
        ) : payment.costId ? (
          <Link to={`/costs/${payment.costId}`}>{t('list.matchedCost')}</Link>
        ) : (
          t('list.matchedCost')
        )}{' '}
        ·{' '}
        <span className="badge">
          {payment.matchStatus === 'AUTO_MATCHED' ? t('list.automatically') : t('list.byHand')}
        </span>
      </p>
      <ErrorBox problem={unmatch.problem} />
      {writer && (
        <ConfirmButton
          label={t('unmatch.button')}
          title={t('unmatch.title')}
          confirmLabel={t('unmatch.confirm')}
          onConfirm={async () => {
            if (await unmatch.run({ id: payment.id })) onChanged();
          }}
        >
          {t('unmatch.text')}
        </ConfirmButton>
      )}
    </li>
  );
}
