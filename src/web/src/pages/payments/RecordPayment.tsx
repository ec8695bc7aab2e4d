import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { PaymentDirection, PaymentMethod } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { Notice } from '../../components/feedback';
import { FormError, SelectField, TextField, formText, optionalText } from '../../components/form';
import { formatMoney, pragueDay } from '../../format';
import type { Account } from './BankAccounts';
import { CreatePaymentDocument } from './manual-operations';
import { OpenDocumentsDocument } from './operations';

const METHODS: readonly PaymentMethod[] = ['CASH', 'CARD', 'TRANSFER'];
const DIRECTIONS: readonly PaymentDirection[] = ['IN', 'OUT'];
const FIELDS = ['amount', 'currency', 'receivedAt', 'method', 'direction', 'bankAccountId', 'documentId', 'note'];

/** A payment recorded by hand (cash at the counter, a card, a transfer), optionally paying an open invoice. */
export function RecordPayment({ accounts, onRecorded }: { accounts: Account[]; onRecorded: () => void }) {
  const { t } = useTranslation('payments');
  const record = useAction(CreatePaymentDocument);
  const [{ data }] = useQuery({ query: OpenDocumentsDocument });
  const [recorded, setRecorded] = useState<string | null>(null);
  const open = data ? [...data.issued.data, ...data.sent.data] : [];
  const banks = accounts.filter((a) => a.kind === 'BANK');
  return (
    <section aria-labelledby="record-heading">
      <h2 id="record-heading">{t('record.title')}</h2>
      {recorded && <Notice>{recorded}</Notice>}
      <details className="create">
        <summary>{t('record.submit')}</summary>
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
              const shown = formatMoney(amount, currency);
              setRecorded(
                matchStatus === 'UNMATCHED'
                  ? t('record.done', { amount: shown })
                  : t('record.doneMatched', { amount: shown }),
              );
              form.reset();
              onRecorded();
            }
          })}
        >
          <FormError problem={record.problem} fields={FIELDS} />
          <TextField label={t('fields.amount')} name="amount" problem={record.problem} inputMode="decimal" required />
          <TextField
            label={t('fields.currency')}
            name="currency"
            problem={record.problem}
            defaultValue="CZK"
            required
          />
          <TextField
            label={t('fields.receivedAt')}
            name="receivedAt"
            type="date"
            problem={record.problem}
            defaultValue={pragueDay(new Date())}
            required
          />
          <SelectField
            label={t('fields.method')}
            name="method"
            problem={record.problem}
            options={METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
          />
          <SelectField
            label={t('fields.direction')}
            name="direction"
            problem={record.problem}
            options={DIRECTIONS.map((d) => ({ value: d, label: t(`direction.${d}`) }))}
          />
          <SelectField
            label={t('fields.account')}
            name="bankAccountId"
            problem={record.problem}
            options={[
              { value: '', label: t('record.cashAccount') },
              ...banks.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` })),
            ]}
          />
          <SelectField
            label={t('fields.paysInvoice')}
            name="documentId"
            problem={record.problem}
            options={[
              { value: '', label: t('record.noInvoice') },
              ...open.map((d) => ({
                value: d.id,
                label: `${d.number} · ${d.clientName ?? '—'} · ${formatMoney(d.remainingAmount, d.currency)}`,
              })),
            ]}
          />
          <TextField label={t('fields.note')} name="note" problem={record.problem} maxLength={2000} />
          <button type="submit" className="primary" disabled={record.busy}>
            {t('record.submit')}
          </button>
        </form>
      </details>
    </section>
  );
}
