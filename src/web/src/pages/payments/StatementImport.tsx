import { useState } from 'react';
import type { StatementImportResultFragment } from '../../gql/graphql';
import { useAction, eventHandler, submitHandler } from '../../components/action';
import { Notice } from '../../components/feedback';
import { FormError, SelectField, TextField } from '../../components/form';
import { formatCount, formatDate, formatMoney } from '../../format';
import { ImportPaymentsDocument } from './operations';
import type { Account } from './BankAccounts';
import { readStatement, type StatementRow } from './statement-csv';

/** A CSV statement read in the browser, shown row by row, then imported in one request. */
export function StatementImport({ accounts, onImported }: { accounts: Account[]; onImported: () => void }) {
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
        onSubmit={submitHandler(async (form) => {
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
