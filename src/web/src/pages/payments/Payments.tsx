import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { SavedViews } from '../../components/SavedViews';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { BankAccountsDocument } from './operations';
import { BankAccounts } from './BankAccounts';
import { StatementImport } from './StatementImport';
import { PaymentList } from './PaymentList';
import { RecordPayment } from './RecordPayment';
import { PaymentGateway } from './PaymentGateway';

export function Payments() {
  const { t } = useTranslation('payments');
  const { person } = useSession();
  const writer = can(person, 'payments', 'write');
  const [{ data: accounts, error }, refetchAccounts] = useQuery({ query: BankAccountsDocument });
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const [view, setView] = useState<string | null>(null);

  return (
    <>
      <PageHeader title={t('title')} />
      <ErrorBox problem={problemOf(error)} />
      <BankAccounts
        accounts={accounts?.bankAccounts.data ?? []}
        writer={writer}
        onCreated={() => refetchAccounts({ requestPolicy: 'network-only' })}
      />
      <PaymentGateway writer={writer} />
      {writer && accounts && accounts.bankAccounts.data.length > 0 && (
        <StatementImport accounts={accounts.bankAccounts.data} onImported={changed} />
      )}
      {writer && (
        <RecordPayment
          accounts={accounts?.bankAccounts.data ?? []}
          onRecorded={() => {
            changed();
            refetchAccounts({ requestPolicy: 'network-only' });
          }}
        />
      )}
      <SavedViews resource="payments" filters={{}} chosen={view} onChoose={(chosen) => setView(chosen?.id ?? null)} />
      <PaymentList
        key={`unmatched-${version}`}
        title={t('list.unmatched')}
        matchStatus="UNMATCHED"
        writer={writer}
        onChanged={changed}
        view={view}
      />
      <PaymentList
        key={`auto-${version}`}
        title={t('list.auto')}
        matchStatus="AUTO_MATCHED"
        writer={writer}
        onChanged={changed}
        view={view}
      />
      <PaymentList
        key={`manual-${version}`}
        title={t('list.manual')}
        matchStatus="MANUAL_MATCHED"
        writer={writer}
        onChanged={changed}
        view={view}
      />
    </>
  );
}
