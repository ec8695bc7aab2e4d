import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  importPayments,
  makeBankAccount,
  makeCompany,
  makePaymentLine,
  makeUser,
} from '../helpers/fixtures';

/** Issue 28, point 1: PATCH and DELETE /api/v1/bank-accounts/{id} and their GraphQL mutations. */
describe('editing and deleting bank accounts', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const patch = (id: string, body: unknown, token = company.token) =>
    app.patch(`/api/v1/bank-accounts/${id}`, body, token);

  /** The CASH account of CZK, made by recording a payment by hand. */
  async function cashAccountId(): Promise<string> {
    const body = { amount: '10.00', currency: 'CZK', receivedAt: '2026-06-01', method: 'CASH' };
    const res = await app.post('/api/v1/payments', body, company.token);
    expect(res.status, res.text).to.equal(201);
    return res.body.bankAccountId;
  }

  it('changes name, account number, IBAN and currency of an account without payments', async () => {
    const account = await makeBankAccount(app, company.token, { name: 'Starý' });
    await app.post('/api/test/clock', { advanceSeconds: 60 });
    const res = await patch(account.id, {
      name: ' Fio EUR ',
      accountNumber: '19-2000145399/0800',
      iban: 'cz65 0800 0000 1920 0014 5399',
      currency: 'eur',
    });
    expect(res.status, res.text).to.equal(200);
    const { updatedAt, ...rest } = res.body;
    expect(rest).to.deep.equal({
      id: account.id,
      name: 'Fio EUR',
      accountNumber: '19-2000145399/0800',
      iban: 'CZ6508000000192000145399',
      currency: 'EUR',
      kind: 'BANK',
      connection: null,
      createdAt: account.createdAt,
    });
    expect(Date.parse(updatedAt) - Date.parse(account.updatedAt)).to.be.at.least(60_000);
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body).to.deep.equal(res.body);
  });

  it('changes only the fields sent, and clears the account number while an IBAN remains', async () => {
    const account = await makeBankAccount(app, company.token, { iban: 'DE89370400440532013000' });
    const renamed = await patch(account.id, { name: 'Jen jméno' });
    expect(renamed.status, renamed.text).to.equal(200);
    expect(renamed.body).to.include({
      name: 'Jen jméno',
      accountNumber: account.accountNumber,
      iban: 'DE89370400440532013000',
      currency: 'CZK',
    });
    const cleared = await patch(account.id, { accountNumber: '' });
    expect(cleared.status, cleared.text).to.equal(200);
    expect(cleared.body).to.include({ accountNumber: null, iban: 'DE89370400440532013000' });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['an IBAN with a wrong checksum', { iban: 'CZ6508000000192000145398' }, 'iban'],
    ['a malformed account number', { accountNumber: '2000145399' }, 'accountNumber'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
    ['a currency that is not ISO 4217', { currency: 'Kč' }, 'currency'],
    ['neither account number nor IBAN left', { accountNumber: null }, 'accountNumber'],
  ];
  for (const [what, body, path] of invalid) {
    it(`rejects ${what} with 400 VALIDATION_FAILED and changes nothing`, async () => {
      const account = await makeBankAccount(app, company.token);
      const res = await patch(account.id, body);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details.map((d: { path: string }) => d.path)).to.deep.equal([path]);
      expect((await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body).to.deep.equal(account);
    });
  }

  it('keeps the currency of an account with payments (409) but lets the rest change', async () => {
    const account = await makeBankAccount(app, company.token);
    await importPayments(app, company.token, account.id, [makePaymentLine()]);
    const res = await patch(account.id, { name: 'Nový název', currency: 'EUR' });
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({
      error: 'Conflict',
      message: 'The currency of a bank account with payments cannot change',
      code: 'BANK_ACCOUNT_HAS_PAYMENTS',
    });
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body).to.deep.equal(account);
    const same = await patch(account.id, { name: 'Nový název', currency: 'CZK' });
    expect(same.status, same.text).to.equal(200);
    expect(same.body).to.include({ name: 'Nový název', currency: 'CZK' });
  });

  it('refuses to edit or delete the CASH account (409 SYSTEM_BANK_ACCOUNT)', async () => {
    const id = await cashAccountId();
    const edited = await patch(id, { name: 'Moje pokladna' });
    expect(edited.status).to.equal(409);
    expect(edited.body).to.deep.equal({
      error: 'Conflict',
      message: 'The CASH account is kept by Faktura and cannot be edited; only BANK accounts can',
      code: 'SYSTEM_BANK_ACCOUNT',
    });
    const deleted = await app.del(`/api/v1/bank-accounts/${id}`, company.token);
    expect(deleted.status).to.equal(409);
    expect(deleted.body.message).to.equal(
      'The CASH account is kept by Faktura and cannot be deleted; only BANK accounts can',
    );
    const cash = await app.get(`/api/v1/bank-accounts/${id}`, company.token);
    expect(cash.body).to.include({ name: 'Pokladna CZK', kind: 'CASH' });
  });

  it('deletes an account: it leaves lists and lookups, its payments stay and still name it', async () => {
    const own = await makeCompany(app);
    const kept = await makeBankAccount(app, own.token, { name: 'Zůstává' });
    const account = await makeBankAccount(app, own.token, { name: 'Ke smazání' });
    const imported = await importPayments(app, own.token, account.id, [makePaymentLine(), makePaymentLine()]);
    const paymentIds = imported.lines.map((l: any) => l.payment.id);

    const res = await app.del(`/api/v1/bank-accounts/${account.id}`, own.token);
    expect(res.status, res.text).to.equal(204);
    expect(res.text).to.equal('');

    const notFound = { error: 'Not Found', message: 'Bank account not found', code: 'NOT_FOUND' };
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, own.token)).body).to.deep.equal(notFound);
    expect((await app.get('/api/v1/bank-accounts', own.token)).body).to.deep.equal({ data: [kept], nextCursor: null });
    const payments = await app.get(`/api/v1/payments?bankAccountId=${account.id}`, own.token);
    expect(payments.status, payments.text).to.equal(200);
    expect(payments.body.data.map((p: any) => [p.id, p.bankAccountId])).to.have.deep.members(
      paymentIds.map((id: string) => [id, account.id]),
    );
    for (const id of paymentIds) {
      expect((await app.get(`/api/v1/payments/${id}`, own.token)).body.bankAccountId).to.equal(account.id);
    }

    // Nothing more goes into it, and it cannot be changed or deleted again.
    const line = makePaymentLine();
    const again = await app.post('/api/v1/payments/import', { bankAccountId: account.id, payments: [line] }, own.token);
    expect(again.status).to.equal(404);
    const manual = await app.post(
      '/api/v1/payments',
      { amount: '1.00', currency: 'CZK', receivedAt: '2026-06-01', method: 'TRANSFER', bankAccountId: account.id },
      own.token,
    );
    expect(manual.body).to.deep.equal(notFound);
    expect((await patch(account.id, { name: 'Zpět' }, own.token)).body).to.deep.equal(notFound);
    expect((await app.del(`/api/v1/bank-accounts/${account.id}`, own.token)).body).to.deep.equal(notFound);
  });

  it('answers 404 for unknown ids, non-UUIDs and other organizations’ accounts, changing nothing', async () => {
    const other = await makeCompany(app);
    const foreign = await makeBankAccount(app, other.token);
    for (const id of [randomUUID(), 'not-a-uuid', foreign.id]) {
      expect((await patch(id, { name: 'Cizí' })).status, id).to.equal(404);
      expect((await app.del(`/api/v1/bank-accounts/${id}`, company.token)).status, id).to.equal(404);
    }
    expect((await app.get(`/api/v1/bank-accounts/${foreign.id}`, other.token)).body).to.deep.equal(foreign);
  });

  it('needs payments:write to edit or delete', async () => {
    const account = await makeBankAccount(app, company.token);
    const reader = await makeUser(app, company, { permissions: { payments: 'read' } });
    expect((await patch(account.id, { name: 'X' }, reader.token)).status).to.equal(403);
    expect((await app.del(`/api/v1/bank-accounts/${account.id}`, reader.token)).status).to.equal(403);
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body).to.deep.equal(account);
  });

  it('never lets a payment in the old currency slip in while the currency changes', async () => {
    for (let round = 0; round < 6; round++) {
      const account = await makeBankAccount(app, company.token);
      const [changed, recorded] = await Promise.all([
        patch(account.id, { currency: 'EUR' }),
        app.post(
          '/api/v1/payments',
          { amount: '5.00', currency: 'CZK', receivedAt: '2026-06-01', method: 'TRANSFER', bankAccountId: account.id },
          company.token,
        ),
      ]);
      // One of them wins: the payment first (the currency stays, 409), or the currency first (the payment is refused, 400).
      const outcome = `${changed.status}/${recorded.status}`;
      expect(['409/201', '200/400'], `${outcome} ${changed.text} ${recorded.text}`).to.include(outcome);
      const payments = await app.get(`/api/v1/payments?bankAccountId=${account.id}`, company.token);
      const currency = (await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body.currency;
      for (const p of payments.body.data) expect(p.currency).to.equal(currency);
    }
  });

  it('edits and deletes over GraphQL with the same rules', async () => {
    const account = await makeBankAccount(app, company.token);
    const update = await app.graphql(
      'mutation($id: ID!, $input: UpdateBankAccountInput!) { updateBankAccount(id: $id, input: $input) { id name iban currency kind } }',
      { id: account.id, input: { name: 'GraphQL', iban: 'DE89 3704 0044 0532 0130 00', currency: 'EUR' } },
      company.token,
    );
    expect(update.body.errors, update.text).to.equal(undefined);
    expect(update.body.data.updateBankAccount).to.deep.equal({
      id: account.id,
      name: 'GraphQL',
      iban: 'DE89370400440532013000',
      currency: 'EUR',
      kind: 'BANK',
    });
    const badIban = await app.graphql(
      'mutation($id: ID!) { updateBankAccount(id: $id, input: { iban: "CZ6508000000192000145398" }) { id } }',
      { id: account.id },
      company.token,
    );
    expect(badIban.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');

    const cash = await app.graphql(
      'mutation($id: ID!) { deleteBankAccount(id: $id) }',
      { id: await cashAccountId() },
      company.token,
    );
    expect(cash.body.errors[0].extensions.code).to.equal('SYSTEM_BANK_ACCOUNT');
    const deleted = await app.graphql(
      'mutation($id: ID!) { deleteBankAccount(id: $id) }',
      { id: account.id },
      company.token,
    );
    expect(deleted.body).to.deep.equal({ data: { deleteBankAccount: true } });
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).status).to.equal(404);
  });
});
