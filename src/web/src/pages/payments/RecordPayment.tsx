import { useState } from 'react';
import { useQuery } from 'urql';
import type { PaymentDirection, PaymentMethod } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { Notice } from '../../components/feedback';
import { FormError, SelectField, TextField, formText, optionalText, optionsOf } from '../../components/form';
import { formatMoney, pragueDay } from '../../format';
import type { Account } from './BankAccounts';
import { CreatePaymentDocument } from './manual-operations';
import { OpenDocumentsDocument } from './operations';

const METHOD_LABELS: Record<PaymentMethod, string> = { CASH: 'Cash', CARD: 'Card', TRANSFER: 'Bank transfer' };
const DIRECTION_LABELS: Record<PaymentDirection, string> = { IN: 'Received', OUT: 'Paid out' };
const FIELDS = ['amount', 'currency', 'receivedAt', 'method', 'direction', 'bankAccountId', 'documentId', 'note'];

/** A payment recorded by hand (cash at the counter, a card, a transfer), optionally paying an open invoice. */
export function RecordPayment({ accounts, onRecorded }: { accounts: Account[]; onRecorded: () => void }) {
  const record = useAction(CreatePaymentDocument);
  const [{ data }] = useQuery({ query: OpenDocumentsDocument });
  const [recorded, setRecorded] = useState<string | null>(null);
  const open = data ? [...data.issued.data, ...data.sent.data] : [];
  const banks = accounts.filter((a) => a.kind === 'BANK');
  return (
    <section aria-labelledby="record-heading">
      <h2 id="record-heading">Record a payment</h2>
      {recorded && <Notice>{recorded}</Notice>}
      <details className="create">
        <summary>Record payment</summary>
        <form
          className="stack-form"
          onSubmit={submitHandler(async (form) => {
            setRecorded(null);
            const done = await record.run({
              input: {
                amount: formText(form, 'amount').trim(),
                currency: formText(form, 'currency'),
                receivedAt: formText(form, 'receivedAt'),
                method: formText(form, 'method') as PaymentMethod,
                direction: formText(form, 'direction') as PaymentDirection,
                bankAccountId: formText(form, 'bankAccountId') || null,
                documentId: formText(form, 'documentId') || null,
                note: optionalText(form, 'note'),
              },
            });
            if (done) {
              const { amount, currency, matchStatus } = done.createPayment;
              setRecorded(
                `${formatMoney(amount, currency)} recorded${matchStatus === 'UNMATCHED' ? '' : ' and matched'}.`,
              );
              form.reset();
              onRecorded();
            }
          })}
        >
          <FormError problem={record.problem} fields={FIELDS} />
          <TextField label="Amount" name="amount" problem={record.problem} inputMode="decimal" required />
          <TextField label="Currency" name="currency" problem={record.problem} defaultValue="CZK" required />
          <TextField
            label="Received on"
            name="receivedAt"
            type="date"
            problem={record.problem}
            defaultValue={pragueDay(new Date())}
            required
          />
          <SelectField label="Method" name="method" problem={record.problem} options={optionsOf(METHOD_LABELS)} />
          <SelectField
            label="Direction"
            name="direction"
            problem={record.problem}
            options={optionsOf(DIRECTION_LABELS)}
          />
          <SelectField
            label="Account"
            name="bankAccountId"
            problem={record.problem}
            options={[
              { value: '', label: 'Cash account of the currency' },
              ...banks.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` })),
            ]}
          />
          <SelectField
            label="Pays invoice"
            name="documentId"
            problem={record.problem}
            options={[
              { value: '', label: 'None (match it later)' },
              ...open.map((d) => ({
                value: d.id,
                label: `${d.number} · ${d.clientName ?? '—'} · ${formatMoney(d.remainingAmount, d.currency)}`,
              })),
            ]}
          />
          <TextField label="Note" name="note" problem={record.problem} maxLength={2000} />
          <button type="submit" className="primary" disabled={record.busy}>
            Record payment
          </button>
        </form>
      </details>
    </section>
  );
}
