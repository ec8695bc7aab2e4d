import { expect } from 'chai';
import { loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany } from '../helpers/fixtures';

describe('operations: health, readiness, metrics, test controls', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  it('reports liveness and readiness', async () => {
    expect((await app.get('/healthz')).body).to.deep.equal({ status: 'ok' });
    expect((await app.get('/readyz')).body).to.deep.equal({ status: 'ready' });
  });

  it('exposes a request duration histogram by route and status', async () => {
    await app.get('/api/v1/organization');
    const res = await app.get('/metrics');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.include('text/plain');
    expect(res.text).to.include(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="/healthz",status="200"}',
    );
    expect(res.text).to.include('route="/api/v1/organization",status="401"');
  });

  it('moves the Clock with advanceSeconds and now', async () => {
    const set = await app.post('/api/test/clock', { now: '2030-01-31T23:00:00.000Z' });
    expect(set.status).to.equal(200);
    expect(Date.parse(set.body.now) - Date.parse('2030-01-31T23:00:00.000Z')).to.be.within(0, 1000);
    const moved = await app.post('/api/test/clock', { advanceSeconds: 7200 });
    expect(Date.parse(moved.body.now) - Date.parse('2030-02-01T01:00:00.000Z')).to.be.within(0, 1000);
    const read = await app.get('/api/test/clock');
    expect(Date.parse(read.body.now) - Date.parse('2030-02-01T01:00:00.000Z')).to.be.within(0, 2000);
    expect((await app.post('/api/test/clock', { advanceSeconds: 'soon' })).status).to.equal(400);
  });

  // Other modules schedule their own jobs (e.g. the daily overdue check), so these tests count
  // the runs of their own handlers, not the `ran` total.
  it('runs one-shot jobs when they are due by the Clock', async () => {
    const c = app.app.container;
    const ran: unknown[] = [];
    c.scheduler.define('test.one-shot', (data) => Promise.resolve(void ran.push(data)));
    await app.post('/api/test/clock', { now: '2030-03-01T10:00:00Z' });
    await c.scheduler.schedule('test.one-shot', new Date('2030-03-01T11:00:00Z'), { n: 1 });
    await app.post('/api/test/jobs/run-due', {});
    expect(ran).to.deep.equal([]);
    await app.post('/api/test/clock', { advanceSeconds: 3601 });
    const res = await app.post('/api/test/jobs/run-due', {});
    expect(res.body.ran).to.be.at.least(1);
    expect(ran).to.deep.equal([{ n: 1 }]);
    await app.post('/api/test/jobs/run-due', {});
    expect(ran).to.have.length(1);
  });

  it('runs a recurring Prague-time job once per occurrence, across the DST change', async () => {
    const c = app.app.container;
    const runs: string[] = [];
    const runDue = () => app.post('/api/test/jobs/run-due', {});
    c.scheduler.define('test.daily', () => Promise.resolve(void runs.push(c.clock.now().toISOString())));
    await app.post('/api/test/clock', { now: '2026-03-28T06:00:00Z' }); // 07:00 CET
    await c.scheduler.ensureRecurring('test.daily', 'only', '0 8 * * *', 'Europe/Prague');
    await c.scheduler.ensureRecurring('test.daily', 'only', '0 8 * * *', 'Europe/Prague');
    await runDue();
    expect(runs).to.have.length(0);
    await app.post('/api/test/clock', { now: '2026-03-28T07:00:05Z' }); // 08:00 CET
    await runDue();
    await runDue();
    expect(runs).to.have.length(1);
    await app.post('/api/test/clock', { now: '2026-03-29T05:59:00Z' }); // 07:59 CEST
    await runDue();
    expect(runs).to.have.length(1);
    await app.post('/api/test/clock', { now: '2026-03-29T06:00:05Z' }); // 08:00 CEST
    await runDue();
    expect(runs).to.have.length(2);
  });

  it('sets an organization’s plan', async () => {
    const company = await makeCompany(app);
    const res = await app.put(`/api/test/organizations/${company.organizationId}/plan`, { plan: 'PRO' });
    expect(res.body).to.deep.equal({ id: company.organizationId, name: 'Acme s.r.o.', plan: 'PRO' });
    expect((await app.get('/api/v1/organization', company.token)).body.plan).to.equal('PRO');
    expect((await app.put(`/api/test/organizations/${company.organizationId}/plan`, { plan: 'GOLD' })).status).to.equal(
      400,
    );
    expect(
      (await app.put('/api/test/organizations/00000000-0000-4000-8000-000000000000/plan', { plan: 'AI' })).status,
    ).to.equal(404);
  });

  it('has no test controls without TEST_CONTROLS, and refuses them in production', async () => {
    const plain = await startTestApp({ TEST_CONTROLS: '0' });
    try {
      expect((await plain.post('/api/test/clock', { advanceSeconds: 1 })).status).to.equal(404);
      expect((await plain.get('/api/test/events')).status).to.equal(404);
    } finally {
      await plain.stop();
    }
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CONTROLS: '1' })).to.throw(/TEST_CONTROLS/);
  });

  it('answers /readyz 503 when the database is unreachable', async () => {
    const doomed = await startTestApp();
    try {
      await doomed.app.container.orm.close(true);
      const res = await doomed.get('/readyz');
      expect(res.status).to.equal(503);
      expect(res.body).to.deep.equal({ status: 'unavailable', database: 'unreachable' });
    } finally {
      await doomed.stop();
    }
  });
});

describe('configuration', () => {
  it('is read and validated in one place, naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).to.throw(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).to.throw(/DATABASE_URL/);
    expect(() => loadConfig({ AGENDA_MONGO_URL: 'http://x' })).to.throw(/AGENDA_MONGO_URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).to.throw(/SESSION_SECRET/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).to.throw(/LOG_LEVEL/);
  });

  it('has defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).to.include({
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      TEST_CONTROLS: false,
      ROLE: 'all',
      QUOTA_METERING: true,
    });
    expect(c.DATABASE_URL).to.equal(undefined);
    expect(Object.isFrozen(c)).to.equal(true);
  });
});
