import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import type { PaymentSuggestionReason } from '../../gql/graphql';
import { useAction } from '../../components/action';
import { ErrorBox } from '../../components/feedback';
import { SelectField, formText } from '../../components/form';
import { formatMoney } from '../../format';
import { OpenDocumentsDocument, MatchPaymentDocument } from './operations';
import { PaymentSummary, type Payment } from './PaymentSummary';

const REASON_LABELS: Record<PaymentSuggestionReason, string> = {
  VARIABLE_SYMBOL: 'same variable symbol',
  AMOUNT: 'same amount',
  SPECIFIC_SYMBOL: 'its specific symbol is the variable symbol',
  MESSAGE_NUMBER: 'the number is in the message',
  COUNTER_ACCOUNT: 'same amount, from an account this client paid from before',
};

/** What the payment does to the suggested document: in its currency, and whether it pays it in part or more. */
function coverageNote(payment: Payment, suggestion: NonNullable<Payment['suggestion']>): string {
  const applied = Number(suggestion.appliedAmount);
  const remaining = Number(suggestion.remainingAmount);
  const converted =
    suggestion.currency === payment.currency
      ? ''
      : ` (${formatMoney(suggestion.appliedAmount, suggestion.currency)} at the document's rate)`;
  if (applied < remaining) return `${converted} — a partial payment`;
  if (applied > remaining) return `${converted} — an over-payment`;
  return converted;
}

export function UnmatchedPayment({
  payment,
  writer,
  onChanged,
}: {
  payment: Payment;
  writer: boolean;
  onChanged: () => void;
}) {
  const incoming = payment.direction === 'IN';
  const [choosing, setChoosing] = useState(false);
  const match = useAction(MatchPaymentDocument);
  const { suggestion } = payment;
  const matchTo = async (documentId: string) => {
    if (await match.run({ id: payment.id, documentId })) onChanged();
  };
  return (
    <li data-testid={`payment-${payment.transactionId}`}>
      <PaymentSummary payment={payment} />
      <ErrorBox problem={match.problem} />
      {suggestion && (
        <p data-testid="suggestion">
          Suggested: <Link to={`/documents/${suggestion.documentId}`}>{suggestion.number}</Link>{' '}
          {suggestion.clientName && <>({suggestion.clientName})</>},{' '}
          {formatMoney(suggestion.remainingAmount, suggestion.currency)} remaining — {REASON_LABELS[suggestion.reason]}
          {coverageNote(payment, suggestion)}
        </p>
      )}
      {!incoming && <p className="muted">An outgoing payment: match it to a received cost through the API.</p>}
      {writer && incoming && (
        <div className="actions">
          {suggestion && (
            <button
              type="button"
              className="primary"
              disabled={match.busy}
              onClick={() => void matchTo(suggestion.documentId)}
            >
              Match to {suggestion.number}
            </button>
          )}
          {!choosing && (
            <button type="button" onClick={() => setChoosing(true)}>
              Match to another document
            </button>
          )}
        </div>
      )}
      {choosing && (
        <ChooseDocument
          busy={match.busy}
          onPick={(documentId) => void matchTo(documentId)}
          onCancel={() => setChoosing(false)}
        />
      )}
    </li>
  );
}

function ChooseDocument({
  busy,
  onPick,
  onCancel,
}: {
  busy: boolean;
  onPick: (id: string) => void;
  onCancel: () => void;
}) {
  const [{ data }] = useQuery({ query: OpenDocumentsDocument });
  const open = data ? [...data.issued.data, ...data.sent.data] : [];
  return (
    <form
      className="row-form"
      onSubmit={(e) => {
        e.preventDefault();
        const id = formText(e.currentTarget, 'documentId');
        if (id) onPick(id);
      }}
    >
      <SelectField
        label="Unpaid invoice"
        name="documentId"
        problem={null}
        options={[
          { value: '', label: open.length ? 'Pick an invoice…' : 'No unpaid invoices' },
          ...open.map((d) => ({
            value: d.id,
            label: `${d.number} · ${d.clientName ?? '—'} · ${formatMoney(d.remainingAmount, d.currency)}`,
          })),
        ]}
      />
      <button type="submit" className="primary" disabled={busy}>
        Match
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
