import { expect } from 'chai';
import { CZ_TZ, czechDate, dayjs } from '../../src/core/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeDocument } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { documentPayload } from '../helpers/payloads';

describe('documents: public link', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app, { companyName: 'Dodavatel s.r.o.' });
  });
  after(() => app.stop());

  it('shows the document without a credential and records document.viewed on every view', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Odběratel' });
    const path = new URL(doc.publicUrl).pathname;
    const after = await lastEventSeq(app);
    const first = await app.get(path);
    expect(first.status, first.text).to.equal(200);
    expect(first.body).to.deep.equal({
      type: 'INVOICE',
      number: doc.number,
      status: 'ISSUED',
      supplier: { name: 'Dodavatel s.r.o.' },
      clientName: 'Odběratel',
      currency: 'CZK',
      items: doc.items,
      subtotal: '1000.00',
      vatTotal: '210.00',
      total: '1210.00',
      paidAmount: '0.00',
      creditedAmount: '0.00',
      remainingAmount: '1210.00',
      variableSymbol: doc.variableSymbol,
      issuedAt: doc.issuedAt,
      dueAt: doc.dueAt,
      validUntil: null,
      answeredAt: null,
    });
    await app.post('/api/test/clock', { advanceSeconds: 3600 });
    const second = await app.get(path, 'fk_not_a_real_key');
    expect(second.status).to.equal(200);
    const events = await orgEventEntries(app, company.organizationId, after);
    expect(events.map((e) => e.event)).to.deep.equal(['document.viewed', 'document.viewed']);
    for (const e of events) {
      const { viewedAt, ...rest } = e.data;
      expect(rest).to.deep.equal(documentPayload(doc));
      expect(viewedAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const gap = Date.parse(events[1].data.viewedAt) - Date.parse(events[0].data.viewedAt);
    expect(gap).to.be.within(3600_000, 3660_000);
    // The link is a capability: the access log shows the route, not the token.
    const token = path.split('/').pop()!;
    expect(app.logs.some((l) => l.includes(token))).to.equal(false);
    expect(app.logs.some((l) => l.includes('"path":"/public/documents/fpd_…"'))).to.equal(true);
  });

  it('answers 404 for drafts, unknown and malformed tokens', async () => {
    const draft = await makeDocument(app, company.token);
    const after = await lastEventSeq(app);
    for (const path of [
      new URL(draft.publicUrl).pathname,
      `/public/documents/fpd_${'0'.repeat(64)}`,
      '/public/documents/abc',
    ]) {
      const res = await app.get(path);
      expect(res.status, path).to.equal(404);
      expect(res.body).to.deep.equal({ error: 'Not Found', message: 'Document not found', code: 'NOT_FOUND' });
    }
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([]);
  });
});

describe('documents: daily overdue check (08:00 Europe/Prague)', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    // 06:00 in Prague: the first run of the job is two hours away, well inside the owner's session.
    app = await startTestApp({}, { clockStart: '2026-06-17T04:00:00.000Z' });
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const setClock = (at: Date) => app.post('/api/test/clock', { now: at.toISOString() });
  const runDue = async () => (await app.post('/api/test/jobs/run-due', {})).body.ran as number;

  it('reports each unpaid overdue invoice once, at the next 08:00 Prague time', async () => {
    const now = new Date((await app.get('/api/test/clock')).body.now);
    // The next 08:00 in Prague after the app started: the first run of the recurring job.
    let run = dayjs(now).tz(CZ_TZ).hour(8).minute(0).second(0).millisecond(0);
    if (!run.isAfter(dayjs(now))) run = run.add(1, 'day');
    const runAt = run.toDate();
    const daysBefore = (n: number) => czechDate(dayjs(runAt).subtract(n, 'day').toDate());

    const overdue = await makeDocument(app, company.token, {
      status: 'ISSUED',
      issuedAt: daysBefore(24),
      dueAt: daysBefore(10),
    });
    const sent = await makeDocument(app, company.token, {
      status: 'ISSUED',
      issuedAt: daysBefore(5),
      dueAt: daysBefore(1),
    });
    await app.post(`/api/v1/documents/${sent.id}/transition`, { status: 'SENT' }, company.token);
    const notYet = await makeDocument(app, company.token, {
      status: 'ISSUED',
      issuedAt: daysBefore(5),
      dueAt: czechDate(runAt),
    });
    const paid = await makeDocument(app, company.token, {
      status: 'PAID',
      issuedAt: daysBefore(30),
      dueAt: daysBefore(20),
    });
    const quote = await makeDocument(app, company.token, {
      type: 'QUOTE',
      status: 'ISSUED',
      issuedAt: daysBefore(30),
      dueAt: daysBefore(20),
    });
    const draft = await makeDocument(app, company.token, { issuedAt: daysBefore(30), dueAt: daysBefore(20) });
    const cancelled = await makeDocument(app, company.token, {
      status: 'ISSUED',
      issuedAt: daysBefore(30),
      dueAt: daysBefore(20),
    });
    await app.post(`/api/v1/documents/${cancelled.id}/transition`, { status: 'CANCELLED' }, company.token);
    void [paid, quote, draft];
    const key = await makeApiKey(app, company);

    const after = await lastEventSeq(app);
    await setClock(new Date(runAt.getTime() - 60_000));
    await runDue();
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([]);

    await setClock(new Date(runAt.getTime() + 60_000));
    expect(await runDue()).to.be.at.least(1);
    const sentNow = (await app.get(`/api/v1/documents/${sent.id}`, company.token)).body;
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.overdue', data: documentPayload(overdue, { daysOverdue: 10, remainingAmount: 1210 }) },
      { event: 'document.overdue', data: documentPayload(sentNow, { daysOverdue: 1, remainingAmount: 1210 }) },
    ]);

    // Next day: the job runs again; the two are not reported twice, the one due yesterday now is.
    const second = await lastEventSeq(app);
    await runDue();
    await setClock(new Date(runAt.getTime() + 24 * 3600_000 + 60_000));
    expect(await runDue()).to.be.at.least(1);
    // An API key: the owner's session expires while the clock jumps a day.
    const notYetNow = (await app.get(`/api/v1/documents/${notYet.id}`, key.key)).body;
    expect(await orgEventEntries(app, company.organizationId, second)).to.deep.equal([
      { event: 'document.overdue', data: documentPayload(notYetNow, { daysOverdue: 1, remainingAmount: 1210 }) },
    ]);
  });
});
