import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAutomation, manualRun, NOTIFY, runsOf, settle } from '../helpers/automations';
import { setClock } from '../helpers/controls';
import { makeApiKey, makeCompany, makeDocument, makeInvoice, type Company } from '../helpers/fixtures';

describe('automations: triggers', () => {
  let app: TestApp;
  let company: Company;
  let db: Client;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await Promise.all([app.stop(), db.end()]);
  });

  const pendingJobs = async (automationId: string) =>
    (
      await db.query(
        `SELECT next_run_at FROM agenda_jobs WHERE name = 'automations.scheduled-run' AND data @> $1::jsonb ORDER BY next_run_at`,
        [JSON.stringify({ payload: { automationId } })],
      )
    ).rows.map((r) => new Date(r.next_run_at).toISOString());

  describe('SYSTEM_EVENT, one dispatcher pass', () => {
    // Its own app whose outbox runs only when drained, so every event below reaches the engine in one pass (one batch).
    let batchApp: TestApp;
    before(async () => {
      batchApp = await startTestApp({ OUTBOX_POLL_MS: '3600000' });
    });
    after(async () => {
      await batchApp?.stop();
    });

    it('runs the rules of the events that have them, in order, and nothing for the others', async () => {
      const co = await makeCompany(batchApp);
      const other = await makeCompany(batchApp);
      const rule = await makeAutomation(batchApp, co.token, {
        actions: [{ type: 'ADD_TAG', params: { tag: 'batched' } }],
      });
      const first = await makeInvoice(batchApp, co.token);
      const theirs = await makeInvoice(batchApp, other.token);
      const second = await makeInvoice(batchApp, co.token);
      expect((await batchApp.post('/api/v1/contacts', { name: 'Not a trigger' }, co.token)).status).to.equal(201);
      await settle(batchApp);

      const runs = await runsOf(batchApp, co.token, rule.id);
      expect(runs.map((r) => [r.context.documentId, r.status])).to.deep.equal([
        [second.id, 'COMPLETED'],
        [first.id, 'COMPLETED'],
      ]);
      const tags = async (token: string, id: string) =>
        (await batchApp.get(`/api/v1/documents/${id}`, token)).body.tags;
      expect(await tags(co.token, first.id)).to.include('batched');
      expect(await tags(co.token, second.id)).to.include('batched');
      expect(await tags(other.token, theirs.id)).to.deep.equal([]);
      expect(batchApp.logs.filter((l) => l.includes('batch failed'))).to.have.length(0);
    });
  });

  describe('SYSTEM_EVENT', () => {
    it('runs the active rules of the organization for document.created, document.status_changed and document.paid', async () => {
      const co = await makeCompany(app);
      const other = await makeCompany(app);
      const created = await makeAutomation(app, co.token, { triggerEvent: 'document.created' });
      const changed = await makeAutomation(app, co.token, { triggerEvent: 'document.status_changed' });
      const paid = await makeAutomation(app, co.token, { triggerEvent: 'document.paid' });
      const inactive = await makeAutomation(app, co.token, { triggerEvent: 'document.created', isActive: false });
      const manual = await makeAutomation(app, co.token, { triggerType: 'MANUAL', triggerEvent: null });
      const theirs = await makeAutomation(app, other.token, { triggerEvent: 'document.created' });

      const doc = await makeInvoice(app, co.token); // ISSUED: document.created
      await makeInvoice(app, co.token, { status: 'PAID' }); // document.created + document.paid
      const moved = await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'PAID' }, co.token); // status_changed + paid
      expect(moved.status, moved.text).to.equal(200);
      await settle(app);

      const count = async (token: string, id: string) => (await runsOf(app, token, id)).length;
      expect(await count(co.token, created.id)).to.equal(2);
      expect(await count(co.token, changed.id)).to.equal(1);
      expect(await count(co.token, paid.id)).to.equal(2);
      expect(await count(co.token, inactive.id)).to.equal(0);
      expect(await count(co.token, manual.id)).to.equal(0);
      expect(await count(other.token, theirs.id)).to.equal(0);
      const [run] = await runsOf(app, co.token, changed.id);
      expect(run.context).to.include({ documentId: doc.id, status: 'PAID', organizationId: co.organizationId });
      expect(run.trigger).to.equal('SYSTEM_EVENT');
    });

    it('stops rules that trigger each other at depth 5 with a failed run, never a loop', async () => {
      const co = await makeCompany(app);
      const toPaid = await makeAutomation(app, co.token, {
        name: 'To paid',
        triggerEvent: 'document.status_changed',
        actions: [{ type: 'STATUS_CHANGE', params: { status: 'PAID' } }],
      });
      const toIssued = await makeAutomation(app, co.token, {
        name: 'To issued',
        triggerEvent: 'document.status_changed',
        actions: [{ type: 'STATUS_CHANGE', params: { status: 'ISSUED' } }],
      });
      const doc = await makeInvoice(app, co.token);
      expect((await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'PAID' }, co.token)).status).to.equal(
        200,
      );
      await settle(app);
      await settle(app);

      // Each status change starts both rules again, one deeper; the chain fans out, and every run that
      // would be number 6 in its chain is recorded FAILED without running an action.
      const depths = await db.query(
        `SELECT depth, count(*)::int AS runs, count(*) FILTER (WHERE status = 'FAILED' AND actions = '[]'::jsonb AND error LIKE 'Stopped at depth 5:%')::int AS stopped
         FROM automation_runs WHERE automation_id = ANY($1::uuid[]) GROUP BY depth ORDER BY depth`,
        [[toPaid.id, toIssued.id]],
      );
      expect(depths.rows).to.deep.equal([
        { depth: 1, runs: 2, stopped: 0 },
        { depth: 2, runs: 2, stopped: 0 },
        { depth: 3, runs: 4, stopped: 0 },
        { depth: 4, runs: 8, stopped: 0 },
        { depth: 5, runs: 16, stopped: 0 },
        { depth: 6, runs: 32, stopped: 32 },
      ]);
      const [stopped] = await runsOf(app, co.token, toPaid.id);
      expect(stopped).to.deep.include({
        status: 'FAILED',
        actions: [],
        error: 'Stopped at depth 5: automations triggering each other (this run would be number 6 in the chain)',
      });
      const total = depths.rows.reduce((n, r) => n + r.runs, 0);
      await settle(app);
      const after = await db.query(
        'SELECT count(*)::int AS n FROM automation_runs WHERE automation_id = ANY($1::uuid[])',
        [[toPaid.id, toIssued.id]],
      );
      expect(after.rows[0].n).to.equal(total);
      const notifications = (await app.get('/api/v1/notifications?limit=200', co.token)).body.data.filter(
        (n: any) => n.type === 'automation.failed',
      );
      expect(notifications.filter((n: any) => n.message.startsWith('Stopped at depth 5'))).to.have.length(32);
    });
  });

  describe('MANUAL', () => {
    it('runs for real with the context sent and answers the run record', async () => {
      const rule = await makeAutomation(app, company.token, {
        triggerType: 'MANUAL',
        triggerEvent: null,
        actions: [{ type: 'ADD_TAG', params: { tag: 'manual' } }],
      });
      const doc = await makeDocument(app, company.token);
      const run = await manualRun(app, company.token, rule.id, {
        organizationId: company.organizationId,
        documentId: doc.id,
        reason: 'month end',
      });
      expect(run).to.deep.equal({
        id: run.id,
        automationId: rule.id,
        status: 'COMPLETED',
        trigger: 'MANUAL',
        context: { organizationId: company.organizationId, documentId: doc.id, reason: 'month end' },
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        error: null,
        actions: [
          {
            index: 0,
            type: 'ADD_TAG',
            status: 'SUCCEEDED',
            detail: { documentId: doc.id, tag: 'manual', added: true },
            error: null,
          },
        ],
      });
      expect((await runsOf(app, company.token, rule.id))[0]).to.deep.equal(run);
    });

    it('refuses a context of another organization (403) and one without organizationId (400)', async () => {
      const other = await makeCompany(app);
      const rule = await makeAutomation(app, company.token, { triggerType: 'MANUAL', triggerEvent: null });
      const foreign = await app.post(
        `/api/v1/automations/${rule.id}/run`,
        { context: { organizationId: other.organizationId } },
        company.token,
      );
      expect(foreign.status).to.equal(403);
      expect(foreign.body).to.deep.equal({
        error: 'Forbidden',
        message: 'context.organizationId must be your own organization',
        code: 'FORBIDDEN',
      });
      const missing = await app.post(
        `/api/v1/automations/${rule.id}/run`,
        { context: { documentId: '00000000-0000-4000-8000-000000000000' } },
        company.token,
      );
      expect(missing.status).to.equal(400);
      expect(missing.body.details.map((d: any) => d.path)).to.include('context.organizationId');
      const gql = await app.graphql(
        'mutation($id: ID!, $c: JSONObject!) { runAutomation(id: $id, context: $c) { id } }',
        { id: rule.id, c: { organizationId: other.organizationId } },
        company.token,
      );
      expect(gql.body.errors[0].extensions.code).to.equal('FORBIDDEN');
      expect(await runsOf(app, company.token, rule.id)).to.deep.equal([]);
    });

    it('lists runs newest first in pages; GraphQL answers the same', async () => {
      const rule = await makeAutomation(app, company.token, { triggerType: 'MANUAL', triggerEvent: null });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await manualRun(app, company.token, rule.id, { organizationId: company.organizationId, i })).id);
      const pages: any[] = [];
      let cursor = '';
      do {
        const res = await app.get(
          `/api/v1/automations/${rule.id}/runs?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          company.token,
        );
        pages.push(res.body);
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(pages.map((p) => p.data.length)).to.deep.equal([2, 2, 1]);
      expect(pages.flatMap((p) => p.data.map((r: any) => r.id))).to.deep.equal([...ids].reverse());
      expect(pages.flatMap((p) => p.data.map((r: any) => r.context.i))).to.deep.equal([4, 3, 2, 1, 0]);
      const gql = await app.graphql(
        'query($id: ID!) { automationRuns(automationId: $id, limit: 2) { data { id automationId status trigger context startedAt finishedAt error actions { index type status detail error } } nextCursor } }',
        { id: rule.id },
        company.token,
      );
      expect(gql.body.data.automationRuns).to.deep.equal(pages[0]);
      const run = await app.graphql(
        'mutation($id: ID!, $c: JSONObject!) { runAutomation(id: $id, context: $c) { status trigger context } }',
        { id: rule.id, c: { organizationId: company.organizationId } },
        company.token,
      );
      expect(run.body.data.runAutomation).to.deep.equal({
        status: 'COMPLETED',
        trigger: 'MANUAL',
        context: { organizationId: company.organizationId },
      });
      expect((await app.get(`/api/v1/automations/${rule.id}/runs?limit=0`, company.token)).status).to.equal(400);
      expect((await app.get(`/api/v1/automations/${rule.id}/runs?cursor=bogus`, company.token)).status).to.equal(400);
    });
  });

  describe('SCHEDULED', () => {
    /** A company acting through an API key: sessions expire while the tests move the Clock by days. */
    const keyed = async () => {
      const co = await makeCompany(app);
      return { ...co, token: (await makeApiKey(app, co)).key };
    };

    it('runs at each occurrence by the Clock (Europe/Prague) with context {organizationId} only', async () => {
      const co = await keyed();
      await setClock(app, '2026-06-17T08:30:00Z');
      const rule = await makeAutomation(app, co.token, {
        triggerType: 'SCHEDULED',
        triggerEvent: null,
        triggerCron: '0 8 * * *',
        actions: [...NOTIFY, { type: 'ADD_TAG', params: { tag: 'x' } }],
      });
      expect(await pendingJobs(rule.id)).to.deep.equal(['2026-06-18T06:00:00.000Z']);
      await setClock(app, '2026-06-18T05:59:00Z');
      await settle(app);
      expect(await runsOf(app, co.token, rule.id)).to.deep.equal([]);
      await setClock(app, '2026-06-18T06:00:00Z');
      await settle(app);
      const [run] = await runsOf(app, co.token, rule.id);
      expect(run).to.deep.include({
        trigger: 'SCHEDULED',
        status: 'FAILED',
        context: { organizationId: co.organizationId },
      });
      expect(run.actions.map((a: any) => [a.type, a.status, a.error])).to.deep.equal([
        ['INTERNAL_NOTIFICATION', 'SUCCEEDED', null],
        ['ADD_TAG', 'FAILED', 'The run context has no documentId: there is no document to work on'],
      ]);
      expect(run.startedAt.slice(0, 16)).to.equal('2026-06-18T06:00');
      expect(await pendingJobs(rule.id)).to.deep.equal(['2026-06-19T06:00:00.000Z']);
      await settle(app);
      expect(await runsOf(app, co.token, rule.id)).to.have.length(1);
    });

    it('keeps 08:00 Prague across the spring DST change (07:00 UTC, then 06:00 UTC)', async () => {
      const co = await keyed();
      await setClock(app, '2026-03-27T12:00:00Z');
      const rule = await makeAutomation(app, co.token, {
        triggerType: 'SCHEDULED',
        triggerEvent: null,
        triggerCron: '0 8 * * *',
      });
      expect(await pendingJobs(rule.id)).to.deep.equal(['2026-03-28T07:00:00.000Z']);
      await setClock(app, '2026-03-28T07:00:00Z');
      await settle(app);
      expect(await pendingJobs(rule.id)).to.deep.equal(['2026-03-29T06:00:00.000Z']);
      await setClock(app, '2026-03-29T05:59:00Z');
      await settle(app);
      expect(await runsOf(app, co.token, rule.id)).to.have.length(1);
      await setClock(app, '2026-03-29T06:00:00Z');
      await settle(app);
      const runs = await runsOf(app, co.token, rule.id);
      expect(runs.map((r: any) => r.startedAt.slice(0, 16))).to.deep.equal(['2026-03-29T06:00', '2026-03-28T07:00']);
      await setClock(app, '2026-06-17T08:30:00Z');
    });

    it('reschedules when the rule changes, removes the job when deactivated or deleted', async () => {
      const co = await keyed();
      await setClock(app, '2026-06-17T08:30:00Z');
      const rule = await makeAutomation(app, co.token, {
        triggerType: 'SCHEDULED',
        triggerEvent: null,
        triggerCron: '0 8 * * *',
      });
      expect(await pendingJobs(rule.id)).to.deep.equal(['2026-06-18T06:00:00.000Z']);
      await app.put(`/api/v1/automations/${rule.id}`, { triggerCron: '0 12 * * 1' }, co.token); // Mondays 12:00
      expect(await pendingJobs(rule.id)).to.deep.equal(['2026-06-22T10:00:00.000Z']);
      await setClock(app, '2026-06-18T06:00:00Z');
      await settle(app);
      expect(await runsOf(app, co.token, rule.id)).to.deep.equal([]);

      await app.put(`/api/v1/automations/${rule.id}`, { isActive: false }, co.token);
      expect(await pendingJobs(rule.id)).to.deep.equal([]);
      await setClock(app, '2026-06-22T10:00:00Z');
      await settle(app);
      expect(await runsOf(app, co.token, rule.id)).to.deep.equal([]);

      await app.put(`/api/v1/automations/${rule.id}`, { isActive: true }, co.token);
      expect(await pendingJobs(rule.id)).to.deep.equal(['2026-06-29T10:00:00.000Z']);
      await app.put(`/api/v1/automations/${rule.id}`, { triggerType: 'MANUAL', triggerCron: null }, co.token);
      expect(await pendingJobs(rule.id)).to.deep.equal([]);
      await app.put(`/api/v1/automations/${rule.id}`, { triggerType: 'SCHEDULED', triggerCron: '0 8 * * *' }, co.token);
      expect(await pendingJobs(rule.id)).to.deep.equal(['2026-06-23T06:00:00.000Z']);
      expect((await app.del(`/api/v1/automations/${rule.id}`, co.token)).status).to.equal(204);
      expect(await pendingJobs(rule.id)).to.deep.equal([]);
      await setClock(app, '2026-06-17T08:30:00Z');
    });
  });
});

describe('automations: scheduled rules across processes', () => {
  it('two worker processes never run one occurrence twice', async function () {
    this.timeout(120_000);
    const one = await startTestApp();
    const two = await startTestApp({ DATABASE_URL: one.databaseUrl });
    try {
      const co = { token: (await makeApiKey(one, await makeCompany(one))).key };
      await Promise.all([setClock(one, '2026-06-17T08:30:00Z'), setClock(two, '2026-06-17T08:30:00Z')]);
      const rule = await makeAutomation(one, co.token, {
        triggerType: 'SCHEDULED',
        triggerEvent: null,
        triggerCron: '*/5 * * * *',
      });
      const occurrences = ['08:35', '08:40', '08:45', '08:50', '08:55', '09:00'];
      for (const hhmm of occurrences) {
        const at = `2026-06-17T${hhmm}:00Z`;
        await Promise.all([setClock(one, at), setClock(two, at)]);
        await Promise.all([settle(one), settle(two), settle(one), settle(two)]);
      }
      const runs = await runsOf(one, co.token, rule.id, '?limit=200');
      expect(runs.map((r: any) => r.startedAt.slice(11, 16)).reverse()).to.deep.equal(occurrences);

      // The same occurrence handed to both workers at the same moment: one runs it, the other finds it claimed.
      const occurrence = { automationId: rule.id, cron: '*/5 * * * *', at: '2026-06-17T09:05:00.000Z' };
      await Promise.all([setClock(one, occurrence.at), setClock(two, occurrence.at)]);
      const ran = await Promise.all(
        [one, two].map((app) => app.app.container.services.automations.schedule.runOccurrence(occurrence)),
      );
      expect(ran.filter(Boolean)).to.have.length(1);
      expect(await runsOf(one, co.token, rule.id, '?limit=200')).to.have.length(occurrences.length + 1);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  it('a worker that starts gives a scheduled rule that lost its job (a crash between run and reschedule) a new one', async function () {
    this.timeout(120_000);
    const first = await startTestApp();
    let second: TestApp | undefined;
    const db = new Client({ connectionString: first.databaseUrl });
    await db.connect();
    try {
      const key = (await makeApiKey(first, await makeCompany(first))).key;
      const rule = await makeAutomation(first, key, {
        triggerType: 'SCHEDULED',
        triggerEvent: null,
        triggerCron: '0 8 * * *',
      });
      const jobs = () =>
        db.query(`SELECT next_run_at FROM agenda_jobs WHERE name = 'automations.scheduled-run' AND data @> $1::jsonb`, [
          JSON.stringify({ payload: { automationId: rule.id } }),
        ]);
      await db.query(`DELETE FROM agenda_jobs WHERE name = 'automations.scheduled-run' AND data @> $1::jsonb`, [
        JSON.stringify({ payload: { automationId: rule.id } }),
      ]);
      await first.stop();
      second = await startTestApp({ DATABASE_URL: first.databaseUrl });
      await second.app.container.services.automations.schedule.ensureAll();
      expect((await jobs()).rows.map((r) => new Date(r.next_run_at).toISOString())).to.deep.equal([
        '2026-06-18T06:00:00.000Z',
      ]);
      expect(await second.app.container.services.automations.schedule.ensureAll()).to.equal(0);
    } finally {
      await db.end();
      await second?.stop();
    }
  });
});
