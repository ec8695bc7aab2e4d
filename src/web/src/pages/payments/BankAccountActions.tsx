import { useState } from 'react';
import { useAction, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox } from '../../components/feedback';
import { FormError, SaveOrCancel, TextField, formText, optionalText } from '../../components/form';
import type { Account } from './BankAccounts';
import { DeleteBankAccountDocument, UpdateBankAccountDocument } from './manual-operations';

const FIELDS = ['name', 'accountNumber', 'iban', 'currency'];

/** Edit and delete of a BANK account (the CASH and GATEWAY accounts are the system's). */
export function BankAccountActions({ account, onChanged }: { account: Account; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdateBankAccountDocument);
  const remove = useAction(DeleteBankAccountDocument);
  if (editing) {
    return (
      <form
        className="stack-form"
        aria-label={`Edit ${account.name}`}
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
        <TextField label="Name" name="name" problem={update.problem} defaultValue={account.name} required />
        <TextField
          label="Account number"
          name="accountNumber"
          problem={update.problem}
          defaultValue={account.accountNumber ?? ''}
        />
        <TextField label="IBAN" name="iban" problem={update.problem} defaultValue={account.iban ?? ''} />
        <TextField
          label="Currency"
          name="currency"
          problem={update.problem}
          defaultValue={account.currency}
          hint="Changes only while the account has no payments."
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
        Edit
      </button>
      <ConfirmButton
        label="Delete"
        title={`Delete ${account.name}?`}
        confirmLabel="Delete bank account"
        disabled={remove.busy}
        onConfirm={async () => {
          if (await remove.run({ id: account.id })) onChanged();
        }}
      >
        The account leaves the list and takes no more statements; its payments stay.
      </ConfirmButton>
    </div>
  );
}
