import { expect } from 'chai';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, getDocument, makeBankAccount, makeCompany, makeInvoice } from '../helpers/fixtures';
import { FioServer } from '../helpers/fio-server';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';
import { getCost, makeCost, makeSupplier } from '../costs/costs.helpers';

/**
 * Issue 28 point 2: a bank account connected to Fio is synced (POST /sync and the periodic job)
 * against a local server speaking Fio's API: its JSON, its cursor, its 30 s limit, its answer to a
 * wrong token.
 */
describe('bank sync with Fio', function () {
  this.timeout(60_000);
  let app: TestApp;
  let fio: FioServer;
  let company: Company;
  let seed = 0;

  before(async () => {
    fio = new FioServer();
    const url = await fio.start();
    app = await startTestApp({ FIO_API_URL: url, BANK_SYNC_INTERVAL_MINUTES: '30' });
    company = await makeCompany(app);
  });
  after(async () => {
    await app.stop();
    await fio.stop();
  });

  /** Moves the app's Clock and Fio's by `ms`. */
  async function advance(ms: number): Promise<void> {
    const now = new Date((await app.get('/api/test/clock')).body.now).getTime();
    await app.post('/api/test/clock', { now: new Date(now + ms).toISOString() });
    fio.advance(ms);
  }

  async function connected(): Promise<{ account: any; token: string; number: string }> {
    const token = FioServer.token(`tok${++seed}A`);
    const number = `29000000${10 + seed}`;
    fio.account(token, number);
    const account = await makeBankAccount(app, company.token, { accountNumber: `${number}/2010` });
    const res = await app.put(
      `/api/v1/bank-accounts/${account.id}/connection`,
      { provider: 'FIO', token },
      company.token,
    );
    expect(res.status, res.text).to.equal(200);
    return { account, token, number };
  }

  const sync = async (accountId: string) => {
    const res = await app.post(`/api/v1/bank-accounts/${accountId}/sync`, {}, company.token);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };
  const paymentsOf = async (accountId: string) =>
    (await app.get(`/api/v1/payments?bankAccountId=${accountId}&limit=100`, company.token)).body.data;

  it('deleting the account removes its connection with it (bank_connection.removed), and the sweep no longer syncs it', async () => {
    const { account } = await connected();
    const seq = await lastEventSeq(app);
    const res = await app.del(`/api/v1/bank-accounts/${account.id}`, company.token);
    expect(res.status, res.text).to.equal(204);
    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal(['bank_connection.removed']);
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT 1 FROM bank_connections WHERE bank_account_id = $1', [account.id]);
      expect(rows).to.deep.equal([]);
    } finally {
      await db.end();
    }
  });

  it('connects with a sealed token that is never shown, and shows the connection on the account', async () => {
    const { account, token } = await connected();
    const got = await app.get(`/api/v1/bank-accounts/${account.id}`, company.token);
    expect(got.body.connection).to.include({ provider: 'FIO', status: 'NEW', lastSyncAt: null, lastError: null });
    expect(got.text).not.to.contain(token);
    const list = await app.get('/api/v1/bank-accounts', company.token);
    expect(list.body.data.find((a: any) => a.id === account.id).connection.status).to.equal('NEW');
    expect(list.text).not.to.contain(token);

    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT token, token_digest FROM bank_connections WHERE bank_account_id = $1', [
        account.id,
      ]);
      expect(rows[0].token).to.match(/^v1\.[0-9a-f]{8}\./);
      expect(rows[0].token).not.to.contain(token);
    } finally {
      await db.end();
    }
    expect(app.logs.join('\n')).not.to.contain(token);

    // A token that cannot be Fio's, the CASH account, another company's account.
    const bad = await app.put(
      `/api/v1/bank-accounts/${account.id}/connection`,
      { provider: 'FIO', token: 'short' },
      company.token,
    );
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].path).to.equal('token');
    const other = await makeCompany(app);
    const foreign = await app.put(
      `/api/v1/bank-accounts/${account.id}/connection`,
      { provider: 'FIO', token },
      other.token,
    );
    expect(foreign.status).to.equal(404);
  });

  it('imports each movement once with its symbols, matches invoices and costs, and never twice', async () => {
    const { account, token } = await connected();
    const invoice = await makeInvoice(app, company.token, { total: '1500.00', variableSymbol: '2026001' });
    const supplier = await makeSupplier(app, company.token);
    const cost = await makeCost(app, company.token, supplier.id, { variableSymbol: '7788' });
    fio.add(
      token,
      {
        amount: 1500,
        date: '2026-06-16',
        vs: '2026001',
        ks: '0308',
        ss: '42',
        counterAccount: '123456789',
        bankCode: '0800',
        counterName: 'Odběratel s.r.o.',
        message: 'Faktura 2026001',
      },
      { amount: -1210, date: '2026-06-16', vs: '7788', counterAccount: '19-2000145399', bankCode: '0300' },
      { amount: 99.5, date: '2026-06-17' },
    );
    const seq = await lastEventSeq(app);
    const first = await sync(account.id);
    expect(first).to.include({ outcome: 'SYNCED', imported: 3, duplicates: 0, matched: 2 });
    expect(first.connection).to.include({ status: 'OK', lastError: null });
    expect(first.connection.lastSyncAt).to.be.a('string');

    const payments = await paymentsOf(account.id);
    expect(payments).to.have.length(3);
    const incoming = payments.find((p: any) => p.variableSymbol === '2026001');
    expect(incoming).to.include({
      source: 'BANK_SYNC',
      amount: '1500.00',
      direction: 'IN',
      constantSymbol: '0308',
      specificSymbol: '42',
      counterAccount: '123456789/0800',
      counterAccountName: 'Odběratel s.r.o.',
      message: 'Faktura 2026001',
      matchStatus: 'AUTO_MATCHED',
      documentId: invoice.id,
      receivedAt: '2026-06-15T22:00:00.000Z',
    });
    expect(incoming.transactionId).to.match(/^\d{11}$/);
    const outgoing = payments.find((p: any) => p.direction === 'OUT');
    expect(outgoing).to.include({ amount: '1210.00', costId: cost.id, matchStatus: 'AUTO_MATCHED' });
    expect((await getDocument(app, company.token, invoice.id)).status).to.equal('PAID');
    expect((await getCost(app, company.token, cost.id)).status).to.equal('PAID');

    const events = await orgEventRecords(app, company.organizationId, seq);
    const imported = events.filter((e) => e.event === 'payment.imported');
    expect(imported).to.have.length(3);
    expect(
      imported.every((e) => (e.data as any).source === 'BANK_SYNC' && (e.data as any).bankAccountId === account.id),
    ).to.be.true;

    // 30 s later Fio gives the last movement again (it does, at times) beside a new one.
    await advance(31_000);
    fio.repeatNext = true;
    fio.add(token, { amount: 10, date: '2026-06-17' });
    const second = await sync(account.id);
    expect(second).to.include({ outcome: 'SYNCED', imported: 1, duplicates: 1 });
    expect(await paymentsOf(account.id)).to.have.length(4);
  });

  it('keeps Fio’s limit of one call per 30 s, and backs off on its 409', async () => {
    const { account, token } = await connected();
    fio.add(token, { amount: 1, date: '2026-06-17' });
    expect((await sync(account.id)).outcome).to.equal('SYNCED');
    const calls = fio.calls.length;
    // Our own limit: no call to Fio at all.
    const early = await sync(account.id);
    expect(early.outcome).to.equal('TOO_EARLY');
    expect(fio.calls.length).to.equal(calls);

    // Fio's 409 (another program used the token): nothing moves, the next call waits longer.
    await advance(31_000);
    fio.advance(-20_000); // Fio saw the token 11 s ago
    fio.add(token, { amount: 2, date: '2026-06-17' });
    const refused = await sync(account.id);
    expect(refused.outcome).to.equal('TOO_EARLY');
    expect(fio.calls.at(-1)!.status).to.equal(409);
    expect(refused.connection).to.include({ status: 'ERROR' });
    expect(refused.connection.lastError).to.contain('409');
    const clock = new Date((await app.get('/api/test/clock')).body.now).getTime();
    expect(new Date(refused.notBefore).getTime() - clock).to.be.at.least(59_000);

    await advance(61_000);
    const after = await sync(account.id);
    expect(after).to.include({ outcome: 'SYNCED', imported: 1 });
    expect(after.connection).to.include({ status: 'OK', lastError: null });
  });

  it('a rejected token: the connection shows it, one notification, and the job stops trying', async () => {
    const { account, token, number } = await connected();
    fio.revoke(token);
    const seq = await lastEventSeq(app);
    const res = await sync(account.id);
    expect(res.outcome).to.equal('TOKEN_REJECTED');
    const rejected = (await orgEventRecords(app, company.organizationId, seq)).map((e) => e.event);
    expect(rejected).to.deep.equal(['bank_connection.token_rejected']);
    expect(res.connection).to.include({ status: 'TOKEN_REJECTED', nextSyncAt: null });
    expect(res.connection.lastError).to.contain('refused the token');
    expect(res.connection.lastError).not.to.contain(token);

    const notes = async () =>
      (await app.get('/api/v1/notifications?limit=100', company.token)).body.data.filter(
        (n: any) => n.type === 'bank_connection.token_rejected' && n.message.includes(account.id),
      );
    expect(await notes()).to.have.length(1);

    // The periodic job leaves it alone: hours pass, Fio hears nothing more of it.
    const calls = fio.calls.filter((c) => c.token === token).length;
    for (let i = 0; i < 3; i++) {
      await advance(31 * 60_000);
      await app.post('/api/test/jobs/run-due', {});
    }
    expect(fio.calls.filter((c) => c.token === token).length).to.equal(calls);
    // Sync now tries again (and Fio refuses again): still one notification.
    await advance(31_000);
    expect((await sync(account.id)).outcome).to.equal('TOKEN_REJECTED');
    expect(await notes()).to.have.length(1);
    expect((await orgEventRecords(app, company.organizationId, seq)).map((e) => e.event)).to.deep.equal(rejected);

    // A new token brings it back.
    const fresh = FioServer.token(`fresh${seed}`);
    fio.account(fresh, number);
    fio.add(fresh, { amount: 5, date: '2026-06-17' });
    const put = await app.put(
      `/api/v1/bank-accounts/${account.id}/connection`,
      { provider: 'FIO', token: fresh },
      company.token,
    );
    expect(put.body).to.include({ status: 'NEW', lastError: null });
    expect((await sync(account.id)).outcome).to.equal('SYNCED');
  });

  it('a token of another Fio account imports nothing and stops the sync', async () => {
    const token = FioServer.token(`other${++seed}`);
    fio.account(token, '1111111111');
    fio.add(token, { amount: 50, date: '2026-06-17' });
    const account = await makeBankAccount(app, company.token, { accountNumber: '2900001234/2010' });
    await app.put(`/api/v1/bank-accounts/${account.id}/connection`, { provider: 'FIO', token }, company.token);
    const res = await sync(account.id);
    expect(res.outcome).to.equal('TOKEN_REJECTED');
    expect(res.connection.lastError).to.contain('reads Fio account 1111111111/2010, not this bank account');
    expect(await paymentsOf(account.id)).to.have.length(0);
  });

  it('movements that could not be stored are asked for again, after Fio’s cursor is put back', async () => {
    const { account, token } = await connected();
    fio.add(token, { amount: 666.66, date: '2026-06-17' });
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query(`
        CREATE FUNCTION test_refuse_payment() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.amount = 666.66 THEN RAISE EXCEPTION 'forced by the test'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER test_refuse_payment BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION test_refuse_payment();`);
      const failed = await app.post(`/api/v1/bank-accounts/${account.id}/sync`, {}, company.token);
      expect(failed.status).to.equal(500);
      const shown = (await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body.connection;
      expect(shown).to.include({
        status: 'ERROR',
        lastError: 'The movements could not be stored; the sync is retried',
      });
    } finally {
      await db.query('DROP TRIGGER test_refuse_payment ON payments; DROP FUNCTION test_refuse_payment()');
      await db.end();
    }
    await advance(61_000);
    expect((await sync(account.id)).outcome).to.equal('CURSOR_RESET');
    await advance(31_000);
    expect(await sync(account.id)).to.include({ outcome: 'SYNCED', imported: 1 });
    expect(await paymentsOf(account.id)).to.have.length(1);
  });

  it('the periodic job syncs every connected account each BANK_SYNC_INTERVAL_MINUTES', async () => {
    const { account, token } = await connected();
    fio.add(token, { amount: 3, date: '2026-06-17' });
    await advance(60_000);
    await app.post('/api/test/jobs/run-due', {});
    expect(await paymentsOf(account.id)).to.have.length(1);
    const got = (await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body.connection;
    expect(got.status).to.equal('OK');
    const next = new Date(got.nextSyncAt).getTime() - new Date(got.lastSyncAt).getTime();
    expect(next).to.equal(30 * 60_000);

    fio.add(token, { amount: 4, date: '2026-06-17' });
    await advance(10 * 60_000);
    await app.post('/api/test/jobs/run-due', {});
    expect(await paymentsOf(account.id)).to.have.length(1);
    await advance(21 * 60_000);
    await app.post('/api/test/jobs/run-due', {});
    expect(await paymentsOf(account.id)).to.have.length(2);
  });

  it('connecting and disconnecting are events and in the audit log, without the token', async () => {
    const seq = await lastEventSeq(app);
    const { account, token } = await connected();
    await app.del(`/api/v1/bank-accounts/${account.id}/connection`, company.token);
    const events = await orgEventRecords(app, company.organizationId, seq);
    expect(events.map((e) => [e.event, e.data])).to.deep.equal([
      ['bank_connection.connected', { bankAccountId: account.id, provider: 'FIO', status: 'NEW', lastError: null }],
      ['bank_connection.removed', { bankAccountId: account.id, provider: 'FIO', status: 'NEW', lastError: null }],
    ]);
    const res = await app.get('/api/v1/audit-log?limit=100', company.token);
    expect(res.status, res.text).to.equal(200);
    const entries = res.body.data.filter((e: any) => e.target?.id === account.id);
    expect(entries.map((e: any) => e.action)).to.have.members(['bank_connection.connected', 'bank_connection.removed']);
    expect(res.text).not.to.contain(token);
  });

  it('disconnecting removes the token and keeps the payments', async () => {
    const { account, token } = await connected();
    fio.add(token, { amount: 7, date: '2026-06-17' });
    await sync(account.id);
    const del = await app.del(`/api/v1/bank-accounts/${account.id}/connection`, company.token);
    expect(del.status).to.equal(204);
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body.connection).to.equal(null);
    expect(await paymentsOf(account.id)).to.have.length(1);
    expect((await app.del(`/api/v1/bank-accounts/${account.id}/connection`, company.token)).status).to.equal(404);
    expect((await app.post(`/api/v1/bank-accounts/${account.id}/sync`, {}, company.token)).status).to.equal(404);
  });

  it('GraphQL: connect, sync and see the connection', async () => {
    const token = FioServer.token(`gql${++seed}`);
    fio.account(token, '2900009999');
    fio.add(token, { amount: 12, date: '2026-06-17' });
    const account = await makeBankAccount(app, company.token, { accountNumber: '2900009999/2010' });
    const connect = await app.graphql(
      'mutation($id: ID!, $token: String!) { connectBankAccount(id: $id, provider: FIO, token: $token) { provider status } }',
      { id: account.id, token },
      company.token,
    );
    expect(connect.body.data.connectBankAccount).to.deep.equal({ provider: 'FIO', status: 'NEW' });
    const synced = await app.graphql(
      'mutation($id: ID!) { syncBankAccount(id: $id) { outcome imported connection { status lastSyncAt } } }',
      { id: account.id },
      company.token,
    );
    expect(synced.body.data.syncBankAccount).to.include({ outcome: 'SYNCED', imported: 1 });
    const read = await app.graphql(
      'query($id: ID!) { bankAccount(id: $id) { connection { provider status lastError } } }',
      { id: account.id },
      company.token,
    );
    expect(read.body.data.bankAccount.connection).to.deep.equal({ provider: 'FIO', status: 'OK', lastError: null });
    const off = await app.graphql(
      'mutation($id: ID!) { disconnectBankAccount(id: $id) }',
      { id: account.id },
      company.token,
    );
    expect(off.body.data.disconnectBankAccount).to.equal(true);
  });
});
