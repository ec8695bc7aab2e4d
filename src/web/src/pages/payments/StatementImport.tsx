import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import type {
  StatementImportResultFragment,
  StatementLineInput,
  StatementPreviewFieldsFragment,
} from '../../gql/graphql';
import { useAction, eventHandler, submitHandler } from '../../components/action';
import { Notice } from '../../components/feedback';
import { FormError, SelectField, TextField } from '../../components/form';
import { problemOf, type Problem } from '../../errors';
import { formatCount, formatDate, formatMoney } from '../../format';
import {
  ImportPaymentsDocument,
  ImportStatementFileDocument,
  PreviewPaymentsDocument,
  PreviewStatementFileDocument,
} from './operations';
import type { Account } from './BankAccounts';
import { readStatement, type StatementRow } from './statement-csv';

/** The largest statement file sent as base64 within the server's 1,000,000 characters (GraphQL). */
const MAX_FILE_BYTES = 740_000;

/** What was chosen: a CSV read here into lines, or a bank's statement file (ABO/GPC, CAMT.053) the server reads. */
type Statement = { kind: 'csv'; rows: StatementRow[] } | { kind: 'file'; contentBase64: string };

type PreviewLine = StatementPreviewFieldsFragment['lines'][number];

/**
 * A statement shown line by line before anything is imported: a CSV is read in the browser, a bank's
 * ABO/GPC or CAMT.053 file by the server; either way the server's preview says which lines are new
 * and which were imported before, then one request imports them.
 */
export function StatementImport({ accounts, onImported }: { accounts: Account[]; onImported: () => void }) {
  const { t } = useTranslation('payments');
  const client = useClient();
  const [accountId, setAccountId] = useState(accounts[0].id);
  const [statement, setStatement] = useState<Statement | null>(null);
  const [preview, setPreview] = useState<StatementPreviewFieldsFragment | null>(null);
  const [previewProblem, setPreviewProblem] = useState<Problem | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [result, setResult] = useState<StatementImportResultFragment | null>(null);
  const importingLines = useAction(ImportPaymentsDocument);
  const importingFile = useAction(ImportStatementFileDocument);
  const importing = statement?.kind === 'file' ? importingFile : importingLines;
  const rows = statement?.kind === 'csv' ? statement.rows : null;
  const good = rows?.filter((r) => r.input) ?? [];
  const count = rows ? good.length : (preview?.lines.length ?? 0);
  const problem = previewProblem ?? importing.problem;

  async function refresh(bankAccountId: string, chosen: Statement | null) {
    setPreview(null);
    setPreviewProblem(null);
    if (!chosen) return;
    const lines = chosen.kind === 'csv' ? inputsOf(chosen.rows) : [];
    if (chosen.kind === 'csv' && !lines.length) return;
    const answer =
      chosen.kind === 'csv'
        ? await client
            .query(
              PreviewPaymentsDocument,
              { input: { bankAccountId, payments: lines } },
              { requestPolicy: 'network-only' },
            )
            .toPromise()
            .then((r) => ({ data: r.data?.previewPayments, error: r.error }))
        : await client
            .query(
              PreviewStatementFileDocument,
              { input: { bankAccountId, contentBase64: chosen.contentBase64 } },
              { requestPolicy: 'network-only' },
            )
            .toPromise()
            .then((r) => ({ data: r.data?.previewStatementFile, error: r.error }));
    setPreviewProblem(problemOf(answer.error));
    setPreview(answer.data ?? null);
  }

  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">{t('import.title')}</h2>
      <form
        className="stack-form"
        aria-label={t('import.title')}
        onSubmit={submitHandler(async (form) => {
          setResult(null);
          const done =
            statement?.kind === 'file'
              ? (
                  await importingFile.run({
                    input: { bankAccountId: accountId, contentBase64: statement.contentBase64 },
                  })
                )?.importStatementFile
              : (await importingLines.run({ input: { bankAccountId: accountId, payments: inputsOf(good) } }))
                  ?.importPayments;
          if (done) {
            setResult(done);
            setStatement(null);
            setPreview(null);
            form.reset();
            onImported();
          }
        })}
      >
        <SelectField
          label={t('import.account')}
          name="bankAccountId"
          problem={problem}
          value={accountId}
          onChange={eventHandler(async (e) => {
            setAccountId(e.target.value);
            await refresh(e.target.value, statement);
          })}
          options={accounts.map((a) => ({ value: a.id, label: a.name }))}
        />
        <TextField
          label={t('import.file')}
          name="file"
          type="file"
          accept=".csv,.gpc,.abo,.xml,text/csv,text/xml,application/xml"
          problem={null}
          hint={t('import.fileHint')}
          onChange={eventHandler(async (e) => {
            setResult(null);
            importingLines.clear();
            importingFile.clear();
            const read = await readChosen(e.target.files?.[0]);
            setFileProblem(read.tooLarge ? t('import.tooLarge', { bytes: formatCount(MAX_FILE_BYTES) }) : read.problem);
            setStatement(read.statement);
            await refresh(accountId, read.statement);
          })}
        />
        {fileProblem && (
          <p className="field-error" role="alert">
            {fileProblem}
          </p>
        )}
        <FormError problem={problem} fields={['bankAccountId']} />
        {statement && (rows || preview) && (
          <>
            <p role="status">
              {rows
                ? t('import.rowsReady', { ready: formatCount(good.length), count: rows.length })
                : t('import.movements', { count, format: preview?.format === 'GPC' ? 'ABO/GPC' : 'CAMT.053' })}
              {preview &&
                ` ${t('import.previewSummary', { new: formatCount(preview.summary.new), duplicates: formatCount(preview.summary.duplicates) })}`}
            </p>
            <StatementTable rows={rows} preview={preview} />
            <div className="actions">
              <button type="submit" className="primary" disabled={importing.busy || !count || !preview}>
                {t('import.submit', { count })}
              </button>
            </div>
          </>
        )}
        {result && (
          <Notice>
            {t('import.done', {
              imported: formatCount(result.summary.imported),
              duplicates: formatCount(result.summary.duplicates),
              matched: formatCount(result.summary.matched),
            })}
          </Notice>
        )}
      </form>
    </section>
  );
}

/** The statement's lines: a CSV's rows (skipped ones with their reason) or a file's movements, each NEW or not. */
function StatementTable({
  rows,
  preview,
}: {
  rows: StatementRow[] | null;
  preview: StatementPreviewFieldsFragment | null;
}) {
  const { t } = useTranslation('payments');
  const lines = preview?.lines ?? [];
  let next = 0;
  const shown: { line: number; problem: string | null; preview: PreviewLine | null }[] = rows
    ? rows.map((r) => ({ line: r.line, problem: r.problem, preview: r.input ? (lines[next++] ?? null) : null }))
    : lines.map((l, i) => ({ line: i + 1, problem: null, preview: l }));
  return (
    <div className="preview-table" tabIndex={0} role="region" aria-label={t('import.preview')}>
      <table className="list" data-testid="statement-preview">
        <thead>
          <tr>
            <th scope="col">{t('import.line')}</th>
            <th scope="col">{t('import.transaction')}</th>
            <th scope="col">{t('import.date')}</th>
            <th scope="col" className="num">
              {t('fields.amount')}
            </th>
            <th scope="col">{t('summary.vs')}</th>
            <th scope="col">{t('import.counterAccount')}</th>
            <th scope="col">{t('import.status')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map(({ line, problem, preview: l }) => (
            <tr key={line} className={problem ? 'invalid' : undefined}>
              <td data-label={t('import.line')}>{line}</td>
              {l ? (
                <>
                  <td data-label={t('import.transaction')}>{l.transactionId}</td>
                  <td data-label={t('import.date')}>{formatDate(l.receivedAt)}</td>
                  <td data-label={t('fields.amount')} className="num">
                    {l.direction === 'OUT' ? '−' : ''}
                    {formatMoney(l.amount, l.currency)}
                  </td>
                  <td data-label={t('summary.vs')}>{l.variableSymbol ?? '—'}</td>
                  <td data-label={t('import.counterAccount')}>
                    {[l.counterAccount, l.counterAccountName].filter(Boolean).join(' · ') || '—'}
                    {l.message && <small className="hint"> {l.message}</small>}
                  </td>
                  <td data-label={t('import.status')}>
                    {l.result === 'NEW' ? t('import.new') : t('import.duplicate')}
                  </td>
                </>
              ) : (
                <td colSpan={6} className={problem ? 'field-error' : undefined}>
                  {problem ? t('import.skipped', { problem }) : t('import.checking')}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function inputsOf(rows: StatementRow[]): StatementLineInput[] {
  return rows.flatMap((r) => (r.input ? [r.input] : []));
}

/** A chosen file as a statement: a bank's GPC or CAMT.053 goes to the server as it is, anything else is read as CSV. */
async function readChosen(
  file: File | undefined,
): Promise<{ statement: Statement | null; problem: string | null; tooLarge?: boolean }> {
  if (!file) return { statement: null, problem: null };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const head = new TextDecoder('latin1')
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF|^ï»¿/, '')
    .trimStart();
  if (head.startsWith('074') || head.startsWith('<')) {
    if (bytes.length > MAX_FILE_BYTES) {
      return { statement: null, problem: null, tooLarge: true };
    }
    return { statement: { kind: 'file', contentBase64: base64(bytes) }, problem: null };
  }
  const read = readStatement(new TextDecoder('utf-8').decode(bytes));
  return { statement: read.problem ? null : { kind: 'csv', rows: read.rows }, problem: read.problem };
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
