import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from 'urql';
import { graphql } from '../../gql';
import { submitHandler, useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox, Notice } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { formatDateTime } from '../../format';

const BankConnectionDocument = graphql(`
  query BankConnection($id: ID!) {
    bankAccount(id: $id) {
      id
      kind
      connection {
        provider
        status
        lastSyncAt
        lastError
        lastErrorAt
        nextSyncAt
      }
    }
  }
`);

const ConnectBankAccountDocument = graphql(`
  mutation ConnectBankAccount($id: ID!, $token: String!) {
    connectBankAccount(id: $id, provider: FIO, token: $token) {
      status
    }
  }
`);

const DisconnectBankAccountDocument = graphql(`
  mutation DisconnectBankAccount($id: ID!) {
    disconnectBankAccount(id: $id)
  }
`);

const SyncBankAccountDocument = graphql(`
  mutation SyncBankAccount($id: ID!) {
    syncBankAccount(id: $id) {
      outcome
      imported
      duplicates
      matched
      notBefore
    }
  }
`);

/** A bank account's Fio connection: connect with a token, sync now, last sync and its error, disconnect. */
export function BankConnection({ accountId, writer }: { accountId: string; writer: boolean }) {
  const { t } = useTranslation('payments');
  const [{ data }, refetch] = useQuery({ query: BankConnectionDocument, variables: { id: accountId } });
  const connect = useAction(ConnectBankAccountDocument);
  const disconnect = useAction(DisconnectBankAccountDocument);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const account = data?.bankAccount;
  if (!account || account.kind !== 'BANK') return null;
  const connection = account.connection;

  return (
    <div className="bank-connection" data-testid={`connection-${accountId}`}>
      {connection ? (
        <>
          <p>
            Fio: <strong>{t(`fio.status.${connection.status}`)}</strong> ·{' '}
            {t('fio.lastSync', { at: formatDateTime(connection.lastSyncAt) })}
            {connection.nextSyncAt && <> · {t('fio.nextSync', { at: formatDateTime(connection.nextSyncAt) })}</>}
          </p>
          {connection.lastError && (
            <p className="field-error" role="alert">
              {connection.lastError} ({formatDateTime(connection.lastErrorAt)})
            </p>
          )}
          {writer && (
            <div className="actions">
              <SyncNow accountId={accountId} onDone={reload} />
              <ConfirmButton
                label={t('fio.disconnect')}
                title={t('fio.disconnectTitle')}
                confirmLabel={t('fio.disconnect')}
                disabled={disconnect.busy}
                onConfirm={async () => {
                  if (await disconnect.run({ id: accountId })) reload();
                }}
              >
                {t('fio.disconnectText')}
              </ConfirmButton>
              <ErrorBox problem={disconnect.problem} />
            </div>
          )}
        </>
      ) : (
        !writer && <p>{t('fio.notConnected')}</p>
      )}
      {writer && (
        <details>
          <summary>{connection ? t('fio.newToken') : t('fio.connectTitle')}</summary>
          <form
            className="stack-form"
            aria-label={connection ? t('fio.newToken') : t('fio.connectTitle')}
            onSubmit={submitHandler(async (form) => {
              if (await connect.run({ id: accountId, token: formText(form, 'token').trim() })) {
                form.reset();
                reload();
              }
            })}
          >
            <FormError problem={connect.problem} fields={['token']} />
            <TextField
              label={t('fio.token')}
              name="token"
              type="password"
              autoComplete="off"
              problem={connect.problem}
              hint={t('fio.tokenHint')}
              required
            />
            <button type="submit" className="primary" disabled={connect.busy}>
              {t('fio.connect')}
            </button>
          </form>
        </details>
      )}
    </div>
  );
}

type SyncReport = {
  outcome: 'SYNCED' | 'CURSOR_RESET' | 'TOO_EARLY' | 'TOKEN_REJECTED' | 'FAILED';
  imported: number;
  duplicates: number;
  notBefore?: string | null;
};

function describe(t: TFunction<'payments'>, report: SyncReport): string {
  if (report.outcome === 'SYNCED')
    return t('fio.outcome.SYNCED', { imported: report.imported, duplicates: report.duplicates });
  if (report.outcome === 'TOO_EARLY') return t('fio.outcome.TOO_EARLY', { at: formatDateTime(report.notBefore) });
  return t(`fio.outcome.${report.outcome}`);
}

function SyncNow({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const { t } = useTranslation('payments');
  const sync = useAction(SyncBankAccountDocument);
  const [result, setLast] = useState<SyncReport | null>(null);
  return (
    <>
      <button
        type="button"
        disabled={sync.busy}
        onClick={() =>
          void sync.run({ id: accountId }).then((done) => {
            setLast(done?.syncBankAccount ?? null);
            onDone();
          })
        }
      >
        {t('fio.syncNow')}
      </button>
      {result && <Notice>{describe(t, result)}</Notice>}
      <ErrorBox problem={sync.problem} />
    </>
  );
}
