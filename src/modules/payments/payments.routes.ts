import type { ApiRouter } from '../../core/http/api-router';
import { hasUpload, readUpload } from '../../core/http/body';
import type { AccessSpec } from '../../core/http/gate';
import type { BankAccountsService } from './bank-accounts.service';
import type { PaymentsService } from './payments.service';
import type { StatementImportService } from './statement-import.service';
import type { PaymentIntake } from './payment-intake';
import type { ManualPaymentsService } from './manual-payments';
import type { StatementFiles } from './statements/statement-files';
import { MAX_STATEMENT_FILE_BYTES } from './statements/statement-file';

const READ: AccessSpec = { section: 'payments', access: 'read' };
const WRITE: AccessSpec = { section: 'payments', access: 'write' };

export interface PaymentServices {
  bankAccounts: BankAccountsService;
  payments: PaymentsService;
  statementImport: StatementImportService;
  intake: PaymentIntake;
  manualPayments: ManualPaymentsService;
  statementFiles: StatementFiles;
}

export function paymentRoutes(
  api: ApiRouter,
  { bankAccounts, payments, statementFiles, manualPayments }: PaymentServices,
): void {
  api
    .post('/bank-accounts', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await bankAccounts.create(ctx.state.rc, ctx.request.body);
    })
    .get('/bank-accounts', READ, async (ctx) => {
      ctx.body = await bankAccounts.list(ctx.state.rc, ctx.query);
    })
    .get('/bank-accounts/:id', READ, async (ctx) => {
      ctx.body = await bankAccounts.get(ctx.state.rc, ctx.params.id);
    })
    .post('/payments/import', WRITE, async (ctx) => {
      // A statement file (ABO/GPC, CAMT.053) as the body, or the JSON lines.
      ctx.body = hasUpload(ctx)
        ? await statementFiles.fromUpload(ctx.state.rc, ctx.query, await readUpload(ctx.req, MAX_STATEMENT_FILE_BYTES))
        : await statementFiles.fromJson(ctx.state.rc, ctx.query, ctx.request.body);
    })
    .get('/payments', READ, async (ctx) => {
      ctx.body = await payments.list(ctx.state.rc, ctx.query);
    })
    .get('/payments/:id', READ, async (ctx) => {
      ctx.body = await payments.get(ctx.state.rc, ctx.params.id);
    })
    .get('/payments/:id/suggestion', READ, async (ctx) => {
      ctx.body = await payments.suggestion(ctx.state.rc, ctx.params.id);
    })
    .put('/payments/:id/match', WRITE, async (ctx) => {
      ctx.body = await payments.match(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/payments/:id/match', WRITE, async (ctx) => {
      ctx.body = await payments.unmatch(ctx.state.rc, ctx.params.id);
    })
    .patch('/bank-accounts/:id', WRITE, async (ctx) => {
      ctx.body = await bankAccounts.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/bank-accounts/:id', WRITE, async (ctx) => {
      await bankAccounts.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/payments', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await manualPayments.record(ctx.state.rc, ctx.request.body);
    });
}
