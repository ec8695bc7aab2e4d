import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../../gql';
import type { PaymentListQuery, PaymentMatchStatus, StatementImportResultFragment } from '../../gql/graphql';
import { useAction, eventHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { FormError, SelectField, TextField, formText } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { formatCount, formatDate, formatMoney } from '../../format';
import { can, useSession } from '../../session';
import { readStatement, type StatementRow } from './statement-csv';

const BankAccountsDocument = graphql(`
  query BankAccounts {
    bankAccounts(limit: 200) {
      data {
        id
        name
        accountNumber
        iban
        currency
      }
    }
  }
`);

const CreateBankAccountDocument = graphql(`
  mutation CreateBankAccount($input: CreateBankAccountInput!) {
    createBankAccount(input: $input) {
      id
      name
    }
  }
`);

graphql(`
  fragment StatementImportResult on StatementImport {
    summary {
      imported
      duplicates
      matched
    }
    lines {
      transactionId
      result
      payment {
        id
        matchStatus
      }
    }
  }
`);

const ImportPaymentsDocument = graphql(`
  mutation ImportPayments($input: ImportPaymentsInput!) {
    importPayments(input: $input) {
      ...StatementImportResult
    }
  }
`);

const PaymentListDocument = graphql(`
  query PaymentList($limit: Int, $cursor: String, $matchStatus: PaymentMatchStatus, $bankAccountId: ID) {
    payments(limit: $limit, cursor: $cursor, matchStatus: $matchStatus, bankAccountId: $bankAccountId) {
      data {
        id
        transactionId
        amount
        currency
        direction
        receivedAt
        variableSymbol
        counterAccount
        matchStatus
        documentId
        costId
      }
      nextCursor
    }
  }
`);

const PaymentSuggestionDocument = graphql(`
  query PaymentSuggestion($id: ID!) {
    paymentSuggestion(id: $id) {
      documentId
      number
      clientName
      currency
      remainingAmount
      reason
    }
  }
`);

const OpenDocumentsDocument = graphql(`
  query OpenDocuments {
    issued: documents(status: ISSUED, type: INVOICE, limit: 200) {
      data {
        id
        number
        clientName
        remainingAmount
        currency
      }
    }
    sent: documents(status: SENT, type: INVOICE, limit: 200) {
      data {
        id
        number
        clientName
        remainingAmount
        currency
      }
    }
  }
`);

const MatchPaymentDocument = graphql(`
  mutation MatchPayment($id: ID!, $documentId: ID) {
    matchPayment(id: $id, documentId: $documentId) {
      id
      matchStatus
      documentId
    }
  }
`);

const UnmatchPaymentDocument = graphql(`
  mutation UnmatchPayment($id: ID!) {
    unmatchPayment(id: $id) {
      id
      matchStatus
    }
  }
`);

type Payment = PaymentListQuery['payments']['data'][number];

export function Payments() {
  const { person } = useSession();
  const writer = can(person, 'payments', 'write');
  const [{ data: accounts, error }, refetchAccounts] = useQuery({ query: BankAccountsDocument });
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  return (
    <>
      <PageHeader title="Payments" />
      <ErrorBox problem={problemOf(error)} />
      <BankAccounts
        accounts={accounts?.bankAccounts.data ?? []}
        writer={writer}
        onCreated={() => refetchAccounts({ requestPolicy: 'network-only' })}
      />
      {writer && accounts && accounts.bankAccounts.data.length > 0 && (
        <StatementImport accounts={accounts.bankAccounts.data} onImported={changed} />
      )}
      <PaymentList
        key={`unmatched-${version}`}
        title="Unmatched payments"
        matchStatus="UNMATCHED"
        writer={writer}
        onChanged={changed}
      />
      <PaymentList
        key={`auto-${version}`}
        title="Matched automatically"
        matchStatus="AUTO_MATCHED"
        writer={writer}
        onChanged={changed}
      />
      <PaymentList
        key={`manual-${version}`}
        title="Matched by hand"
        matchStatus="MANUAL_MATCHED"
        writer={writer}
        onChanged={changed}
      />
    </>
  );
}

type Account = { id: string; name: string; accountNumber?: string | null; iban?: string | null; currency: string };

function BankAccounts({
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
          </li>
        ))}
      </ul>
      {writer && (
        <details className="create">
          <summary>New bank account</summary>
          <form
            className="stack-form"
            onSubmit={eventHandler(async (e) => {
              e.preventDefault();
              const form = e.currentTarget;
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

/** A CSV statement read in the browser, shown row by row, then imported in one request. */
function StatementImport({ accounts, onImported }: { accounts: Account[]; onImported: () => void }) {
  const [accountId, setAccountId] = useState(accounts[0].id);
  const [rows, setRows] = useState<StatementRow[] | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [result, setResult] = useState<StatementImportResultFragment | null>(null);
  const importing = useAction(ImportPaymentsDocument);
  const good = rows?.filter((r) => r.input) ?? [];

  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">Import a bank statement</h2>
      <form
        className="stack-form"
        onSubmit={eventHandler(async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          setResult(null);
          const done = await importing.run({
            input: { bankAccountId: accountId, payments: good.map((r) => r.input!) },
          });
          if (done) {
            setResult(done.importPayments);
            setRows(null);
            form.reset();
            onImported();
          }
        })}
      >
        <SelectField
          label="Bank account"
          name="bankAccountId"
          problem={importing.problem}
          value={accountId}
          onChange={(e) => setAccountId(e.target.value)}
          options={accounts.map((a) => ({ value: a.id, label: a.name }))}
        />
        <TextField
          label="Statement (CSV)"
          name="file"
          type="file"
          accept=".csv,text/csv"
          problem={null}
          hint="A header row with transactionId, amount, receivedAt and optionally direction, variableSymbol, counterAccount, currency (Czech column names work too)"
          onChange={eventHandler(async (e) => {
            setResult(null);
            importing.clear();
            const file = e.target.files?.[0];
            if (!file) return setRows(null);
            const read = readStatement(await file.text());
            setFileProblem(read.problem);
            setRows(read.problem ? null : read.rows);
          })}
        />
        {fileProblem && (
          <p className="field-error" role="alert">
            {fileProblem}
          </p>
        )}
        <FormError problem={importing.problem} fields={['bankAccountId']} />
        {rows && (
          <>
            <p role="status">
              {formatCount(good.length)} of {formatCount(rows.length)} rows ready to import.
            </p>
            <div className="preview-table" tabIndex={0} role="region" aria-label="Statement preview">
              <table className="list" data-testid="statement-preview">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Transaction</th>
                    <th scope="col">Date</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col">VS</th>
                    <th scope="col">Counter account</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.line} className={r.problem ? 'invalid' : undefined}>
                      <td data-label="Line">{r.line}</td>
                      {r.input ? (
                        <>
                          <td data-label="Transaction">{r.input.transactionId}</td>
                          <td data-label="Date">{formatDate(`${r.input.receivedAt}T12:00:00Z`)}</td>
                          <td data-label="Amount" className="num">
                            {r.input.direction === 'OUT' ? '−' : ''}
                            {formatMoney(r.input.amount, r.input.currency ?? 'CZK')}
                          </td>
                          <td data-label="VS">{r.input.variableSymbol ?? '—'}</td>
                          <td data-label="Counter account">{r.input.counterAccount ?? '—'}</td>
                        </>
                      ) : (
                        <td colSpan={5} className="field-error">
                          Skipped: {r.problem}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="actions">
              <button type="submit" className="primary" disabled={importing.busy || !good.length}>
                Import {formatCount(good.length)} payments
              </button>
            </div>
          </>
        )}
        {result && (
          <Notice>
            Imported {formatCount(result.summary.imported)}, {formatCount(result.summary.duplicates)} already there,{' '}
            {formatCount(result.summary.matched)} matched automatically.
          </Notice>
        )}
      </form>
    </section>
  );
}

function PaymentList({
  title,
  matchStatus,
  writer,
  onChanged,
}: {
  title: string;
  matchStatus: PaymentMatchStatus;
  writer: boolean;
  onChanged: () => void;
}) {
  const paging = usePaging();
  const [{ data, error }] = useQuery({ query: PaymentListDocument, variables: { ...paging.variables, matchStatus } });
  const shown = data?.payments.data ?? [];
  const unmatched = matchStatus === 'UNMATCHED';
  const id = `${matchStatus.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ErrorBox problem={problemOf(error)} />
      {data && !shown.length && <Empty>{unmatched ? 'Every payment is matched.' : 'None.'}</Empty>}
      <ul className="cards">
        {shown.map((p) =>
          unmatched ? (
            <UnmatchedPayment key={p.id} payment={p} writer={writer} onChanged={onChanged} />
          ) : (
            <MatchedPayment key={p.id} payment={p} writer={writer} onChanged={onChanged} />
          ),
        )}
      </ul>
      <Pager paging={paging} nextCursor={data?.payments.nextCursor} label={title} />
    </section>
  );
}

function PaymentSummary({ payment: p }: { payment: Payment }) {
  return (
    <p>
      <strong>
        {p.direction === 'OUT' ? '−' : ''}
        {formatMoney(p.amount, p.currency)}
      </strong>{' '}
      on {formatDate(p.receivedAt)} · VS {p.variableSymbol ?? '—'} · {p.counterAccount ?? 'no counter account'} ·{' '}
      <code>{p.transactionId}</code>
    </p>
  );
}

function UnmatchedPayment({
  payment,
  writer,
  onChanged,
}: {
  payment: Payment;
  writer: boolean;
  onChanged: () => void;
}) {
  const incoming = payment.direction === 'IN';
  const [{ data }] = useQuery({ query: PaymentSuggestionDocument, variables: { id: payment.id }, pause: !incoming });
  const [choosing, setChoosing] = useState(false);
  const match = useAction(MatchPaymentDocument);
  const suggestion = data?.paymentSuggestion;
  const matchTo = async (documentId: string) => {
    if (await match.run({ id: payment.id, documentId })) onChanged();
  };
  return (
    <li data-testid={`payment-${payment.transactionId}`}>
      <PaymentSummary payment={payment} />
      <ErrorBox problem={match.problem} />
      {suggestion && (
        <p data-testid="suggestion">
          Suggested: <Link to={`/documents/${suggestion.documentId}`}>{suggestion.number}</Link>{' '}
          {suggestion.clientName && <>({suggestion.clientName})</>},{' '}
          {formatMoney(suggestion.remainingAmount, suggestion.currency)} remaining —{' '}
          {suggestion.reason === 'VARIABLE_SYMBOL' ? 'same variable symbol' : 'same amount'}
        </p>
      )}
      {!incoming && <p className="muted">An outgoing payment: match it to a received cost through the API.</p>}
      {writer && incoming && (
        <div className="actions">
          {suggestion && (
            <button
              type="button"
              className="primary"
              disabled={match.busy}
              onClick={() => matchTo(suggestion.documentId)}
            >
              Match to {suggestion.number}
            </button>
          )}
          {!choosing && (
            <button type="button" onClick={() => setChoosing(true)}>
              Match to another document
            </button>
          )}
        </div>
      )}
      {choosing && <ChooseDocument busy={match.busy} onPick={matchTo} onCancel={() => setChoosing(false)} />}
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
  const [{ data }] = useQuery({ query: OpenDocumentsDocument });
  const open = data ? [...data.issued.data, ...data.sent.data] : [];
  return (
    <form
      className="row-form"
      onSubmit={(e) => {
        e.preventDefault();
        const id = formText(e.currentTarget, 'documentId');
        if (id) onPick(id);
      }}
    >
      <SelectField
        label="Unpaid invoice"
        name="documentId"
        problem={null}
        options={[
          { value: '', label: open.length ? 'Pick an invoice…' : 'No unpaid invoices' },
          ...open.map((d) => ({
            value: d.id,
            label: `${d.number} · ${d.clientName ?? '—'} · ${formatMoney(d.remainingAmount, d.currency)}`,
          })),
        ]}
      />
      <button type="submit" className="primary" disabled={busy}>
        Match
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function MatchedPayment({ payment, writer, onChanged }: { payment: Payment; writer: boolean; onChanged: () => void }) {
  const unmatch = useAction(UnmatchPaymentDocument);
  return (
    <li data-testid={`payment-${payment.transactionId}`}>
      <PaymentSummary payment={payment} />
      <p>
        {payment.documentId ? (
          <Link to={`/documents/${payment.documentId}`}>Matched document</Link>
        ) : (
          'Matched to a received cost'
        )}{' '}
        · <span className="badge">{payment.matchStatus === 'AUTO_MATCHED' ? 'automatically' : 'by hand'}</span>
      </p>
      <ErrorBox problem={unmatch.problem} />
      {writer && (
        <ConfirmButton
          label="Unmatch"
          title="Unmatch this payment?"
          confirmLabel="Unmatch payment"
          onConfirm={async () => {
            if (await unmatch.run({ id: payment.id })) onChanged();
          }}
        >
          The document it pays loses this amount and may become unpaid again.
        </ConfirmButton>
      )}
    </li>
  );
}
