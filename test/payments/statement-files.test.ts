import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import fc from 'fast-check';
import { startTestApp, type HttpResult, type TestApp } from '../helpers/app';
import {
  type Company,
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeInvoice,
  makePaymentLine,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'statements');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** The movements of fio-2026-03.gpc (Windows-1250) as a preview shows them. */
const GPC_LINES = [
  {
    transactionId: '21345001',
    result: 'NEW',
    paymentId: null,
    amount: '12500.00',
    currency: 'CZK',
    direction: 'IN',
    receivedAt: '2026-03-01T23:00:00.000Z',
    variableSymbol: '2026001',
    constantSymbol: '308',
    specificSymbol: null,
    counterAccount: '19-2000145399/0800',
    counterAccountName: 'Žluťoučký kůň s.r.o',
    message: 'Platba faktury 2026001 – děkujeme',
  },
  {
    transactionId: '21345002',
    result: 'NEW',
    paymentId: null,
    amount: '1999.90',
    currency: 'CZK',
    direction: 'OUT',
    receivedAt: '2026-03-02T23:00:00.000Z',
    variableSymbol: '55',
    constantSymbol: null,
    specificSymbol: '777',
    counterAccount: '123456789/0100',
    counterAccountName: 'Dodavatel Říha',
    message: null,
  },
  {
    transactionId: '21345003',
    result: 'NEW',
    paymentId: null,
    amount: '350.00',
    currency: 'CZK',
    direction: 'IN',
    receivedAt: '2026-03-03T23:00:00.000Z',
    variableSymbol: null,
    constantSymbol: null,
    specificSymbol: null,
    counterAccount: null,
    counterAccountName: 'Vklad hotovosti',
    message: null,
  },
];

describe('statement files: ABO/GPC and CAMT.053 through POST /payments/import', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  /** POST /payments/import with the file as the raw body. */
  function upload(
    company: Company,
    bankAccountId: string | null,
    content: Buffer | string,
    options: { preview?: boolean; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<HttpResult> {
    const query = new URLSearchParams();
    if (bankAccountId) query.set('bankAccountId', bankAccountId);
    if (options.preview) query.set('preview', 'true');
    return app.request('POST', `/api/v1/payments/import?${query.toString()}`, {
      token: company.token,
      raw: content,
      headers: { 'content-type': options.contentType ?? 'text/plain', ...options.headers },
    });
  }

  async function paymentsOf(company: Company, bankAccountId: string): Promise<any[]> {
    const res = await app.get(`/api/v1/payments?bankAccountId=${bankAccountId}&limit=100`, company.token);
    expect(res.status, res.text).to.equal(200);
    return res.body.data;
  }

  it('previews a Windows-1250 GPC with Czech diacritics line by line and changes nothing', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const seq = await lastEventSeq(app);
    const res = await upload(company, account.id, fixture('fio-2026-03.gpc'), { preview: true });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      bankAccountId: account.id,
      format: 'GPC',
      summary: { new: 3, duplicates: 0 },
      lines: GPC_LINES,
    });
    expect(await paymentsOf(company, account.id)).to.deep.equal([]);
    expect(await orgEventRecords(app, company.organizationId, seq)).to.deep.equal([]);
  });

  it('imports a GPC through the intake (MANUAL_IMPORT, auto-matching); a re-import is all DUPLICATE', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const invoice = await makeInvoice(app, company.token, { total: '12500.00', variableSymbol: '2026001' });
    const seq = await lastEventSeq(app);

    const res = await upload(company, account.id, fixture('fio-2026-03.gpc'), {
      contentType: 'application/octet-stream',
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ bankAccountId: account.id, format: 'GPC' });
    expect(res.body.summary).to.deep.equal({ imported: 3, duplicates: 0, matched: 1 });
    expect(res.body.lines.map((l: any) => [l.transactionId, l.result])).to.deep.equal([
      ['21345001', 'IMPORTED'],
      ['21345002', 'IMPORTED'],
      ['21345003', 'IMPORTED'],
    ]);
    const [paid, outgoing] = res.body.lines.map((l: any) => l.payment);
    expect(paid).to.include({
      source: 'MANUAL_IMPORT',
      matchStatus: 'AUTO_MATCHED',
      documentId: invoice.id,
      variableSymbol: '2026001',
      constantSymbol: '308',
      counterAccount: '19-2000145399/0800',
      counterAccountName: 'Žluťoučký kůň s.r.o',
      message: 'Platba faktury 2026001 – děkujeme',
    });
    expect(outgoing).to.include({
      direction: 'OUT',
      amount: '1999.90',
      specificSymbol: '777',
      matchStatus: 'UNMATCHED',
    });
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '12500.00' });
    const events = await orgEventRecords(app, company.organizationId, seq);
    const imported = events.filter((e) => e.event === 'payment.imported');
    expect(imported).to.have.length(3);
    expect(imported.every((e) => e.data.source === 'MANUAL_IMPORT')).to.equal(true);
    expect(events.map((e) => e.event)).to.include.members(['payment.matched', 'document.paid']);

    // The same file again: nothing new, each line names the payment imported before.
    const seqAgain = await lastEventSeq(app);
    const preview = await upload(company, account.id, fixture('fio-2026-03.gpc'), { preview: true });
    expect(preview.body.summary).to.deep.equal({ new: 0, duplicates: 3 });
    expect(preview.body.lines.map((l: any) => [l.result, l.paymentId])).to.deep.equal(
      res.body.lines.map((l: any) => ['DUPLICATE', l.payment.id]),
    );
    const again = await upload(company, account.id, fixture('fio-2026-03.gpc'));
    expect(again.status, again.text).to.equal(200);
    expect(again.body.summary).to.deep.equal({ imported: 0, duplicates: 3, matched: 0 });
    expect(again.body.lines.map((l: any) => [l.result, l.payment.id])).to.deep.equal(
      res.body.lines.map((l: any) => ['DUPLICATE', l.payment.id]),
    );
    expect(await orgEventRecords(app, company.organizationId, seqAgain)).to.deep.equal([]);
    expect(await paymentsOf(company, account.id)).to.have.length(3);
  });

  it('reads a CAMT.053 with several entries and a batch (one payment per TxDtls), booked entries only', async () => {
    const company = await makeCompany(app);
    // The statement names the IBAN; the account only its domestic number: the same account.
    const account = await makeBankAccount(app, company.token);
    const preview = await upload(company, account.id, fixture('camt053-2026-03.xml'), {
      preview: true,
      contentType: 'application/xml',
    });
    expect(preview.status, preview.text).to.equal(200);
    expect(preview.body).to.include({ format: 'CAMT053' });
    expect(preview.body.summary).to.deep.equal({ new: 4, duplicates: 0 });
    const byId = Object.fromEntries(preview.body.lines.map((l: any) => [l.transactionId, l]));
    expect(Object.keys(byId)).to.deep.equal(['25501', '25502', '25503-A', '25503/2']);
    expect(byId['25501']).to.include({
      amount: '12500.00',
      direction: 'IN',
      receivedAt: '2026-03-01T23:00:00.000Z',
      variableSymbol: '2026001',
      constantSymbol: '308',
      specificSymbol: null,
      counterAccount: '19-2000145399/0800',
      counterAccountName: 'Žluťoučký kůň s.r.o.',
      message: 'Faktura 2026001 – děkujeme',
    });
    expect(byId['25502']).to.include({
      amount: '1999.90',
      direction: 'OUT',
      variableSymbol: '55',
      specificSymbol: '777',
      counterAccount: '123456788/0100',
      counterAccountName: 'Dodavatel Říha',
    });
    // The batch of 3000.00: two payments with their own amounts, references and symbols.
    expect(byId['25503-A']).to.include({
      amount: '1000.00',
      variableSymbol: '111',
      counterAccountName: 'Alena Dvořáková',
    });
    expect(byId['25503/2']).to.include({
      amount: '2000.00',
      variableSymbol: '222',
      specificSymbol: '9876',
      counterAccountName: 'Petr Šťastný',
    });

    const invoice = await makeInvoice(app, company.token, { total: '1000.00', variableSymbol: '111' });
    const res = await upload(company, account.id, fixture('camt053-2026-03.xml'), { contentType: 'application/xml' });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.summary).to.deep.equal({ imported: 4, duplicates: 0, matched: 1 });
    expect(res.body.lines[2].payment).to.include({ documentId: invoice.id, matchStatus: 'AUTO_MATCHED' });
    const again = await upload(company, account.id, fixture('camt053-2026-03.xml'), { contentType: 'application/xml' });
    expect(again.body.summary).to.deep.equal({ imported: 0, duplicates: 4, matched: 0 });
  });

  it('refuses a statement of another account or currency (400), and changes nothing', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const other = await upload(company, account.id, fixture('other-account.gpc'));
    expect(other.status, other.text).to.equal(400);
    expect(other.body.code).to.equal('STATEMENT_ACCOUNT_MISMATCH');
    expect(other.body.message).to.contain('2900000001');

    const ibanAccount = await makeBankAccount(app, company.token, {
      accountNumber: null,
      iban: 'CZ63 2010 0000 0029 0000 0001',
    });
    const camt = await upload(company, ibanAccount.id, fixture('camt053-2026-03.xml'), { preview: true });
    expect(camt.status, camt.text).to.equal(400);
    expect(camt.body.code).to.equal('STATEMENT_ACCOUNT_MISMATCH');

    // The right number, but a EUR account: the GPC states CZK (0203) on every line.
    const eur = await makeBankAccount(app, company.token, { currency: 'EUR' });
    const currency = await upload(company, eur.id, fixture('fio-2026-03.gpc'));
    expect(currency.status, currency.text).to.equal(400);
    expect(currency.body).to.include({ code: 'STATEMENT_ACCOUNT_MISMATCH' });
    expect(currency.body.message).to.contain('CZK');

    for (const a of [account, ibanAccount, eur]) expect(await paymentsOf(company, a.id)).to.deep.equal([]);
  });

  it('answers garbage, broken records and a DOCTYPE with 400 STATEMENT_FILE_INVALID, a missing account with 400', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const gpc = fixture('fio-2026-03.gpc').toString('latin1');
    const cases: [string, string | Buffer, string][] = [
      ['text', 'hello, this is no statement', 'Not a statement'],
      ['binary', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]), 'binary'],
      ['other XML', '<?xml version="1.0"?><Document><Invoice/></Document>', 'Not a statement'],
      ['bad posting code', gpc.replace('0000012500002', '0000012500009'), 'line 2'],
      ['amount not digits', gpc.replace('000001250000', '0000012500,0'), 'line 2: the amount'],
      ['unknown record', `${gpc}099garbage\r\n`, '"099"'],
      ['header only', gpc.split('\r\n')[0], 'no movements'],
      [
        'too many movements',
        [gpc.split('\r\n')[0], ...Array.from({ length: 1001 }, () => gpc.split('\r\n')[1])].join('\r\n'),
        'at most 1000 movements',
      ],
      [
        'DOCTYPE',
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document><BkToCstmrStmt/></Document>',
        'DOCTYPE',
      ],
      ['unclosed XML', '<Document><BkToCstmrStmt><Stmt><Acct>', ''],
    ];
    for (const [label, content, message] of cases) {
      const res = await upload(
        company,
        account.id,
        typeof content === 'string' ? Buffer.from(content, 'latin1') : content,
      );
      expect(res.status, `${label}: ${res.text}`).to.equal(400);
      expect(res.body.code, label).to.equal('STATEMENT_FILE_INVALID');
      expect(res.body.message, label).to.contain(message);
    }
    const noAccount = await upload(company, null, fixture('fio-2026-03.gpc'));
    expect(noAccount.status).to.equal(400);
    expect(noAccount.body.code).to.equal('VALIDATION_FAILED');
    expect(noAccount.body.details.map((d: any) => d.path)).to.deep.equal(['bankAccountId']);
    expect(await paymentsOf(company, account.id)).to.deep.equal([]);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const gpc = fixture('fio-2026-03.gpc');
    const big = Buffer.concat([gpc, Buffer.alloc(2 * 1024 * 1024 + 1 - gpc.length, 0x20)]);
    const res = await upload(company, account.id, big);
    expect(res.status, res.text).to.equal(413);
    expect(res.body.code).to.equal('PAYLOAD_TOO_LARGE');
    expect(await paymentsOf(company, account.id)).to.deep.equal([]);
  });

  it('previews JSON lines too (?preview=true), for statements read in the browser', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const [before] = (await importPayments(app, company.token, account.id, [makePaymentLine()])).lines;
    const line = makePaymentLine({ amount: '42.5', receivedAt: '2026-03-05', variableSymbol: '0099' });
    const res = await app.post(
      '/api/v1/payments/import?preview=true',
      { bankAccountId: account.id, payments: [pickLine(before.payment), line, line] },
      company.token,
    );
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ format: 'JSON', bankAccountId: account.id });
    expect(res.body.summary).to.deep.equal({ new: 1, duplicates: 2 });
    expect(res.body.lines.map((l: any) => [l.result, l.paymentId])).to.deep.equal([
      ['DUPLICATE', before.payment.id],
      ['NEW', null],
      ['DUPLICATE', null],
    ]);
    expect(res.body.lines[1]).to.include({
      amount: '42.50',
      receivedAt: '2026-03-04T23:00:00.000Z',
      variableSymbol: '0099',
    });
    expect(await paymentsOf(company, account.id)).to.have.length(1);
  });

  it('replays an Idempotency-Key upload of the same file without importing twice', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const headers = { 'idempotency-key': `stmt-${Date.now()}` };
    const first = await upload(company, account.id, fixture('fio-2026-03.gpc'), { headers });
    expect(first.status, first.text).to.equal(200);
    const replay = await upload(company, account.id, fixture('fio-2026-03.gpc'), { headers });
    expect(replay.status, replay.text).to.equal(200);
    expect(replay.body).to.deep.equal(first.body);
    expect(replay.body.summary.imported).to.equal(3);
    expect(await paymentsOf(company, account.id)).to.have.length(3);
  });

  it('previews and imports a file over GraphQL (base64) with the same results and error codes', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const contentBase64 = fixture('fio-2026-03.gpc').toString('base64');
    const preview = await app.graphql(
      `query($input: StatementFileInput!) { previewStatementFile(input: $input) {
        format summary { new duplicates } lines { transactionId result counterAccountName message } } }`,
      { input: { bankAccountId: account.id, contentBase64 } },
      company.token,
    );
    expect(preview.body.errors).to.equal(undefined);
    expect(preview.body.data.previewStatementFile).to.deep.equal({
      format: 'GPC',
      summary: { new: 3, duplicates: 0 },
      lines: GPC_LINES.map(({ transactionId, result, counterAccountName, message }) => ({
        transactionId,
        result,
        counterAccountName,
        message,
      })),
    });
    const mutation = `mutation($input: StatementFileInput!) { importStatementFile(input: $input) {
      bankAccountId summary { imported duplicates matched } lines { result payment { source } } } }`;
    const imported = await app.graphql(
      mutation,
      { input: { bankAccountId: account.id, contentBase64 } },
      company.token,
    );
    expect(imported.body.errors).to.equal(undefined);
    expect(imported.body.data.importStatementFile).to.deep.include({
      bankAccountId: account.id,
      summary: { imported: 3, duplicates: 0, matched: 0 },
    });
    expect(imported.body.data.importStatementFile.lines[0]).to.deep.equal({
      result: 'IMPORTED',
      payment: { source: 'MANUAL_IMPORT' },
    });
    const again = await app.graphql(mutation, { input: { bankAccountId: account.id, contentBase64 } }, company.token);
    expect(again.body.data.importStatementFile.summary).to.deep.equal({ imported: 0, duplicates: 3, matched: 0 });

    const wrong = await app.graphql(
      mutation,
      { input: { bankAccountId: account.id, contentBase64: fixture('other-account.gpc').toString('base64') } },
      company.token,
    );
    expect(wrong.body.errors[0].extensions.code).to.equal('STATEMENT_ACCOUNT_MISMATCH');
    const garbage = await app.graphql(
      mutation,
      { input: { bankAccountId: account.id, contentBase64: Buffer.from('nothing').toString('base64') } },
      company.token,
    );
    expect(garbage.body.errors[0].extensions.code).to.equal('STATEMENT_FILE_INVALID');

    const tooLong = await app.graphql(
      mutation,
      { input: { bankAccountId: account.id, contentBase64: 'A'.repeat(1_000_004) } },
      company.token,
    );
    expect(tooLong.body.errors[0].extensions).to.include({ code: 'VALIDATION_FAILED' });
    expect(tooLong.body.errors[0].extensions.details[0].path).to.equal('contentBase64');

    const lines = await app.graphql(
      `query($input: ImportPaymentsInput!) { previewPayments(input: $input) { format summary { new duplicates } } }`,
      { input: { bankAccountId: account.id, payments: [{ ...pickLine(makePaymentLine()), currency: null }] } },
      company.token,
    );
    expect(lines.body.errors, JSON.stringify(lines.body.errors)).to.equal(undefined);
    expect(lines.body.data.previewPayments).to.deep.equal({ format: 'JSON', summary: { new: 1, duplicates: 0 } });
  });

  it('never answers a mangled statement with a 5xx', async () => {
    const company = await makeCompany(app);
    const account = await makeBankAccount(app, company.token);
    const files = [fixture('fio-2026-03.gpc'), fixture('camt053-2026-03.xml')];
    // Found by this property in CI: an amount that is not a number ("=2500.00") threw inside bignumber.js.
    const notANumber = fixture('camt053-2026-03.xml').toString('utf8').replaceAll('>12500.00<', '>=2500.00<');
    const refused = await upload(company, account.id, Buffer.from(notANumber), { preview: true });
    expect(refused.status, refused.text).to.equal(400);
    expect(refused.body.code).to.equal('STATEMENT_FILE_INVALID');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...files),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        async (file, edits) => {
          const bytes = Buffer.from(file);
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          const res = await upload(company, account.id, bytes, { preview: true });
          expect([200, 400], res.text).to.include(res.status);
        },
      ),
      { numRuns: 40 },
    );
  });
});

/** The fields of a statement line a payment record has. */
function pickLine(p: any): Record<string, unknown> {
  const { transactionId, amount, currency, direction, receivedAt, variableSymbol, counterAccount } = p;
  return { transactionId, amount, currency, direction, receivedAt, variableSymbol, counterAccount };
}
