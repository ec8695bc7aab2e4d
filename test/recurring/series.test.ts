import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeContact, makeUser } from '../helpers/fixtures';
import { setClock } from '../helpers/controls';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { makeSeries } from '../helpers/recurring';

describe('recurring series: CRUD, pause/resume and preview (issue 26 point 1)', () => {
  let app: TestApp;
  let company: Company;
  let key: string;
  let contactId: string;

  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Hosting Novák',
    documentType: 'INVOICE',
    contactId,
    items: [{ name: 'Hosting {{period.month}}', quantity: '1', unitPrice: '500.00', vatRate: 21 }],
    startDate: '2027-01-31',
    unit: 'MONTH',
    lastDayOfMonth: true,
    ...over,
  });

  before(async () => {
    app = await startTestApp();
    await setClock(app, '2027-01-10T10:00:00Z');
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
    contactId = (await makeContact(app, key)).id;
  });
  after(() => app.stop());

  it('creates a monthly series on the last day of the month and previews its next 12 issue dates', async () => {
    const created = await app.post('/api/v1/recurring-series', body(), key);
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.include({ status: 'ACTIVE', nextDate: '2027-01-31', currency: 'CZK', dueInDays: 14 });
    expect(created.body.items[0]).to.include({ name: 'Hosting {{period.month}}', unit: 'ks', priceIncludesVat: false });
    const preview = await app.get(`/api/v1/recurring-series/${created.body.id}/preview`, key);
    expect(preview.status, preview.text).to.equal(200);
    expect(preview.body.dates).to.have.length(12);
    expect(preview.body.dates.slice(0, 4)).to.deep.equal(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(preview.body.dates[11]).to.equal('2027-12-31');
    expect((await app.get(`/api/v1/recurring-series/${created.body.id}`, key)).body).to.deep.equal(created.body);
    const list = await app.get('/api/v1/recurring-series?status=ACTIVE', key);
    expect(list.body.data.map((s: { id: string }) => s.id)).to.include(created.body.id);
  });

  it('previews a schedule not saved yet (what the form shows), saving nothing; an impossible one is 400 naming the schedule', async () => {
    const before = (await app.get('/api/v1/recurring-series', key)).body.data.length;
    const monthly = await app.post(
      '/api/v1/recurring-series/schedule-preview',
      { startDate: '2027-01-31', unit: 'MONTH', every: 2, lastDayOfMonth: true, count: 4 },
      key,
    );
    expect(monthly.status, monthly.text).to.equal(200);
    expect(monthly.body).to.deep.equal({ dates: ['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31'] });
    const weekly = await app.post(
      '/api/v1/recurring-series/schedule-preview',
      { startDate: '2027-01-04', unit: 'WEEK', endDate: '2027-01-25' },
      key,
    );
    expect(weekly.body.dates).to.deep.equal(['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25']);
    const open = await app.post(
      '/api/v1/recurring-series/schedule-preview',
      { startDate: '2026-12-01', unit: 'DAY' },
      key,
    );
    expect(open.body.dates).to.have.length(12);
    expect((await app.get('/api/v1/recurring-series', key)).body.data.length).to.equal(before);

    const impossible = await app.post(
      '/api/v1/recurring-series/schedule-preview',
      { startDate: '2027-01-31', unit: 'WEEK', lastDayOfMonth: true },
      key,
    );
    expect(impossible.status).to.equal(400);
    expect(impossible.body.code).to.equal('VALIDATION_FAILED');
    expect(impossible.body.details).to.deep.include({
      path: 'schedule',
      message: 'lastDayOfMonth needs unit MONTH or YEAR',
    });
    const bad = await app.post(
      '/api/v1/recurring-series/schedule-preview',
      { startDate: '31. 1. 2027', unit: 'MONTH' },
      key,
    );
    expect(bad.status).to.equal(400);
    expect(bad.body.details.map((d: { path: string }) => d.path)).to.include('startDate');

    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'read' } });
    const read = await app.post(
      '/api/v1/recurring-series/schedule-preview',
      { startDate: '2027-01-01', unit: 'YEAR' },
      reader.token,
    );
    expect(read.status, read.text).to.equal(200);
    expect(read.body.dates.slice(0, 2)).to.deep.equal(['2027-01-01', '2028-01-01']);
    const none = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'none' } });
    const refused = await app.post(
      '/api/v1/recurring-series/schedule-preview',
      { startDate: '2027-01-01', unit: 'YEAR' },
      none.token,
    );
    expect(refused.status).to.equal(403);
  });

  it('a count ends the preview; PUT replaces the template and schedule', async () => {
    const created = await app.post('/api/v1/recurring-series', body({ count: 3 }), key);
    const preview = await app.get(`/api/v1/recurring-series/${created.body.id}/preview`, key);
    expect(preview.body.dates).to.deep.equal(['2027-01-31', '2027-02-28', '2027-03-31']);
    const replaced = await app.put(
      `/api/v1/recurring-series/${created.body.id}`,
      body({ endDate: '2027-01-01', startDate: '2027-01-01', unit: 'WEEK', lastDayOfMonth: false, count: null }),
      key,
    );
    expect(replaced.status, replaced.text).to.equal(200);
    expect(replaced.body).to.include({ status: 'ACTIVE', nextDate: '2027-01-01', unit: 'WEEK' });
    const weekly = await app.get(`/api/v1/recurring-series/${created.body.id}/preview`, key);
    expect(weekly.body.dates).to.deep.equal(['2027-01-01']);
  });

  it('pauses and resumes from today on, skipping the days that passed while paused', async () => {
    const created = await app.post(
      '/api/v1/recurring-series',
      body({ startDate: '2027-01-15', lastDayOfMonth: false }),
      key,
    );
    const id = created.body.id;
    const paused = await app.post(`/api/v1/recurring-series/${id}/pause`, {}, key);
    expect(paused.body).to.include({ status: 'PAUSED', nextDate: '2027-01-15' });
    await setClock(app, '2027-03-20T10:00:00Z');
    const resumed = await app.post(`/api/v1/recurring-series/${id}/resume`, {}, key);
    expect(resumed.status, resumed.text).to.equal(200);
    expect(resumed.body).to.include({ status: 'ACTIVE', nextDate: '2027-04-15' });
    const again = await app.post(`/api/v1/recurring-series/${id}/resume`, {}, key);
    expect(again.body).to.deep.equal(resumed.body);
    await setClock(app, '2027-01-10T10:00:00Z');
  });

  it('an end date before the first issue date is 400 naming endDate', async () => {
    const created = await app.post('/api/v1/recurring-series', body({ endDate: '2027-01-31' }), key);
    expect(created.body).to.include({ status: 'ACTIVE', nextDate: '2027-01-31' });
    const bad = await app.put(`/api/v1/recurring-series/${created.body.id}`, body({ endDate: '2027-01-30' }), key);
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.message).to.match(/endDate/);
  });

  it('refuses impossible schedules, foreign or archived contacts and unbounded input with 400', async () => {
    for (const over of [
      { every: 0 },
      { unit: 'WEEK', lastDayOfMonth: true },
      { count: 0 },
      { startDate: '2027-02-30' },
      { unit: 'HOUR' },
      { documentType: 'QUOTE' },
      { items: [] },
      { dueInDays: 366 },
      { name: 'x'.repeat(10_000) },
    ]) {
      const res = await app.post('/api/v1/recurring-series', body(over), key);
      expect(res.status, `${JSON.stringify(over)} ${res.text}`).to.equal(400);
    }
    const other = await makeCompany(app);
    const otherKey = (await makeApiKey(app, other)).key;
    const foreign = await app.post('/api/v1/recurring-series', body(), otherKey);
    expect(foreign.status, foreign.text).to.equal(400);
    expect(foreign.body.code).to.equal('RECURRING_CONTACT_INVALID');
    const archived = await makeContact(app, key, { name: 'Archivovaný' });
    await app.patch(`/api/v1/contacts/${archived.id}`, { archived: true }, key);
    const toArchived = await app.post('/api/v1/recurring-series', body({ contactId: archived.id }), key);
    expect(toArchived.body.code, toArchived.text).to.equal('RECURRING_CONTACT_INVALID');
  });

  it('is scoped to the organization and needs documents access; DELETE removes it', async () => {
    const created = await app.post('/api/v1/recurring-series', body(), key);
    const id = created.body.id;
    const other = await makeCompany(app);
    const otherKey = (await makeApiKey(app, other)).key;
    expect((await app.get(`/api/v1/recurring-series/${id}`, otherKey)).status).to.equal(404);
    expect((await app.del(`/api/v1/recurring-series/${id}`, otherKey)).status).to.equal(404);
    expect((await app.get(`/api/v1/recurring-series/${randomUUID()}`, key)).status).to.equal(404);
    expect((await app.get('/api/v1/recurring-series/not-an-id', key)).status).to.equal(404);
    const noDocuments = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'none' } });
    expect((await app.get('/api/v1/recurring-series', noDocuments.token)).status).to.equal(403);
    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'read' } });
    expect((await app.get(`/api/v1/recurring-series/${id}/preview`, reader.token)).status).to.equal(200);
    expect((await app.post(`/api/v1/recurring-series/${id}/pause`, {}, reader.token)).status).to.equal(403);
    expect((await app.del(`/api/v1/recurring-series/${id}`, key)).status).to.equal(204);
    expect((await app.get(`/api/v1/recurring-series/${id}`, key)).status).to.equal(404);
  });
});

describe('recurring series: generation at 06:00 Prague through the Clock (issue 26 point 2)', () => {
  let app: TestApp;
  let key: string;
  let company: Company;

  before(async () => {
    app = await startTestApp();
    await setClock(app, '2027-01-10T10:00:00Z');
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(() => app.stop());

  const generate = () => app.app.container.services.recurring.recurringGenerator.run();
  const runDue = async () => {
    const res = await app.post('/api/test/jobs/run-due', {});
    expect(res.status, res.text).to.equal(200);
  };

  async function series(over: Record<string, unknown> = {}) {
    const created = await makeSeries(app, key, over);
    return { id: created.id as string, contactId: created.contactId as string };
  }

  async function documentsOf(contactId: string) {
    const res = await app.get(`/api/v1/documents?contactId=${contactId}&limit=100`, key);
    expect(res.status, res.text).to.equal(200);
    return (
      res.body.data as { id: string; issuedAt: string; dueAt: string; recurringSeriesId: string; status: string }[]
    )
      .map((d) => ({ ...d, day: czechDay(d.issuedAt) }))
      .sort((a, b) => a.day.localeCompare(b.day));
  }

  it("the daily job runs at 06:00 Prague (CEST after the DST change) and makes the day's document then, not before", async () => {
    const { id, contactId } = await series({ startDate: '2027-03-29', lastDayOfMonth: false });
    await setClock(app, '2027-03-28T10:00:00Z');
    await runDue(); // whatever run was pending; the next one is 29 March 06:00 CEST = 04:00 UTC
    await setClock(app, '2027-03-29T03:59:00Z');
    await runDue();
    expect(await documentsOf(contactId)).to.have.length(0);
    await setClock(app, '2027-03-29T04:00:30Z');
    await runDue();
    const docs = await documentsOf(contactId);
    expect(docs.map((d) => [d.day, d.recurringSeriesId])).to.deep.equal([['2027-03-29', id]]);
    await setClock(app, '2027-01-10T10:00:00Z');
  });

  it('makes one document per occurrence on its day, catches up missed months in order across DST, and repeats nothing', async () => {
    const { id, contactId } = await series();
    await setClock(app, '2027-01-31T05:00:00Z'); // 06:00 CET
    await generate();
    await generate();
    let docs = await documentsOf(contactId);
    expect(docs.map((d) => d.day)).to.deep.equal(['2027-01-31']);
    expect(docs[0]).to.include({ recurringSeriesId: id, status: 'DRAFT' });
    expect(czechDay(docs[0].dueAt)).to.equal('2027-02-14');
    // Every worker down through February and March; back on 30 April 06:00 CEST (after the 28 March DST change).
    await setClock(app, '2027-04-30T04:00:00Z');
    await generate();
    docs = await documentsOf(contactId);
    expect(docs.map((d) => d.day)).to.deep.equal(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    const after = await app.get(`/api/v1/recurring-series/${id}`, key);
    expect(after.body).to.include({ nextDate: '2027-05-31', lastOccurrenceDate: '2027-04-30', lastError: null });
    // The series pointed back at its start (as a lost update would): the occurrence key still makes no second document.
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    await db.query(`UPDATE recurring_series SET next_index = 0, next_date = '2027-01-31' WHERE id = $1`, [id]);
    await db.end();
    await generate();
    expect(await documentsOf(contactId)).to.have.length(4);
    const generated = await app.get(`/api/v1/recurring-series/${id}/documents?limit=2`, key);
    expect(generated.status, generated.text).to.equal(200);
    expect(generated.body.data.map((o: { date: string }) => o.date)).to.deep.equal(['2027-04-30', '2027-03-31']);
    const older = await app.get(`/api/v1/recurring-series/${id}/documents?limit=2&before=2027-03-31`, key);
    expect(older.body.data.map((o: { index: number }) => o.index)).to.deep.equal([1, 0]);
    const ids = (await documentsOf(contactId)).map((d) => d.id);
    expect(
      [...generated.body.data, ...older.body.data].map((o: { documentId: string }) => o.documentId),
    ).to.have.members(ids);
    await setClock(app, '2027-01-10T10:00:00Z');
  });

  it('two workers at once generate each occurrence once', async () => {
    const { contactId } = await series({ startDate: '2027-01-20', lastDayOfMonth: false });
    await setClock(app, '2027-03-20T05:00:00Z');
    await Promise.all([generate(), generate(), generate()]);
    expect((await documentsOf(contactId)).map((d) => d.day)).to.deep.equal(['2027-01-20', '2027-02-20', '2027-03-20']);
    await setClock(app, '2027-01-10T10:00:00Z');
  });

  it('ends after its count, issuing and e-mailing each document; resume of the ENDED series is 409', async () => {
    const contact = await makeContact(app, key, { email: 'hosting@example.cz' });
    const { id, contactId } = await series({ contactId: contact.id, count: 2, issueAndSend: true });
    await setClock(app, '2027-06-01T05:00:00Z');
    await generate();
    // Issued in the run; SENT once the mail worker has delivered their e-mails.
    await app.app.container.services.mail.sender.settle();
    const docs = await documentsOf(contactId);
    expect(docs.map((d) => [d.day, d.status])).to.deep.equal([
      ['2027-01-31', 'SENT'],
      ['2027-02-28', 'SENT'],
    ]);
    const ended = await app.get(`/api/v1/recurring-series/${id}`, key);
    expect(ended.body).to.include({ status: 'ENDED', nextDate: null });
    expect((await app.get(`/api/v1/recurring-series/${id}/preview`, key)).body.dates).to.deep.equal([]);
    const resume = await app.post(`/api/v1/recurring-series/${id}/resume`, {}, key);
    expect(resume.status, resume.text).to.equal(409);
    expect(resume.body.code).to.equal('RECURRING_SERIES_ENDED');
    await setClock(app, '2027-01-10T10:00:00Z');
  });

  it('a failing series keeps its error, stops no other, and notifies once per failure episode', async () => {
    const broken = await series({ startDate: '2027-01-12', lastDayOfMonth: false });
    const fine = await series({ startDate: '2027-01-12', lastDayOfMonth: false });
    const after = await lastEventSeq(app);
    // The contact archived after the series was made: that series cannot generate.
    await app.patch(`/api/v1/contacts/${broken.contactId}`, { archived: true }, key);
    await setClock(app, '2027-01-12T05:00:00Z');
    await generate();
    expect((await documentsOf(fine.contactId)).map((d) => d.day)).to.deep.equal(['2027-01-12']);
    const failed = await app.get(`/api/v1/recurring-series/${broken.id}`, key);
    expect(failed.body.lastError, failed.text).to.match(/contactId/);
    expect(failed.body).to.include({ status: 'ACTIVE', nextDate: '2027-01-12' });
    // The next days' runs fail again: still one notification and one recurring_series.failed.
    await setClock(app, '2027-01-13T05:00:00Z');
    await generate();
    await Promise.all([generate(), generate()]);
    const failures = async () =>
      (await orgEventEntries(app, company.organizationId, after)).filter(
        (e) => e.event === 'recurring_series.failed' && e.data.id === broken.id,
      );
    const notifications = async () =>
      ((await app.get('/api/v1/notifications?limit=100', key)).body.data as { type: string; message: string }[]).filter(
        (n) => n.type === 'recurring_series.failed' && n.message.includes(broken.id),
      );
    expect(await failures()).to.have.length(1);
    expect((await failures())[0].data).to.include({ id: broken.id, nextDate: '2027-01-12' });
    expect((await failures())[0].data.error).to.match(/contactId/);
    expect(await notifications()).to.have.length(1);
    // The contact back: the series catches up and the episode ends; a new failure notifies again.
    await app.patch(`/api/v1/contacts/${broken.contactId}`, { archived: false }, key);
    await generate();
    expect((await documentsOf(broken.contactId)).map((d) => d.day)).to.deep.equal(['2027-01-12']);
    expect((await app.get(`/api/v1/recurring-series/${broken.id}`, key)).body.lastError).to.equal(null);
    await app.patch(`/api/v1/contacts/${broken.contactId}`, { archived: true }, key);
    await setClock(app, '2027-02-12T05:00:00Z');
    await generate();
    expect(await failures()).to.have.length(2);
    expect(await notifications()).to.have.length(2);
    await setClock(app, '2027-01-10T10:00:00Z');
  });
});

function czechDay(iso: string): string {
  return new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Prague' });
}
