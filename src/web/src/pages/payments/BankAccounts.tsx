import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('payments');
  const create = useAction(CreateBankAccountDocument);
  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{t('accounts.title')}</h2>
      {!accounts.length && <Empty>{t('accounts.empty')}</Empty>}
      <ul className="cards">
        {accounts.map((a) => (
          <li key={a.id} data-testid={`account-${a.name}`}>
            <strong>{a.name}</strong> · {a.accountNumber ?? '—'} · <code>{a.iban ?? t('accounts.noIban')}</code> ·{' '}
            {a.currency}
            {writer && a.kind === 'BANK' && <BankAccountActions account={a} onChanged={onCreated} />}
            {a.kind === 'BANK' && <BankConnection accountId={a.id} writer={writer} />}
          </li>
        ))}
      </ul>
      {writer && (
        <details className="create">
          <summary>{t('accounts.new')}</summary>
          <form
            className="stack-form"
            aria-label={t('accounts.new')}
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
            <TextField label={t('accounts.name')} name="name" problem={create.problem} required />
            <TextField
              label={t('accounts.accountNumber')}
              name="accountNumber"
              problem={create.problem}
              placeholder="2000145399/2010"
            />
            <TextField label={t('accounts.iban')} name="iban" problem={create.problem} />
            <TextField label={t('fields.currency')} name="currency" problem={create.problem} defaultValue="CZK" />
            <button type="submit" className="primary" disabled={create.busy}>
              {t('accounts.add')}
            </button>
          </form>
        </details>
      )}
    </section>
  );
}
