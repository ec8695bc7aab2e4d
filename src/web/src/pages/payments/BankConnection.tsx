import { useState } from 'react';
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

const STATUS_LABELS = {
  NEW: 'connected, not synced yet',
  OK: 'synced',
  ERROR: 'the last sync failed',
  TOKEN_REJECTED: 'Fio refused the token: put a new one',
} as const;

const OUTCOME_LABELS = {
  SYNCED: 'Synced',
  CURSOR_RESET: 'An earlier sync was cut; the movements follow in the next sync (in 30 s)',
  TOO_EARLY: 'Fio allows one sync per 30 s; try again at',
  TOKEN_REJECTED: 'Fio refused the token',
  FAILED: 'The sync failed',
} as const;

/** A bank account's Fio connection: connect with a token, sync now, last sync and its error, disconnect. */
export function BankConnection({ accountId, writer }: { accountId: string; writer: boolean }) {
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
            Fio: <strong>{STATUS_LABELS[connection.status]}</strong> · last sync {formatDateTime(connection.lastSyncAt)}
            {connection.nextSyncAt && <> · next {formatDateTime(connection.nextSyncAt)}</>}
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
                label="Disconnect"
                title="Disconnect from Fio?"
                confirmLabel="Disconnect"
                disabled={disconnect.busy}
                onConfirm={async () => {
                  if (await disconnect.run({ id: accountId })) reload();
                }}
              >
                The token is deleted; payments synced so far stay.
              </ConfirmButton>
              <ErrorBox problem={disconnect.problem} />
            </div>
          )}
        </>
      ) : (
        !writer && <p>Not connected to the bank.</p>
      )}
      {writer && (
        <details>
          <summary>{connection ? 'Put a new Fio token' : 'Connect to Fio'}</summary>
          <form
            className="stack-form"
            onSubmit={submitHandler(async (form) => {
              if (await connect.run({ id: accountId, token: formText(form, 'token').trim() })) {
                form.reset();
                reload();
              }
            })}
          >
            <FormError problem={connect.problem} fields={['token']} />
            <TextField
              label="Fio API token"
              name="token"
              type="password"
              autoComplete="off"
              problem={connect.problem}
              hint="Internet banking → Settings → API: a read-only token (64 characters). It is stored encrypted and never shown again."
              required
            />
            <button type="submit" className="primary" disabled={connect.busy}>
              Connect
            </button>
          </form>
        </details>
      )}
    </div>
  );
}

type SyncReport = {
  outcome: keyof typeof OUTCOME_LABELS;
  imported: number;
  duplicates: number;
  notBefore?: string | null;
};

function describe(report: SyncReport): string {
  const label = OUTCOME_LABELS[report.outcome];
  if (report.outcome === 'SYNCED') return `${label}: ${report.imported} new, ${report.duplicates} seen before`;
  if (report.outcome === 'TOO_EARLY') return `${label} ${formatDateTime(report.notBefore)}`;
  return label;
}

function SyncNow({ accountId, onDone }: { accountId: string; onDone: () => void }) {
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
        Sync now
      </button>
      {result && <Notice>{describe(result)}</Notice>}
      <ErrorBox problem={sync.problem} />
    </>
  );
}
