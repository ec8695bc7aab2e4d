import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { useAction } from '../../components/action';
import { ErrorBox } from '../../components/feedback';
import { SelectField, formText } from '../../components/form';
import { formatMoney } from '../../format';
import {
  MatchPaymentDocument,
  MatchPaymentToCostDocument,
  OpenCostsDocument,
  OpenDocumentsDocument,
} from './operations';
import { PaymentSummary, type Payment } from './PaymentSummary';

/** What the payment does to the suggested document: in its currency, and whether it pays it in part or more. */
function coverageNote(
  t: TFunction<'payments'>,
  payment: Payment,
  suggestion: NonNullable<Payment['suggestion']>,
): string {
  const applied = Number(suggestion.appliedAmount);
  const remaining = Number(suggestion.remainingAmount);
  const converted =
    suggestion.currency === payment.currency
      ? ''
      : ` ${t('suggestion.converted', { amount: formatMoney(suggestion.appliedAmount, suggestion.currency) })}`;
  if (applied < remaining) return `${converted} — ${t('suggestion.partial')}`;
  if (applied > remaining) return `${converted} — ${t('suggestion.over')}`;
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
  const { t } = useTranslation('payments');
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
          {t('suggestion.label')} <Link to={`/documents/${suggestion.documentId}`}>{suggestion.number}</Link>{' '}
          {suggestion.clientName && <>({suggestion.clientName})</>},{' '}
          {t('suggestion.remaining', { amount: formatMoney(suggestion.remainingAmount, suggestion.currency) })} —{' '}
          {t(`reason.${suggestion.reason}`)}
          {coverageNote(t, payment, suggestion)}
        </p>
      )}
      {!incoming && writer && <ChooseCost paymentId={payment.id} onMatched={onChanged} />}
      {writer && incoming && (
        <div className="actions">
          {suggestion && (
            <button
              type="button"
              className="primary"
              disabled={match.busy}
              onClick={() => void matchTo(suggestion.documentId)}
            >
              {t('match.to', { number: suggestion.number })}
            </button>
          )}
          {!choosing && (
            <button type="button" onClick={() => setChoosing(true)}>
              {t('match.another')}
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
  const { t } = useTranslation(['payments', 'common']);
  const [{ data }] = useQuery({ query: OpenDocumentsDocument });
  const open = data ? [...data.issued.data, ...data.sent.data] : [];
  return (
    <form
      className="row-form"
      aria-label={t('match.another')}
      onSubmit={(e) => {
        e.preventDefault();
        const id = formText(e.currentTarget, 'documentId');
        if (id) onPick(id);
      }}
    >
      <SelectField
        label={t('match.unpaidInvoice')}
        name="documentId"
        problem={null}
        options={[
          { value: '', label: open.length ? t('match.pick') : t('match.noneOpen') },
          ...open.map((d) => ({
            value: d.id,
            label: `${d.number} · ${d.clientName ?? '—'} · ${formatMoney(d.remainingAmount, d.currency)}`,
          })),
        ]}
      />
      <button type="submit" className="primary" disabled={busy}>
        {t('match.submit')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('common:actions.cancel')}
      </button>
    </form>
  );
}

/** An outgoing payment matched to one of the open received costs. */
function ChooseCost({ paymentId, onMatched }: { paymentId: string; onMatched: () => void }) {
  const { t } = useTranslation('payments');
  const [{ data }] = useQuery({ query: OpenCostsDocument });
  const match = useAction(MatchPaymentToCostDocument);
  const open = data?.costs.data ?? [];
  return (
    <form
      className="row-form"
      aria-label={t('matchCost.title')}
      onSubmit={(e) => {
        e.preventDefault();
        const costId = formText(e.currentTarget, 'costId');
        if (costId)
          void match.run({ id: paymentId, costId }).then((done) => {
            if (done) onMatched();
          });
      }}
    >
      <ErrorBox problem={match.problem} />
      <SelectField
        label={t('matchCost.cost')}
        name="costId"
        problem={null}
        options={[
          { value: '', label: open.length ? t('matchCost.pick') : t('matchCost.noneOpen') },
          ...open.map((c) => ({
            value: c.id,
            label: `${c.number} · ${c.supplier.name} · ${c.supplierDocumentNumber ?? '—'} · ${formatMoney(c.remainingAmount, c.currency)}`,
          })),
        ]}
      />
      <button type="submit" disabled={match.busy}>
        {t('matchCost.submit')}
      </button>
    </form>
  );
}
