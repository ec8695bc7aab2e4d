import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../../core/graphql/context';
import type { AccessSpec } from '../../../core/http/gate';
import { plain } from '../../../core/graphql/plain';
import { ImportPaymentsInput, StatementImportType } from '../payments.types';
import type { StatementImportService } from '../statement-import.service';
import type { StatementFiles } from './statement-files';
import { StatementFileInput, StatementPreviewType } from './statement-files.graphql';

const WRITE: AccessSpec = { section: 'payments', access: 'write' };

/**
 * Statement previews and files: the same services as REST POST /payments/import (?preview=true, a
 * file as the body), with its access (write) for the previews too.
 */
@Resolver()
export class StatementFilesResolver {
  constructor(private readonly s: { statementFiles: StatementFiles; statementImport: StatementImportService }) {}

  @Query(() => StatementPreviewType, {
    description: 'What importPayments would do with these lines (NEW or DUPLICATE each); nothing changes',
  })
  @Requires(WRITE)
  previewPayments(@Ctx() { rc }: GraphQLContext, @Arg('input', () => ImportPaymentsInput) input: ImportPaymentsInput) {
    return this.s.statementImport.previewStatement(rc, plain(input));
  }

  @Query(() => StatementPreviewType, {
    description: 'What importStatementFile would do with this ABO/GPC or CAMT.053 file; nothing changes',
  })
  @Requires(WRITE)
  previewStatementFile(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => StatementFileInput) input: StatementFileInput,
  ) {
    return this.s.statementFiles.previewBase64(rc, plain(input));
  }

  @Mutation(() => StatementImportType, {
    description:
      'Imports an ABO/GPC or CAMT.053 statement file, as REST POST /payments/import with the file as the body (previewStatementFile names its format)',
  })
  @Requires(WRITE)
  importStatementFile(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => StatementFileInput) input: StatementFileInput,
  ) {
    return this.s.statementFiles.importBase64(rc, plain(input));
  }
}
