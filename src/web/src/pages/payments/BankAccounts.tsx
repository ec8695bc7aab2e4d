import { useAction, submitHandler } from '../../components/action';
import { Empty } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { CreateBankAccountDocument } from './operations';
import { BankAccountActions } from './BankAccountActions';
import { BankConnection } from './BankConnection';

export type Account = {
  id: string;
  name: string;
  accountNumber?: string | null;
  iban?: string | null;
  currency: string;
  kind?: string;
};

export function BankAccounts({
  accounts,
  writer,
  onCreated,
}: {
  accounts: Account[];
  writer: boolean;
  onCreated: () => void;
}) {
  const create = useAction(CreateBankAccountDocument);
  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Bank accounts</h2>
      {!accounts.length && <Empty>No bank account yet: add one to import its statements.</Empty>}
      <ul className="cards">
        {accounts.map((a) => (
          <li key={a.id} data-testid={`account-${a.name}`}>
            <strong>{a.name}</strong> · {a.accountNumber ?? '—'} · <code>{a.iban ?? 'no IBAN'}</code> · {a.currency}
            {writer && a.kind === 'BANK' && <BankAccountActions account={a} onChanged={onCreated} />}
            {a.kind === 'BANK' && <BankConnection accountId={a.id} writer={writer} />}
          </li>
        ))}
      </ul>
      {writer && (
        <details className="create">
          <summary>New bank account</summary>
          <form
            className="stack-form"
            onSubmit={submitHandler(async (form) => {
              const done = await create.run({
                input: {
                  name: formText(form, 'name'),
                  accountNumber: formText(form, 'accountNumber').trim() || null,
                  iban: formText(form, 'iban').trim() || null,
                  currency: formText(form, 'currency').trim() || null,
                },
              });
              if (done) {
                form.reset();
                onCreated();
              }
            })}
          >
            <FormError problem={create.problem} fields={['name', 'accountNumber', 'iban', 'currency']} />
            <TextField label="Name" name="name" problem={create.problem} required />
            <TextField
              label="Account number"
              name="accountNumber"
              problem={create.problem}
              placeholder="2000145399/2010"
            />
            <TextField label="IBAN" name="iban" problem={create.problem} />
            <TextField label="Currency" name="currency" problem={create.problem} defaultValue="CZK" />
            <button type="submit" className="primary" disabled={create.busy}>
              Add bank account
            </button>
          </form>
        </details>
      )}
    </section>
  );
}
