import type { RequestContext } from '../../../core/ctx';
import type { Upload } from '../../../core/http/body';
import { id } from '../../../core/fields';
import { booleanParam, parseInput, z } from '../../../core/validation';
import type { BankAccount } from '../bank-account.entity';
import type { Movement } from '../payment-intake';
import { StatementAccountMismatch, StatementFileInvalid, StatementFileTooLarge } from '../payments.errors';
import type { StatementImportResult, StatementImportService } from '../statement-import.service';
import { readStatementFile } from './read-statement';
import {
  describeAccount,
  MAX_STATEMENT_FILE_BYTES,
  sameAccount,
  type StatementFile,
  type StatementFormat,
} from './statement-file';
import { previewMovements, type StatementPreview } from './statement-preview';

/** POST /payments/import's query: where a file goes, and whether only to preview it. */
export const statementFileQuery = z.object({
  bankAccountId: id().optional().meta({ description: 'The bank account of the statement (required with a file)' }),
  preview: booleanParam
    .optional()
    .meta({ description: 'true: only report each line as NEW or DUPLICATE, changing nothing' }),
});

/** The GraphQL form: the file's bytes as base64, bounded below the 1 MiB GraphQL body. */
export const MAX_STATEMENT_BASE64_CHARS = 1_000_000;
export const statementFileInput = z.object({
  bankAccountId: id(),
  contentBase64: z
    .string()
    .max(MAX_STATEMENT_BASE64_CHARS)
    // One character class: linear on any input.
    .regex(/^[A-Za-z0-9+/=\s]*$/, { message: 'must be base64' }),
});

export type StatementFileImportResult = StatementImportResult & { format: StatementFormat };

/**
 * Statement files (ABO/GPC, CAMT.053) of one bank account: read, checked to be of that account and
 * its currency, then previewed or imported like the JSON lines (source MANUAL_IMPORT; a movement is
 * imported once per account, by the bank's reference).
 */
export class StatementFiles {
  constructor(private readonly statements: StatementImportService) {}

  /** A file uploaded as the body; `content` is what readUpload gave. */
  async fromUpload(
    ctx: RequestContext,
    query: unknown,
    content: Upload,
  ): Promise<StatementFileImportResult | StatementPreview> {
    const { bankAccountId, preview } = parseInput(statementFileQuery.required({ bankAccountId: true }), query);
    if (content === 'too-large') throw new StatementFileTooLarge(MAX_STATEMENT_FILE_BYTES);
    if (content === 'unreadable') throw new StatementFileInvalid('The uploaded body could not be read');
    return preview ? this.preview(ctx, bankAccountId, content) : this.import(ctx, bankAccountId, content);
  }

  /** The JSON body (lines of a statement read elsewhere, e.g. a CSV in the web app), previewed or imported. */
  async fromJson(
    ctx: RequestContext,
    query: unknown,
    body: unknown,
  ): Promise<StatementImportResult | StatementPreview> {
    const { preview } = parseInput(statementFileQuery, query);
    return preview ? this.statements.previewStatement(ctx, body) : this.statements.importStatement(ctx, body);
  }

  async previewBase64(ctx: RequestContext, input: unknown): Promise<StatementPreview> {
    const { bankAccountId, content } = decodeInput(input);
    return this.preview(ctx, bankAccountId, content);
  }

  async importBase64(ctx: RequestContext, input: unknown): Promise<StatementFileImportResult> {
    const { bankAccountId, content } = decodeInput(input);
    return this.import(ctx, bankAccountId, content);
  }

  private async preview(ctx: RequestContext, bankAccountId: string, content: Buffer): Promise<StatementPreview> {
    const { account, file, movements } = await this.read(ctx, bankAccountId, content);
    return previewMovements(ctx.em, account, movements, file.format);
  }

  private async import(
    ctx: RequestContext,
    bankAccountId: string,
    content: Buffer,
  ): Promise<StatementFileImportResult> {
    const { account, file, movements } = await this.read(ctx, bankAccountId, content);
    return { ...(await this.statements.ingest(ctx, account, movements)), format: file.format };
  }

  private async read(ctx: RequestContext, bankAccountId: string, content: Buffer) {
    const account = await this.statements.statementAccount(ctx, bankAccountId);
    if (content.length > MAX_STATEMENT_FILE_BYTES) throw new StatementFileTooLarge(MAX_STATEMENT_FILE_BYTES);
    const file = readStatementFile(content);
    return { account, file, movements: movementsOf(file, account) };
  }
}

/** The file's movements in the account's currency; a statement of another account or currency is refused. */
function movementsOf(file: StatementFile, account: BankAccount): Movement[] {
  if (!sameAccount(file.account, account)) throw new StatementAccountMismatch(describeAccount(file.account));
  return file.movements.map((m) => {
    if (m.currency && m.currency !== account.currency) {
      throw new StatementAccountMismatch(describeAccount(file.account), {
        statement: m.currency,
        account: account.currency,
      });
    }
    return { ...m, currency: account.currency };
  });
}

function decodeInput(input: unknown): { bankAccountId: string; content: Buffer } {
  const { bankAccountId, contentBase64 } = parseInput(statementFileInput, input);
  return { bankAccountId, content: Buffer.from(contentBase64, 'base64') };
}
