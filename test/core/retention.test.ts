import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, TEST_EPOCH, type TestApp } from '../helpers/app';
import { makeAutomation } from '../helpers/automations';
import { setClock } from '../helpers/controls';
import {
  importPayments,
  makeBankAccount,
  makeCompany,
  makeInvoice,
  makePaymentLine,
  type Company,
} from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { makeWebhook, settleWebhooks } from '../helpers/webhooks';
import { makeCost, makeSupplier } from '../costs/costs.helpers';

/**
 * Retention (issue 24 point 3): the daily `<module>.retention` jobs, driven by the Clock. Every kind
 * is created at TEST_EPOCH, then the Clock moves to just inside and just past each limit and the due
 * jobs run. RETENTION_BATCH_SIZE is 3 and every kind has more rows than that, so a job that deleted
 * one batch only would leave rows behind.
 */
describe('retention', function () {
  this.timeout(120_000);
  const DAY = 24 * 3600;
  const KINDS = 5;
  let app: TestApp;
  let db: Client;
  let receiver: Receiver;
  let company: Company;
  let other: Company;
  /** Rows of the epoch: created before this instant. */
  const created = new Date(new Date(TEST_EPOCH).getTime() + 3600 * 1000);
  const at = (seconds: number) => new Date(new Date(TEST_EPOCH).getTime() + seconds * 1000).toISOString();

  before(async () => {
    receiver = await startReceiver();
    // No SMTP_URL: e-mails are stored in outbound_email (the stored e-mails retention is about).
    app = await startTestApp({ RETENTION_BATCH_SIZE: '3', SESSION_TTL_SECONDS: String(2 * DAY) });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });

  after(async () => {
    await db?.end();
    await app?.stop();
    await receiver?.close();
  });

  async function count(sql: string, values: unknown[] = []): Promise<number> {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) t`, values);
    return rows[0].n;
  }

  /** The epoch's rows of each kind the jobs may delete, and what must always stay. */
  async function counts(): Promise<Record<string, number>> {
    const org = company.organizationId;
    const old = [org, created];
    return {
      deliveries: await count('SELECT 1 FROM webhook_deliveries WHERE organization_id = $1 AND created_at < $2', old),
      runs: await count('SELECT 1 FROM automation_runs WHERE organization_id = $1 AND created_at < $2', old),
      readNotifications: await count(
        'SELECT 1 FROM notifications WHERE organization_id = $1 AND created_at < $2 AND read',
        old,
      ),
      unreadNotifications: await count(
        'SELECT 1 FROM notifications WHERE organization_id = $1 AND created_at < $2 AND NOT read',
        old,
      ),
      emails: await count(
        "SELECT 1 FROM outbound_email WHERE recipient LIKE '%@retention.example' AND created_at < $1",
        [created],
      ),
      events: await count('SELECT 1 FROM event_outbox WHERE organization_id = $1 AND created_at < $2', old),
      parkedEvent: await count('SELECT 1 FROM event_outbox WHERE organization_id = $1', [other.organizationId]),
      sessions: await count('SELECT 1 FROM sessions WHERE user_id = $1 AND created_at < $2', [company.userId, created]),
      audit: await count('SELECT 1 FROM audit_log WHERE organization_id = $1 AND created_at < $2', old),
      idempotencyKeys: await count(
        'SELECT 1 FROM idempotency_keys WHERE organization_id = $1 AND created_at < $2',
        old,
      ),
      documents: await count('SELECT 1 FROM documents WHERE organization_id = $1', [org]),
      documentHistory: await count('SELECT 1 FROM document_history WHERE organization_id = $1', [org]),
      payments: await count('SELECT 1 FROM payments WHERE organization_id = $1', [org]),
      costs: await count('SELECT 1 FROM costs WHERE organization_id = $1', [org]),
    };
  }

  const RETENTION_MODULES = [
    'outbox',
    'mail',
    'identity',
    'audit',
    'notifications',
    'webhooks',
    'automations',
    'idempotency',
    'exports',
    'inbox',
  ];

  /** The retention jobs' log lines so far: which module, how many rows of each kind. */
  function retentionRuns(): { module: string; deleted: Record<string, number> }[] {
    return app.logs
      .map((l) => JSON.parse(l) as { msg?: string; module: string; deleted: Record<string, number> })
      .filter((l) => l.msg === 'retention: old rows deleted');
  }

  async function login(who: Company): Promise<string> {
    const res = await app.post('/api/v1/auth/login', { email: who.email, password: who.password });
    expect(res.status, res.text).to.equal(200);
    return res.body.token;
  }

  /**
   * Moves the Clock to `seconds` after the epoch and runs every job due. The retention jobs run at
   * 02:45 Prague: each instant here is after one more such night than the previous one, so they run
   * every time, with the limit measured from that instant.
   */
  async function runAt(seconds: number): Promise<Record<string, number>> {
    await setClock(app, at(seconds));
    const before = retentionRuns().length;
    const res = await app.post('/api/test/jobs/run-due', {});
    expect(res.status, res.text).to.equal(200);
    // Every owning module's job ran once (so a kept row was kept by a job that ran, not by none running).
    expect(
      retentionRuns()
        .slice(before)
        .map((l) => l.module),
    ).to.have.members(RETENTION_MODULES);
    return counts();
  }

  it('deletes each kind after its limit, in batches, and keeps documents, payments and costs', async () => {
    company = await makeCompany(app);
    other = await makeCompany(app);
    const token = company.token;
    for (let i = 0; i < 3; i++) await login(company); // more sessions than one batch
    const webhook = await makeWebhook(app, token, { url: receiver.url, events: ['document.created'] });
    await makeAutomation(app, token);
    const docs = [];
    for (let i = 0; i < KINDS; i++) docs.push(await makeInvoice(app, token));
    await settleWebhooks(app);
    expect(receiver.received).to.have.length(KINDS);
    const hook = await app.get(`/api/v1/webhooks/${webhook.id}/deliveries`, token);
    expect(hook.body.data.map((d: any) => d.status)).to.deep.equal(Array(KINDS).fill('DELIVERED'));
    for (const doc of docs) {
      const sent = await app.request('POST', `/api/v1/documents/${doc.id}/send-email`, {
        body: { to: 'buyer@retention.example' },
        token,
        headers: { 'idempotency-key': `retention-${doc.id}` },
      });
      expect(sent.status, sent.text).to.equal(200);
      expect(sent.body.status).to.equal('SENT');
    }
    const notifications = await app.get('/api/v1/notifications?limit=100', token);
    expect(notifications.status, notifications.text).to.equal(200);
    // All but one read: unread ones stay whatever their age.
    for (const n of notifications.body.data.slice(1)) {
      const read = await app.post(`/api/v1/notifications/${n.id}/read`, {}, token);
      expect(read.status, read.text).to.equal(200);
    }
    const account = await makeBankAccount(app, token);
    await importPayments(app, token, account.id, [makePaymentLine(), makePaymentLine()]);
    const supplier = await makeSupplier(app, token);
    await makeCost(app, token, supplier.id);
    await makeCost(app, token, supplier.id);
    await settleWebhooks(app);

    // The other company's event waits, parked, for the webhooks consumer: it stays whatever its age.
    const contact = await app.post('/api/v1/contacts', { name: 'Parked s.r.o.' }, other.token);
    expect(contact.status, contact.text).to.equal(201);
    await settleWebhooks(app);
    const { rowCount } = await db.query(
      `INSERT INTO outbox_deliveries (consumer, seq, tx_id, organization_id, attempts, next_attempt_at, last_attempt_at, last_error, parked_at)
       SELECT 'webhooks', seq, tx_id, organization_id, 8, $2, $2, 'test: parked', $2 FROM event_outbox WHERE organization_id = $1`,
      [other.organizationId, TEST_EPOCH],
    );
    expect(rowCount).to.be.greaterThan(0);

    const start = await counts();
    expect(start.deliveries).to.equal(KINDS);
    expect(start.runs).to.equal(KINDS);
    expect(start.readNotifications).to.be.greaterThan(3);
    expect(start.unreadNotifications).to.equal(1);
    expect(start.emails).to.equal(KINDS);
    expect(start.events).to.be.greaterThan(3);
    expect(start.sessions).to.equal(4);
    expect(start.audit).to.be.greaterThan(3);
    expect(start.idempotencyKeys).to.equal(KINDS);
    expect(start.documents).to.equal(KINDS);
    expect(start.payments).to.equal(2);
    expect(start.costs).to.equal(2);
    const lasting = {
      documents: start.documents,
      documentHistory: start.documentHistory,
      payments: start.payments,
      costs: start.costs,
      unreadNotifications: 1,
      parkedEvent: start.parkedEvent,
    };

    // A day later (past one 02:45 in Prague, the keys just inside their 24 hours): everything stays.
    expect(await runAt(DAY - 3600)).to.deep.equal(start);
    // The next night the Idempotency-Keys are past 24 hours and go; sessions still valid stay.
    expect(await runAt(2 * DAY - 3600)).to.deep.equal({ ...start, idempotencyKeys: 0 });
    expect((await app.get('/api/v1/auth/me', token)).status).to.equal(200);

    // A consumer that has not passed the events (registered before them, never moved) holds them back.
    await db.query(
      `INSERT INTO outbox_consumers (name, position_tx, position_seq, registered_at) VALUES ('retention-lagging', '1'::xid8, 0, $1)`,
      [TEST_EPOCH],
    );

    // Sessions expired at two days: gone. Outbox events just inside 30 days: kept.
    const day29 = await runAt(30 * DAY - 3600);
    expect(day29).to.deep.equal({ ...start, idempotencyKeys: 0, sessions: 0 });
    expect((await app.get('/api/v1/auth/me', token)).status).to.equal(401);

    // Past 30 days (the next night's run) the lagging consumer still holds every event back; once it is gone they go.
    expect(await runAt(31 * DAY)).to.deep.equal(day29);
    await db.query(`DELETE FROM outbox_consumers WHERE name = 'retention-lagging'`);
    const day31 = await runAt(32 * DAY);
    expect(day31).to.deep.equal({ ...day29, events: 0 });

    // Just inside 90 days: deliveries, runs, e-mails and read notifications stay.
    expect(await runAt(90 * DAY - 3600)).to.deep.equal(day31);

    // Past 90 days (the next night's run) they go; documents, their history (sent), payments, costs and unread notifications stay.
    const day90 = await runAt(91 * DAY);
    expect(day90).to.deep.equal({
      ...day31,
      deliveries: 0,
      runs: 0,
      readNotifications: 0,
      emails: 0,
    });
    expect(day90).to.include(lasting);
    expect(day90.audit).to.equal(start.audit);

    const fresh = await login(company);
    const list = await app.get('/api/v1/documents?limit=100', fresh);
    expect(list.body.data.map((d: any) => d.status)).to.deep.equal(Array(KINDS).fill('SENT'));
    const history = await app.get(`/api/v1/documents/${docs[0].id}/history`, fresh);
    expect(history.status, history.text).to.equal(200);
    expect(JSON.stringify(history.body)).to.include('SENT');

    // The audit log: kept a year, gone after it.
    expect((await runAt(365 * DAY - 3600)).audit).to.equal(start.audit);
    const year = await runAt(366 * DAY);
    expect(year).to.deep.equal({ ...day90, audit: 0 });
    expect(year).to.include(lasting);
    // The log shows batches ran to the end: each kind's total, more than one batch of 3. (Exports and the
    // inbox make no rows here; test/exports/jobs.test.ts shows their files and records go after 7 days,
    // test/inbox/inbox-jobs.test.ts the inbox's confirmed files after 30 days and failed items after 90.)
    const deleted = retentionRuns().filter((l) => Object.values(l.deleted).some((n) => n > 3));
    expect(deleted.map((l) => l.module)).to.include.members(
      RETENTION_MODULES.filter((m) => m !== 'exports' && m !== 'inbox'),
    );
  });

  it('never waits for a row another transaction holds: it skips it and takes it the next night', async () => {
    // Continues on the first test's app, its Clock a year after the epoch.
    const now = 366 * DAY;
    const token = await login(company);
    const rule = await makeAutomation(app, token, { name: 'Second rule' });
    await makeInvoice(app, token);
    await makeInvoice(app, token);
    await settleWebhooks(app);
    const runsOfRule = () => count('SELECT 1 FROM automation_runs WHERE automation_id = $1', [rule.id]);
    expect(await runsOfRule()).to.equal(2);
    // Claims of scheduled occurrences: five just past 90 days (more than a batch), one just inside.
    const occurrences = () => count('SELECT 1 FROM automation_occurrences WHERE automation_id = $1', [rule.id]);
    for (let i = 0; i < 6; i++) {
      await db.query('INSERT INTO automation_occurrences (automation_id, occurrence_at) VALUES ($1, $2)', [
        rule.id,
        at(now + i * 60 + (i === 5 ? 2 * DAY : 0)),
      ]);
    }
    const holder = new Client({ connectionString: app.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM automation_runs WHERE automation_id = $1 LIMIT 1 FOR UPDATE', [rule.id]);
      // The job would hang here (and the test time out) if it waited for the held row.
      await runAt(now + 91 * DAY);
      expect(await runsOfRule()).to.equal(1);
      expect(await occurrences()).to.equal(1);
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }
    await runAt(now + 92 * DAY);
    expect(await runsOfRule()).to.equal(0);
  });
});
