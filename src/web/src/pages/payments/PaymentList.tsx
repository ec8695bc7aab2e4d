import { Link } from 'react-router';
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
      {data && !shown.length && <Empty>{unmatched ? 'Every payment is matched.' : 'None.'}</Empty>}
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
  const unmatch = useAction(UnmatchPaymentDocument);
  return (
    <li data-testid={`payment-${payment.transactionId}`}>
      <PaymentSummary payment={payment} />
      <p>
        {payment.documentId ? (
          <Link to={`/documents/${payment.documentId}`}>Matched document</Link>
        ) : (
          'Matched to a received cost'
        )}{' '}
        · <span className="badge">{payment.matchStatus === 'AUTO_MATCHED' ? 'automatically' : 'by hand'}</span>
      </p>
      <ErrorBox problem={unmatch.problem} />
      {writer && (
        <ConfirmButton
          label="Unmatch"
          title="Unmatch this payment?"
          confirmLabel="Unmatch payment"
          onConfirm={async () => {
            if (await unmatch.run({ id: payment.id })) onChanged();
          }}
        >
          The document it pays loses this amount and may become unpaid again.
        </ConfirmButton>
      )}
    </li>
  );
}
