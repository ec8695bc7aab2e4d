import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox } from '../../components/feedback';
import { FormError, SaveOrCancel, TextField, formText, optionalText } from '../../components/form';
import type { Account } from './BankAccounts';
import { DeleteBankAccountDocument, UpdateBankAccountDocument } from './manual-operations';

const FIELDS = ['name', 'accountNumber', 'iban', 'currency'];

/** Edit and delete of a BANK account (the CASH and GATEWAY accounts are the system's). */
export function BankAccountActions({ account, onChanged }: { account: Account; onChanged: () => void }) {
  const { t } = useTranslation('payments');
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdateBankAccountDocument);
  const remove = useAction(DeleteBankAccountDocument);
  if (editing) {
    return (
      <form
        className="stack-form"
        aria-label={t('accounts.editTitle', { name: account.name })}
        onSubmit={submitHandler(async (form) => {
          const input = {
            name: formText(form, 'name'),
            accountNumber: optionalText(form, 'accountNumber'),
            iban: optionalText(form, 'iban'),
            currency: formText(form, 'currency'),
          };
          if (await update.run({ id: account.id, input })) {
            setEditing(false);
            onChanged();
          }
        })}
      >
        <FormError problem={update.problem} fields={FIELDS} />
        <TextField
          label={t('accounts.name')}
          name="name"
          problem={update.problem}
          defaultValue={account.name}
          required
        />
        <TextField
          label={t('accounts.accountNumber')}
          name="accountNumber"
          problem={update.problem}
          defaultValue={account.accountNumber ?? ''}
        />
        <TextField label={t('accounts.iban')} name="iban" problem={update.problem} defaultValue={account.iban ?? ''} />
        <TextField
          label={t('fields.currency')}
          name="currency"
          problem={update.problem}
          defaultValue={account.currency}
          hint={t('accounts.currencyHint')}
        />
        <SaveOrCancel
          busy={update.busy}
          onCancel={() => {
            update.clear();
            setEditing(false);
          }}
        />
      </form>
    );
  }
  return (
    <div className="actions">
      <ErrorBox problem={remove.problem} />
      <button type="button" onClick={() => setEditing(true)}>
        {t('accounts.edit')}
      </button>
      <ConfirmButton
        label={t('accounts.delete')}
        title={t('accounts.deleteTitle', { name: account.name })}
        confirmLabel={t('accounts.deleteConfirm')}
        disabled={remove.busy}
        onConfirm={async () => {
          if (await remove.run({ id: account.id })) onChanged();
        }}
      >
        {t('accounts.deleteText')}
      </ConfirmButton>
    </div>
  );
}
