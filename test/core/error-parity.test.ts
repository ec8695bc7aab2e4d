import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect } from 'chai';
import pg from 'pg';
import * as coreErrors from '../../src/core/errors';
import { AppError } from '../../src/core/errors';
import * as costsErrors from '../../src/modules/costs/costs.errors';
import * as documentsErrors from '../../src/modules/documents/documents.errors';
import * as exportsErrors from '../../src/modules/exports/exports.errors';
import * as identityErrors from '../../src/modules/identity/identity.errors';
import * as oauthErrors from '../../src/modules/oauth/oauth.errors';
import * as paymentsErrors from '../../src/modules/payments/payments.errors';
import * as gatewayErrors from '../../src/modules/payments/gateway/gateway.errors';
import * as inboxErrors from '../../src/modules/inbox/inbox.errors';
import * as quotaErrors from '../../src/modules/quota/quota.errors';
import * as recurringErrors from '../../src/modules/recurring/recurring.errors';
import * as reportsErrors from '../../src/modules/reports/reports.errors';
import { startTestApp, type HttpResult, type TestApp } from '../helpers/app';
import {
  type Company,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeDocument,
  makeInvoice,
  makePaymentLine,
  makeUser,
} from '../helpers/fixtures';
import { freePort } from '../helpers/postgres';
import { makeSeries } from '../helpers/recurring';
import { uploadRaw, type Part } from '../helpers/inbox';
import { base32Decode, totp } from '../../src/modules/identity/totp';

type ErrorClass = abstract new (...args: never[]) => AppError;

/**
 * Error classes with no GraphQL path, and why. The first group is answered by the HTTP layer before
 * GraphQL runs (on /graphql too, with the REST body); the others belong to REST-only operations.
 */
const NO_GRAPHQL_PATH: Record<string, string> = {
  InvalidJsonError: 'body parser, before GraphQL',
  PayloadTooLargeError: 'body parser, before GraphQL',
  OrganizationHeaderNotAllowed: 'authentication (gate.identify), before GraphQL',
  QuotaExceededError: 'metering (gate.identify), before GraphQL',
  IdempotencyKeyMismatch: 'the Idempotency-Key layer, before GraphQL (test/core/idempotency.test.ts covers /graphql)',
  IdempotencyKeyInUse: 'the Idempotency-Key layer, before GraphQL (test/core/idempotency.test.ts)',
  IdempotencyAnswerLost: 'the Idempotency-Key layer, before GraphQL (test/core/idempotency.test.ts)',
  InvalidCredentialsError: 'POST /auth/login has no GraphQL mutation',
  InvalidMfaToken: 'POST /auth/login/2fa has no GraphQL mutation (logging in stays REST and /app/login)',
  TooManyAttempts: 'sign-in throttling: login and signup have no GraphQL mutation',
  ServiceBusy:
    'needs the password hashing slots full (test/identity/throttling.test.ts); createUser maps it through toAppError like any AppError',
  BadRequestError: 'only the test controls (/api/test) throw it',
  QuoteNotAnswerable:
    'the customer answers a quote on its public page (POST /public/documents/:token/answer, no credential, no GraphQL); test/documents/quotes.test.ts',
  ConflictError: 'generic base; thrown as AlreadyExists or ReferencedResourceMissing',
  TaxFilingSettingsMissing:
    'the filing XML (GET /reports/vat-return.xml, /reports/vat-control-statement.xml) is a file download, REST only; test/reports/epo-filing.test.ts',
  FilingPartnerVatIdInvalid: 'the control statement XML is a file download, REST only; test/reports/epo-filing.test.ts',
  ImportFileTooLarge:
    'over 10 MB (or an .isdocx unpacking past it): GraphQL importCostIsdoc takes at most 1,000,000 characters of XML (test/costs/isdoc-import-files.test.ts)',
  ExportNotReady: 'downloading an export file is REST only (GET /exports/:id/download); test/exports/jobs.test.ts',
  ExportLinkInvalid: 'the signed download link is REST only (GET /exports/:id/file); test/exports/jobs.test.ts',
  StatementFileTooLarge:
    'over 2 MB: GraphQL importStatementFile takes at most 1,000,000 base64 characters (test/payments/statement-files.test.ts)',
  OnlinePaymentUnavailable:
    'the customer pays on the public page (POST /public/documents/:token/pay, no credential, no GraphQL); test/payments/payment-gateway.test.ts',
  PaymentGatewayFailed: 'only the public page’s pay click calls the gateway; test/payments/payment-gateway.test.ts',
  WebhookSignatureInvalid: 'the gateway’s webhook is REST only; test/payments/payment-gateway.test.ts',
  InboxFileGone:
    'downloading an inbox item’s original file is REST only (GET /inbox/:id/file); test/inbox/inbox-jobs.test.ts',
};

/** Every AppError subclass the modules declare. */
const DECLARED = [
  coreErrors,
  costsErrors,
  documentsErrors,
  exportsErrors,
  identityErrors,
  oauthErrors,
  paymentsErrors,
  gatewayErrors,
  inboxErrors,
  quotaErrors,
  recurringErrors,
  reportsErrors,
]
  .flatMap((m) => Object.entries(m))
  .filter(([, v]) => typeof v === 'function' && v.prototype instanceof AppError)
  .map(([name]) => name);

interface Case {
  error: ErrorClass;
  code: string;
  rest: () => Promise<HttpResult>;
  graphql: () => Promise<HttpResult<{ data: unknown; errors: any }>>;
}

/** Inserting a contact with this name raises SQLSTATE `code` in the database (see the trigger below). */
const failingName = (code: string) => `sqlstate:${code}`;

describe('errors: the same code over REST and GraphQL', () => {
  let app: TestApp;
  let company: Company;
  const cases: Case[] = [];

  before(async () => {
    // A port nobody listens on: sending e-mail fails, which is the MailFailed case.
    app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    company = await makeCompany(app);
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    // Real database errors through the real service code: the trigger raises the SQLSTATE named in the contact's name.
    await db.query(`
      CREATE FUNCTION test_raise_sqlstate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name LIKE 'sqlstate:%' THEN RAISE EXCEPTION 'forced by the test' USING ERRCODE = substr(NEW.name, 10); END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_raise_sqlstate BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION test_raise_sqlstate();`);
    await db.end();
  });
  after(() => app.stop());

  const add = (error: ErrorClass, code: string, rest: Case['rest'], graphql: Case['graphql']) =>
    cases.push({ error, code, rest, graphql });
  const token = () => company.token;
  const createContact = (name: string) => ({
    rest: () => app.post('/api/v1/contacts', { name }, token()),
    graphql: () =>
      app.graphql('mutation($name: String!) { createContact(input: { name: $name }) { id } }', { name }, token()),
  });

  // core
  add(
    coreErrors.ValidationError,
    'VALIDATION_FAILED',
    () => app.post('/api/v1/contacts', { name: '' }, token()),
    () => app.graphql('mutation { createContact(input: { name: "" }) { id } }', {}, token()),
  );
  add(
    coreErrors.UnauthorizedError,
    'UNAUTHORIZED',
    () => app.get('/api/v1/contacts'),
    () => app.graphql('{ contacts { data { id } } }'),
  );
  add(
    coreErrors.ForbiddenError,
    'FORBIDDEN',
    async () => app.post('/api/v1/api-keys', { name: 'x' }, (await makeUser(app, company)).token),
    async () => app.graphql('mutation { createApiKey(name: "x") { id } }', {}, (await makeUser(app, company)).token),
  );
  add(
    coreErrors.MissingScopeError,
    'FORBIDDEN',
    async () => app.patch('/api/v1/organization', { name: 'x' }, (await makeUser(app, company)).token),
    async () =>
      app.graphql('mutation { updateOrganization(name: "x") { id } }', {}, (await makeUser(app, company)).token),
  );
  add(
    coreErrors.NotFoundError,
    'NOT_FOUND',
    () => app.get(`/api/v1/contacts/${randomUUID()}`, token()),
    () => app.graphql('query($id: ID!) { contact(id: $id) { id } }', { id: randomUUID() }, token()),
  );
  const unique = createContact(failingName('23505'));
  add(coreErrors.AlreadyExists, 'CONFLICT', unique.rest, unique.graphql);
  const foreignKey = createContact(failingName('23503'));
  add(coreErrors.ReferencedResourceMissing, 'CONFLICT', foreignKey.rest, foreignKey.graphql);
  const serialization = createContact(failingName('40001'));
  add(coreErrors.ConcurrentUpdate, 'CONCURRENT_UPDATE', serialization.rest, serialization.graphql);
  const unexpected = createContact(failingName('P0001'));
  add(coreErrors.InternalError, 'INTERNAL_ERROR', unexpected.rest, unexpected.graphql);

  // reminders: the steps' and a document's switch, the same services as REST
  const repeatedDays = { steps: [{ days: 7 }, { days: 7 }] };
  add(
    coreErrors.ValidationError,
    'VALIDATION_FAILED',
    () => app.put('/api/v1/settings/reminder-steps', repeatedDays, token()),
    () =>
      app.graphql(
        'mutation($steps: [ReminderStepInput!]!) { saveReminderSteps(steps: $steps) { id } }',
        repeatedDays,
        token(),
      ),
  );
  add(
    coreErrors.NotFoundError,
    'NOT_FOUND',
    () => app.put(`/api/v1/documents/${randomUUID()}/reminders`, { enabled: false }, token()),
    () =>
      app.graphql(
        'mutation($id: ID!) { setDocumentReminders(documentId: $id, enabled: false) { enabled } }',
        { id: randomUUID() },
        token(),
      ),
  );
  add(
    coreErrors.MissingScopeError,
    'FORBIDDEN',
    async () => app.put('/api/v1/settings/reminder-steps', { steps: [] }, (await makeUser(app, company)).token),
    async () =>
      app.graphql('mutation { saveReminderSteps(steps: []) { id } }', {}, (await makeUser(app, company)).token),
  );

  // documents
  const onDocument = (
    overrides: Record<string, unknown>,
    rest: (id: string) => Promise<HttpResult>,
    query: string,
    variables: Record<string, unknown> = {},
  ) => ({
    rest: async () => rest((await makeDocument(app, token(), overrides)).id),
    graphql: async () =>
      app.graphql(query, { id: (await makeDocument(app, token(), overrides)).id, ...variables }, token()),
  });
  const notDraft = onDocument(
    { status: 'ISSUED' },
    (id) => app.del(`/api/v1/documents/${id}`, token()),
    'mutation($id: ID!) { deleteDocument(id: $id) }',
  );
  add(documentsErrors.DocumentNotDraft, 'DOCUMENT_NOT_DRAFT', notDraft.rest, notDraft.graphql);
  const locked = onDocument(
    { status: 'PAID' },
    (id) => app.patch(`/api/v1/documents/${id}`, { note: 'x' }, token()),
    'mutation($id: ID!) { updateDocument(id: $id, input: { note: "x" }) { id } }',
  );
  add(documentsErrors.DocumentLocked, 'DOCUMENT_LOCKED', locked.rest, locked.graphql);
  /** An issued document of a company that locks issued documents (its own, so other cases keep editing). */
  const lockedByCompany = async () => {
    const owner = await makeCompany(app);
    const res = await app.put('/api/v1/settings/company', { lockIssuedDocuments: true }, owner.token);
    expect(res.status, res.text).to.equal(200);
    return { doc: await makeDocument(app, owner.token, { status: 'ISSUED' }), token: owner.token };
  };
  add(
    documentsErrors.DocumentLockedBySetting,
    'DOCUMENT_LOCKED',
    async () => {
      const { doc, token: owner } = await lockedByCompany();
      return app.patch(`/api/v1/documents/${doc.id}`, { note: 'x' }, owner);
    },
    async () => {
      const { doc, token: owner } = await lockedByCompany();
      return app.graphql(
        'mutation($id: ID!) { updateDocument(id: $id, input: { note: "x" }) { id } }',
        { id: doc.id },
        owner,
      );
    },
  );
  const notSendable = onDocument(
    {},
    (id) => app.post(`/api/v1/documents/${id}/send-email`, { to: 'x@klient.example' }, token()),
    'mutation($id: ID!) { sendDocumentEmail(id: $id, input: { to: "x@klient.example" }) { id } }',
  );
  add(documentsErrors.DocumentNotSendable, 'DOCUMENT_NOT_SENDABLE', notSendable.rest, notSendable.graphql);
  const notCorrectable = onDocument(
    {},
    (id) =>
      app.post(
        `/api/v1/documents/${id}/credit-note`,
        { reason: 'x', issuedAt: '2026-06-01', items: [{ name: 'x', quantity: 1, unitPrice: -1, vatRate: 21 }] },
        token(),
      ),
    'mutation($id: ID!) { createCreditNote(id: $id, input: { reason: "x", issuedAt: "2026-06-01", items: [{ name: "x", quantity: "1", unitPrice: "-1", vatRate: "21" }] }) { id } }',
  );
  add(documentsErrors.DocumentNotCorrectable, 'DOCUMENT_NOT_CORRECTABLE', notCorrectable.rest, notCorrectable.graphql);
  const noEInvoice = onDocument(
    { type: 'QUOTE', status: 'ISSUED' },
    (id) => app.get(`/api/v1/documents/${id}/isdoc`, token()),
    'query($id: ID!) { documentIsdoc(id: $id) }',
  );
  add(documentsErrors.EInvoiceNotAvailable, 'DOCUMENT_NOT_PAYABLE', noEInvoice.rest, noEInvoice.graphql);
  const finalInvoiceMutation = 'mutation($id: ID!) { createFinalInvoice(id: $id) { id } }';
  const notSettleable = onDocument(
    { type: 'PROFORMA', status: 'ISSUED' },
    (id) => app.post(`/api/v1/documents/${id}/final-invoice`, {}, token()),
    finalInvoiceMutation,
  );
  add(documentsErrors.ProformaNotSettleable, 'PROFORMA_NOT_SETTLEABLE', notSettleable.rest, notSettleable.graphql);
  /** A proforma paid (by hand) and settled by its final invoice: one for both, so the messages agree. */
  let settled: Promise<string> | null = null;
  const settledProforma = () =>
    (settled ??= (async () => {
      const proforma = await makeDocument(app, token(), { type: 'PROFORMA', status: 'PAID' });
      const res = await app.post(`/api/v1/documents/${proforma.id}/final-invoice`, {}, token());
      expect(res.status, res.text).to.equal(201);
      return proforma.id;
    })());
  add(
    documentsErrors.ProformaSettled,
    'PROFORMA_SETTLED',
    async () => app.post(`/api/v1/documents/${await settledProforma()}/final-invoice`, {}, token()),
    async () => app.graphql(finalInvoiceMutation, { id: await settledProforma() }, token()),
  );
  const notConvertible = onDocument(
    { status: 'ISSUED' },
    (id) => app.post(`/api/v1/documents/${id}/convert`, { type: 'ORDER' }, token()),
    'mutation($id: ID!) { convertDocument(id: $id, input: { type: ORDER }) { id } }',
  );
  add(documentsErrors.DocumentNotConvertible, 'DOCUMENT_NOT_CONVERTIBLE', notConvertible.rest, notConvertible.graphql);
  // A quote valid until a day before the test Clock's: accepting it (by hand here; the public page likewise) is refused.
  const expired = onDocument(
    { type: 'QUOTE', status: 'ISSUED', validUntil: '2026-06-01' },
    (id) => app.post(`/api/v1/documents/${id}/transition`, { status: 'ACCEPTED' }, token()),
    'mutation($id: ID!) { transitionDocument(id: $id, status: ACCEPTED) { id } }',
  );
  add(documentsErrors.QuoteExpired, 'QUOTE_EXPIRED', expired.rest, expired.graphql);
  const transition = onDocument(
    {},
    (id) => app.post(`/api/v1/documents/${id}/transition`, { status: 'SENT' }, token()),
    'mutation($id: ID!) { transitionDocument(id: $id, status: SENT) { id } }',
  );
  add(documentsErrors.TransitionNotAllowed, 'TRANSITION_NOT_ALLOWED', transition.rest, transition.graphql);
  const mailFailed = onDocument(
    { status: 'ISSUED' },
    (id) => app.post(`/api/v1/documents/${id}/send-email`, { to: 'x@klient.example' }, token()),
    'mutation($id: ID!) { sendDocumentEmail(id: $id, input: { to: "x@klient.example" }) { id } }',
  );
  add(documentsErrors.MailFailed, 'MAIL_FAILED', mailFailed.rest, mailFailed.graphql);

  // payments: `setup` imports one statement line and makes one document, then the operation runs on them
  const onPayment = (
    setup: {
      account?: Record<string, unknown>;
      line?: Record<string, unknown>;
      invoice?: Parameters<typeof makeInvoice>[2];
      matched?: boolean;
    },
    rest: (paymentId: string, documentId: string) => Promise<HttpResult>,
    query: string,
  ) => {
    const prepare = async () => {
      const account = await makeBankAccount(app, token(), setup.account);
      const imported = await importPayments(app, token(), account.id, [
        makePaymentLine({ amount: '123.45', ...setup.line }),
      ]);
      const paymentId: string = imported.lines[0].payment.id;
      const document = await makeInvoice(app, token(), { total: '123.45', ...setup.invoice });
      if (setup.matched)
        expect(
          (await app.put(`/api/v1/payments/${paymentId}/match`, { documentId: document.id }, token())).status,
        ).to.equal(200);
      return { paymentId, documentId: document.id as string };
    };
    return {
      rest: async () => {
        const { paymentId, documentId } = await prepare();
        return rest(paymentId, documentId);
      },
      graphql: async () => {
        const { paymentId, documentId } = await prepare();
        return app.graphql(query, { id: paymentId, documentId }, token());
      },
    };
  };
  const match = (paymentId: string, documentId: string) =>
    app.put(`/api/v1/payments/${paymentId}/match`, { documentId }, token());
  const matchMutation =
    'mutation($id: ID!, $documentId: ID!) { matchPayment(id: $id, documentId: $documentId) { id } }';
  const alreadyMatched = onPayment({ matched: true }, match, matchMutation);
  add(paymentsErrors.PaymentAlreadyMatched, 'PAYMENT_ALREADY_MATCHED', alreadyMatched.rest, alreadyMatched.graphql);
  const outgoing = onPayment({ line: { direction: 'OUT' } }, match, matchMutation);
  add(paymentsErrors.PaymentNotIncoming, 'PAYMENT_NOT_INCOMING', outgoing.rest, outgoing.graphql);
  const notPayable = onPayment({ invoice: { status: 'DRAFT' } }, match, matchMutation);
  add(paymentsErrors.DocumentNotPayable, 'DOCUMENT_NOT_PAYABLE', notPayable.rest, notPayable.graphql);
  // A CZK payment pays an EUR invoice at its rate; a USD one cannot.
  const currency = onPayment(
    { account: { currency: 'USD' }, line: { currency: 'USD' }, invoice: { currency: 'EUR', exchangeRate: '25' } },
    match,
    matchMutation,
  );
  add(paymentsErrors.CurrencyMismatch, 'CURRENCY_MISMATCH', currency.rest, currency.graphql);
  const notMatched = onPayment(
    {},
    (paymentId) => app.del(`/api/v1/payments/${paymentId}/match`, token()),
    'mutation($id: ID!) { unmatchPayment(id: $id) { id } }',
  );
  add(paymentsErrors.PaymentNotMatched, 'PAYMENT_NOT_MATCHED', notMatched.rest, notMatched.graphql);
  // statement files: the file as the body (REST) or as base64 (GraphQL)
  const importStatementFile = (content: Buffer) => {
    const account = async () => (await makeBankAccount(app, token())).id as string;
    return {
      rest: async () =>
        app.request('POST', `/api/v1/payments/import?bankAccountId=${await account()}`, {
          token: token(),
          raw: content,
          headers: { 'content-type': 'text/plain' },
        }),
      graphql: async () =>
        app.graphql(
          'mutation($input: StatementFileInput!) { importStatementFile(input: $input) { bankAccountId } }',
          { input: { bankAccountId: await account(), contentBase64: content.toString('base64') } },
          token(),
        ),
    };
  };
  const notStatement = importStatementFile(Buffer.from('no statement'));
  add(paymentsErrors.StatementFileInvalid, 'STATEMENT_FILE_INVALID', notStatement.rest, notStatement.graphql);
  const otherAccount = importStatementFile(fs.readFileSync('test/fixtures/statements/other-account.gpc'));
  add(paymentsErrors.StatementAccountMismatch, 'STATEMENT_ACCOUNT_MISMATCH', otherAccount.rest, otherAccount.graphql);

  // bank accounts: the CASH account exists once a payment is recorded by hand; an account with a payment keeps its currency
  const cashAccountId = async () => {
    const body = { amount: '1.00', currency: 'CZK', receivedAt: '2026-06-01', method: 'CASH' };
    const res = await app.post('/api/v1/payments', body, token());
    expect(res.status, res.text).to.equal(201);
    return res.body.bankAccountId as string;
  };
  add(
    paymentsErrors.SystemBankAccount,
    'SYSTEM_BANK_ACCOUNT',
    async () => app.del(`/api/v1/bank-accounts/${await cashAccountId()}`, token()),
    async () =>
      app.graphql('mutation($id: ID!) { deleteBankAccount(id: $id) }', { id: await cashAccountId() }, token()),
  );
  const accountWithPayment = async () => {
    const account = await makeBankAccount(app, token());
    await importPayments(app, token(), account.id, [makePaymentLine()]);
    return account.id as string;
  };
  add(
    paymentsErrors.BankAccountHasPayments,
    'BANK_ACCOUNT_HAS_PAYMENTS',
    async () => app.patch(`/api/v1/bank-accounts/${await accountWithPayment()}`, { currency: 'EUR' }, token()),
    async () =>
      app.graphql(
        'mutation($id: ID!) { updateBankAccount(id: $id, input: { currency: "EUR" }) { id } }',
        { id: await accountWithPayment() },
        token(),
      ),
  );

  // costs: `setup` makes one cost (cancelled, or paid by an outgoing payment, when asked) and imports one statement line
  let supplierId: string | null = null;
  const onCost = (
    setup: { cancelled?: boolean; paid?: boolean; direction?: 'IN' | 'OUT' },
    rest: (ids: { costId: string; paymentId: string; number: string }) => Promise<HttpResult>,
    query: string,
  ) => {
    const prepare = async () => {
      supplierId ??= (await app.post('/api/v1/contacts', { name: 'Dodavatel', type: 'SUPPLIER' }, token())).body
        .id as string;
      const number = `ERR-${randomUUID()}`;
      const cost = await app.post(
        '/api/v1/costs',
        {
          kind: 'INVOICE',
          supplierId,
          supplierDocumentNumber: number,
          issuedAt: '2026-06-01',
          items: [{ name: 'x', quantity: 1, unitPrice: '123.45', vatRate: 0 }],
        },
        token(),
      );
      expect(cost.status, cost.text).to.equal(201);
      if (setup.cancelled)
        expect((await app.post(`/api/v1/costs/${cost.body.id}/cancel`, {}, token())).status).to.equal(200);
      const account = await makeBankAccount(app, token());
      const imported = await importPayments(app, token(), account.id, [
        makePaymentLine({ amount: '123.45', direction: setup.direction ?? 'OUT' }),
      ]);
      const paymentId: string = imported.lines[0].payment.id;
      if (setup.paid)
        expect(
          (await app.put(`/api/v1/payments/${paymentId}/match`, { costId: cost.body.id }, token())).status,
        ).to.equal(200);
      return { costId: cost.body.id as string, paymentId, number };
    };
    return {
      rest: async () => rest(await prepare()),
      graphql: async () => {
        const { costId, paymentId, number } = await prepare();
        return app.graphql(
          query,
          {
            id: costId,
            paymentId,
            input: {
              kind: 'INVOICE',
              supplierId,
              supplierDocumentNumber: number,
              issuedAt: '2026-06-01',
              items: [{ name: 'x', quantity: 1, unitPrice: '1', vatRate: 0 }],
            },
          },
          token(),
        );
      },
    };
  };
  const duplicate = onCost(
    {},
    ({ number }) =>
      app.post(
        '/api/v1/costs',
        {
          kind: 'INVOICE',
          supplierId,
          supplierDocumentNumber: number,
          issuedAt: '2026-06-01',
          items: [{ name: 'x', quantity: 1, unitPrice: '1', vatRate: 0 }],
        },
        token(),
      ),
    'mutation($input: CreateCostInput!) { createCost(input: $input) { id } }',
  );
  add(costsErrors.DuplicateSupplierDocument, 'CONFLICT', duplicate.rest, duplicate.graphql);
  const notOpen = onCost(
    { cancelled: true },
    ({ costId }) => app.post(`/api/v1/costs/${costId}/cancel`, {}, token()),
    'mutation($id: ID!) { cancelCost(id: $id) { id } }',
  );
  add(costsErrors.CostNotOpen, 'COST_NOT_OPEN', notOpen.rest, notOpen.graphql);
  const hasPayments = onCost(
    { paid: true },
    ({ costId }) => app.del(`/api/v1/costs/${costId}`, token()),
    'mutation($id: ID!) { deleteCost(id: $id) }',
  );
  add(costsErrors.CostHasPayments, 'COST_HAS_PAYMENTS', hasPayments.rest, hasPayments.graphql);
  // ISDOC import: REST takes the file as the body, GraphQL importCostIsdoc the XML as text.
  const importIsdoc = (xml: string) => ({
    rest: () =>
      app.request('POST', '/api/v1/costs/import', {
        token: token(),
        raw: xml,
        headers: { 'content-type': 'application/xml' },
      }),
    graphql: () => app.graphql('mutation($xml: String!) { importCostIsdoc(xml: $xml) { id } }', { xml }, token()),
  });
  const notIsdoc = importIsdoc('<Invoice/>');
  add(costsErrors.IsdocInvalid, 'ISDOC_INVALID', notIsdoc.rest, notIsdoc.graphql);
  const creditNote = importIsdoc(
    fs
      .readFileSync('test/fixtures/isdoc/pohoda-6.0.1-czk.isdoc', 'utf8')
      .replace('<DocumentType>1<', '<DocumentType>2<'),
  );
  add(costsErrors.IsdocDocumentTypeUnsupported, 'ISDOC_DOCUMENT_TYPE_UNSUPPORTED', creditNote.rest, creditNote.graphql);
  const notXml = importIsdoc('plain text');
  add(costsErrors.UnsupportedImportFile, 'UNSUPPORTED_MEDIA_TYPE', notXml.rest, notXml.graphql);
  const matchCost = ({ costId, paymentId }: { costId: string; paymentId: string }) =>
    app.put(`/api/v1/payments/${paymentId}/match`, { costId }, token());
  const matchCostMutation = 'mutation($id: ID!, $paymentId: ID!) { matchPayment(id: $paymentId, costId: $id) { id } }';
  const incoming = onCost({ direction: 'IN' }, matchCost, matchCostMutation);
  add(paymentsErrors.PaymentNotOutgoing, 'PAYMENT_NOT_OUTGOING', incoming.rest, incoming.graphql);
  const costClosed = onCost({ cancelled: true }, matchCost, matchCostMutation);
  add(paymentsErrors.CostNotPayable, 'COST_NOT_PAYABLE', costClosed.rest, costClosed.graphql);

  // costs inbox: an unknown file type, too many files, confirming an item that was not read
  const inboxUpload = (files: Part[]) => ({
    rest: async () => ({ ...(await uploadRaw(app, token(), files)), headers: new Headers() }),
    graphql: () =>
      app.graphql(
        'mutation($files: [InboxFileInput!]!) { uploadInboxFiles(files: $files) { id } }',
        { files: files.map((f) => ({ filename: f.filename, contentBase64: f.content.toString('base64') })) },
        token(),
      ),
  });
  const text = inboxUpload([{ filename: 'note.txt', content: Buffer.from('not an invoice') }]);
  add(inboxErrors.InboxFileUnsupported, 'UNSUPPORTED_MEDIA_TYPE', text.rest, text.graphql);
  const eleven = inboxUpload(
    Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.pdf`, content: Buffer.from('%PDF-1.4\n%%EOF\n') })),
  );
  add(inboxErrors.InboxUploadTooLarge, 'PAYLOAD_TOO_LARGE', eleven.rest, eleven.graphql);
  // A 0-byte file is taken and ends FAILED: whenever confirm comes, the item is not EXTRACTED.
  const unreadItem = async () => {
    const res = await uploadRaw(app, token(), [{ filename: 'empty.pdf', content: Buffer.alloc(0) }]);
    expect(res.status, res.text).to.equal(201);
    return res.body.data[0].id as string;
  };
  add(
    inboxErrors.InboxItemNotExtracted,
    'INBOX_ITEM_NOT_EXTRACTED',
    async () => app.post(`/api/v1/inbox/${await unreadItem()}/confirm`, {}, token()),
    async () =>
      app.graphql(
        'mutation($id: ID!) { confirmInboxItem(id: $id) { cost { id } } }',
        { id: await unreadItem() },
        token(),
      ),
  );

  // recurring series: a series that has ENDED (its one occurrence, in the past, generated)
  const endedSeries = async () => {
    const series = await makeSeries(app, token(), { startDate: '2020-01-31', count: 1 });
    await app.app.container.services.recurring.recurringGenerator.run();
    return series.id as string;
  };
  add(
    recurringErrors.SeriesEnded,
    'RECURRING_SERIES_ENDED',
    async () => app.post(`/api/v1/recurring-series/${await endedSeries()}/resume`, {}, token()),
    async () =>
      app.graphql('mutation($id: ID!) { resumeRecurringSeries(id: $id) { id } }', { id: await endedSeries() }, token()),
  );
  const foreignContact = {
    name: 'x',
    documentType: 'INVOICE',
    contactId: randomUUID(),
    items: [{ name: 'x', quantity: '1', unitPrice: '1', vatRate: '21' }],
    startDate: '2030-01-01',
    unit: 'MONTH',
  };
  add(
    recurringErrors.SeriesContactInvalid,
    'RECURRING_CONTACT_INVALID',
    () => app.post('/api/v1/recurring-series', foreignContact, token()),
    () =>
      app.graphql(
        'mutation($input: RecurringSeriesInput!) { createRecurringSeries(input: $input) { id } }',
        { input: foreignContact },
        token(),
      ),
  );

  // exports: a ZIP of costs; a company with 5 exports queued (no job runs them here)
  const costsZip = { resource: 'costs', format: 'pdf-zip' };
  const createExport = 'mutation($input: CreateExportInput!) { createExport(input: $input) { id status } }';
  add(
    exportsErrors.ExportFormatUnsupported,
    'EXPORT_FORMAT_UNSUPPORTED',
    () => app.post('/api/v1/exports', costsZip, token()),
    () => app.graphql(createExport, { input: costsZip }, token()),
  );
  const busyCompany = async () => {
    const busy = await makeCompany(app);
    for (let i = 0; i < 5; i++)
      expect((await app.post('/api/v1/exports', { resource: 'contacts', format: 'csv' }, busy.token)).status).to.equal(
        202,
      );
    return busy.token;
  };
  add(
    exportsErrors.ExportLimitReached,
    'EXPORT_LIMIT_REACHED',
    async () => app.post('/api/v1/exports', { resource: 'contacts', format: 'csv' }, await busyCompany()),
    async () => app.graphql(createExport, { input: { resource: 'contacts', format: 'csv' } }, await busyCompany()),
  );

  // identity and oauth
  add(
    identityErrors.EmailTaken,
    'EMAIL_TAKEN',
    () => app.post('/api/v1/users', { email: company.email, password: 'long enough pass' }, token()),
    () =>
      app.graphql(
        'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
        { input: { email: company.email, password: 'long enough pass' } },
        token(),
      ),
  );
  const publicClient = async () => {
    const res = await app.post(
      '/api/v1/oauth/applications',
      { name: 'Mobile', redirectUris: ['https://mobile.example/cb'], scopes: ['documents:read'], confidential: false },
      token(),
    );
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };
  add(
    oauthErrors.PublicClientHasNoSecret,
    'PUBLIC_CLIENT',
    async () => app.post(`/api/v1/oauth/applications/${await publicClient()}/rotate-secret`, {}, token()),
    async () =>
      app.graphql(
        'mutation($id: ID!) { rotateOAuthApplicationSecret(id: $id) { clientSecret } }',
        { id: await publicClient() },
        token(),
      ),
  );

  // two-factor login: each call makes the person whose state it needs
  const appNow = async () => new Date((await app.get('/api/test/clock')).body.now as string);
  /** A new company whose OWNER has two-factor login on. */
  const withTwoFactor = async (): Promise<Company> => {
    const owner = await makeCompany(app);
    const setup = await app.post('/api/v1/auth/2fa/setup', {}, owner.token);
    const code = totp(base32Decode(setup.body.secret)!, await appNow());
    const enabled = await app.post('/api/v1/auth/2fa/enable', { code }, owner.token);
    expect(enabled.status, enabled.text).to.equal(200);
    return owner;
  };
  const settingUp = async () => {
    const person = await makeCompany(app);
    expect((await app.post('/api/v1/auth/2fa/setup', {}, person.token)).status).to.equal(200);
    return person.token;
  };
  const memberWithoutRequiredTwoFactor = async () => {
    const owner = await withTwoFactor();
    const required = await app.put('/api/v1/organization/two-factor-requirement', { required: true }, owner.token);
    expect(required.status, required.text).to.equal(200);
    return (await makeUser(app, owner)).token;
  };
  add(
    coreErrors.TwoFactorRequiredError,
    'TWO_FACTOR_REQUIRED',
    async () => app.get('/api/v1/contacts', await memberWithoutRequiredTwoFactor()),
    async () => app.graphql('{ contacts { data { id } } }', {}, await memberWithoutRequiredTwoFactor()),
  );
  add(
    identityErrors.TwoFactorNotEnabled,
    'TWO_FACTOR_NOT_ENABLED',
    () => app.post('/api/v1/auth/2fa/disable', { password: company.password, code: '000000' }, token()),
    () => app.graphql('mutation { disableTwoFactor(password: "x", code: "000000") }', {}, token()),
  );
  add(
    identityErrors.InvalidTwoFactorCode,
    'INVALID_TWO_FACTOR_CODE',
    async () => app.post('/api/v1/auth/2fa/enable', { code: '000000' }, await settingUp()),
    async () => app.graphql('mutation { enableTwoFactor(code: "000000") { recoveryCodes } }', {}, await settingUp()),
  );
  add(
    identityErrors.TwoFactorAlreadyEnabled,
    'TWO_FACTOR_ALREADY_ENABLED',
    async () => app.post('/api/v1/auth/2fa/setup', {}, (await withTwoFactor()).token),
    async () => app.graphql('mutation { setUpTwoFactor { secret } }', {}, (await withTwoFactor()).token),
  );
  const wrongPassword = { password: 'not the password at all', code: '000000' };
  add(
    identityErrors.ReauthenticationFailed,
    'REAUTHENTICATION_FAILED',
    async () => app.post('/api/v1/auth/2fa/disable', wrongPassword, (await withTwoFactor()).token),
    async () =>
      app.graphql(
        'mutation($password: String!, $code: String!) { disableTwoFactor(password: $password, code: $code) }',
        wrongPassword,
        (await withTwoFactor()).token,
      ),
  );

  it('has a case, or a reason for having none, for every declared error class', () => {
    const covered = [...cases.map((c) => c.error.name), ...Object.keys(NO_GRAPHQL_PATH)];
    expect([...new Set(covered)].sort()).to.deep.equal([...new Set(DECLARED)].sort());
  });

  it('answers each error with the same code (and status) in the REST body and in extensions.code', async function () {
    // About a hundred cases, one after another; the ISDOC ones validate against the XSD in a worker each.
    this.timeout(120_000);
    const seen: [string, string, string][] = [];
    for (const c of cases) {
      const rest = await c.rest();
      const graphql = await c.graphql();
      expect(graphql.status, graphql.text).to.equal(200);
      const [error] = graphql.body.errors ?? [];
      seen.push([c.error.name, rest.body.code, error?.extensions?.code]);
      if (c.code === 'INTERNAL_ERROR') {
        // Unexpected: generic on both sides, no details leaked.
        expect(rest.status).to.equal(500);
        expect(rest.body).to.deep.equal({
          error: 'Internal Server Error',
          message: 'An unexpected error occurred',
          code: 'INTERNAL_ERROR',
        });
        expect(error).to.deep.equal({
          message: 'An unexpected error occurred',
          path: ['createContact'],
          extensions: { code: 'INTERNAL_ERROR' },
        });
      } else {
        expect(error.extensions.status, c.error.name).to.equal(rest.status);
        expect(error.message, c.error.name).to.equal(rest.body.message);
      }
    }
    expect(seen).to.deep.equal(cases.map((c) => [c.error.name, c.code, c.code]));
  });
});
