import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { makeApiKey, makeCompany, makeDocument, makeUser, type Company } from '../helpers/fixtures';
import { createExport, exportFile, fetchBytes, getExport, runJobs } from '../helpers/exports';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { makeWebhook, settleWebhooks } from '../helpers/webhooks';

/** Issue 27 point 4: exports as jobs — validation, access, filters, progress, failures, links, retention, events, races. */
describe('exports: the job and its record (issue 27 point 4)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let company: Company;
  let db: pg.Client;
  let receiver: Receiver;

  before(async () => {
    app = await startTestApp({ WEBHOOK_TIMEOUT_MS: '1000' });
    receiver = await startReceiver();
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    company = await makeCompany(app);
    for (let i = 0; i < 3; i++) await makeDocument(app, company.token, { clientName: `Klient ${i}` });
    await makeDocument(app, company.token, { type: 'PROFORMA', clientName: 'Proforma klient' });
  });
  after(async () => {
    await db.end();
    await receiver.close();
    await app.stop();
  });

  const runner = () => app.app.container.services.exports.exportRunner;

  it('refuses bad filters, unknown columns and ZIP formats of other resources, naming them', async () => {
    const post = (body: Record<string, unknown>) => app.post('/api/v1/exports', body, company.token);
    const badValue = await post({ resource: 'documents', format: 'csv', filters: { type: 'NOPE' } });
    expect(badValue.status, badValue.text).to.equal(400);
    expect(badValue.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['filters.type']);
    const unknown = await post({ resource: 'documents', format: 'csv', filters: { colour: 'red' } });
    expect(unknown.status, unknown.text).to.equal(400);
    expect(unknown.body.details[0].message).to.contain('colour');
    const page = await post({ resource: 'documents', format: 'csv', filters: { limit: 5 } });
    expect(page.status, page.text).to.equal(400);
    const column = await post({ resource: 'costs', format: 'csv', columns: ['number', 'colour'] });
    expect(column.status, column.text).to.equal(400);
    expect(column.body.details[0].path).to.equal('columns[1]');
    const zip = await post({ resource: 'costs', format: 'pdf-zip' });
    expect(zip.status, zip.text).to.equal(400);
    expect(zip.body.code).to.equal('EXPORT_FORMAT_UNSUPPORTED');
  });

  it('needs read access to the resource’s section, to create and to see an export', async () => {
    const noCosts = await makeUser(app, company, { permissions: { documents: 'read', costs: 'none' } });
    const denied = await app.post('/api/v1/exports', { resource: 'costs', format: 'csv' }, noCosts.token);
    expect(denied.status, denied.text).to.equal(403);
    const costsExport = await createExport(app, company.token, { resource: 'costs', format: 'csv' });
    expect((await app.get(`/api/v1/exports/${costsExport}`, noCosts.token)).status).to.equal(403);
    const list = await app.get('/api/v1/exports', noCosts.token);
    expect(list.body.data.map((e: { id: string }) => e.id)).not.to.include(costsExport);
    await runJobs(app);
  });

  it('honours the list filters and the caller’s departments', async () => {
    const invoices = await exportFile(app, company.token, {
      resource: 'documents',
      format: 'csv',
      filters: { type: 'PROFORMA' },
    });
    const rows: Record<string, string>[] = parse(invoices.bytes, { bom: true, columns: true });
    expect(rows.map((r) => r.Client)).to.deep.equal(['Proforma klient']);
    const search = await exportFile(app, company.token, {
      resource: 'documents',
      format: 'csv',
      filters: { search: 'Klient 1' },
      columns: ['clientName'],
    });
    expect(parse(search.bytes, { bom: true })).to.deep.equal([['Client'], ['Klient 1']]);

    const sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    await makeDocument(app, company.token, { clientName: 'Sales klient', departmentId: sales });
    const member = await makeUser(app, company, { permissions: { documents: 'read' }, departmentIds: [sales] });
    const limited = await exportFile(app, member.token, {
      resource: 'documents',
      format: 'csv',
      columns: ['clientName'],
    });
    expect(parse(limited.bytes, { bom: true })).to.deep.equal([['Client'], ['Sales klient']]);
  });

  it('reports progress, delivers export.completed to a webhook and raises a notification', async () => {
    const key = (await makeApiKey(app, company)).key;
    await makeWebhook(app, key, { url: receiver.url, events: ['export.completed', 'export.failed'] });
    const after = await lastEventSeq(app);
    const id = await createExport(app, company.token, { resource: 'documents', format: 'csv' });
    const queued = await getExport(app, company.token, id);
    expect(queued).to.include({ status: 'QUEUED', downloadUrl: null });
    expect(queued.progress).to.deep.equal({ done: 0, total: null });
    await runJobs(app);
    const done = await getExport(app, company.token, id);
    expect(done.status).to.equal('DONE');
    expect(done.progress).to.deep.equal({ done: 5, total: 5 });
    const events = (await orgEventEntries(app, company.organizationId, after)).filter((e) => e.data.id === id);
    expect(events).to.deep.equal([
      {
        event: 'export.completed',
        data: {
          id,
          resource: 'documents',
          format: 'csv',
          rows: 5,
          sizeBytes: done.sizeBytes,
          finishedAt: done.finishedAt,
        },
      },
    ]);
    await settleWebhooks(app);
    const delivered = receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.data.id === id);
    expect(delivered.map((b) => b.event)).to.deep.equal(['export.completed']);
    const notifications = await app.get('/api/v1/notifications', company.token);
    expect(notifications.body.data.map((n: { type: string; message: string }) => n.type)).to.include(
      'export.completed',
    );
  });

  it('an export that cannot be made ends FAILED with export.failed and its reason', async () => {
    const id = await createExport(app, company.token, { resource: 'documents', format: 'csv' });
    // What the job reads no longer passes the list's schema (a row edited by hand, a schema changed since).
    await db.query(`UPDATE exports SET filters = '{"type":"NOPE"}' WHERE id = $1`, [id]);
    const after = await lastEventSeq(app);
    await runJobs(app);
    const failed = await getExport(app, company.token, id);
    expect(failed.status).to.equal('FAILED');
    expect(failed.error).to.be.a('string').and.not.be.empty;
    const events = (await orgEventEntries(app, company.organizationId, after)).filter((e) => e.data.id === id);
    expect(events.map((e) => e.event)).to.deep.equal(['export.failed']);
    expect(events[0].data.error).to.equal(failed.error);
    const download = await app.get(`/api/v1/exports/${id}/download`, company.token);
    expect(download.status).to.equal(409);
    expect(download.body.code).to.equal('EXPORT_NOT_READY');
  });

  it('two workers running one export: it is made once', async () => {
    const after = await lastEventSeq(app);
    const id = await createExport(app, company.token, { resource: 'documents', format: 'xlsx' });
    const ran = await Promise.all([runner().run(id), runner().run(id), runner().run(id)]);
    expect(ran.filter(Boolean)).to.have.length(1);
    await runJobs(app); // the job scheduled by POST finds the export DONE
    const events = (await orgEventEntries(app, company.organizationId, after)).filter((e) => e.data.id === id);
    expect(events.map((e) => e.event)).to.deep.equal(['export.completed']);
    const record = await getExport(app, company.token, id);
    const file = await fetchBytes(app, record.downloadUrl);
    expect(file.bytes.length).to.equal(record.sizeBytes);
  });

  it('a RUNNING export whose worker died is taken over; after 3 interruptions it FAILS clearly', async () => {
    const id = await createExport(app, company.token, { resource: 'documents', format: 'csv' });
    const stale = new Date(Date.parse((await app.get('/api/test/clock')).body.now) - 11 * 60_000);
    await db.query(`UPDATE exports SET status = 'RUNNING', attempts = 1, heartbeat_at = $2 WHERE id = $1`, [id, stale]);
    // Still heartbeating (not stale): nobody takes it.
    await db.query(`UPDATE exports SET heartbeat_at = now() + interval '1 year' WHERE id = $1`, [id]);
    expect(await runner().run(id)).to.equal(false);
    await db.query(`UPDATE exports SET heartbeat_at = $2 WHERE id = $1`, [id, stale]);
    expect(await runner().run(id)).to.equal(true);
    expect((await getExport(app, company.token, id)).status).to.equal('DONE');

    const dying = await createExport(app, company.token, { resource: 'documents', format: 'csv' });
    await db.query(`UPDATE exports SET status = 'RUNNING', attempts = 3, heartbeat_at = $2 WHERE id = $1`, [
      dying,
      stale,
    ]);
    expect(await runner().run(dying)).to.equal(true);
    const failed = await getExport(app, company.token, dying);
    expect(failed.status).to.equal('FAILED');
    expect(failed.error).to.contain('interrupted 3 times');
    await runJobs(app);
  });

  it('at most 5 exports of a company are queued or running: the 6th is 409 EXPORT_LIMIT_REACHED', async () => {
    const other = await makeCompany(app);
    const asks = await Promise.all(
      Array.from({ length: 7 }, () =>
        app.post('/api/v1/exports', { resource: 'contacts', format: 'csv' }, other.token),
      ),
    );
    expect(asks.filter((r) => r.status === 202)).to.have.length(5);
    const refused = asks.filter((r) => r.status !== 202);
    expect(refused.map((r) => [r.status, r.body.code])).to.deep.equal([
      [409, 'EXPORT_LIMIT_REACHED'],
      [409, 'EXPORT_LIMIT_REACHED'],
    ]);
    await runJobs(app);
    expect((await app.post('/api/v1/exports', { resource: 'contacts', format: 'csv' }, other.token)).status).to.equal(
      202,
    );
    await runJobs(app);
  });

  it('an export whose job was lost (a crash after POST committed) is run by exports.recover after 10 minutes', async () => {
    const id = await createExport(app, company.token, { resource: 'contacts', format: 'csv' });
    await app.app.container.scheduler.cancelWhere('exports.run', { exportId: id });
    await runJobs(app);
    expect((await getExport(app, company.token, id)).status).to.equal('QUEUED');
    await advanceClock(app, 11 * 60);
    await runJobs(app);
    expect((await getExport(app, company.token, id)).status).to.equal('DONE');
  });

  it('the link works without a credential for 24 hours; the file is deleted after 7 days', async () => {
    // An API key: the owner's session would expire with the days passing.
    const key = (await makeApiKey(app, company)).key;
    const { record, bytes } = await exportFile(app, key, { resource: 'documents', format: 'csv' });
    expect(
      new Date(record.downloadExpiresAt).getTime() - Date.parse((await app.get('/api/test/clock')).body.now),
    ).to.be.closeTo(24 * 3600_000, 60_000);
    const authed = await fetchBytes(app, `/api/v1/exports/${record.id}/download`, key);
    expect(authed.status).to.equal(200);
    expect(authed.bytes.equals(bytes)).to.equal(true);
    expect(authed.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    const tampered = record.downloadUrl.replace(/token=(\d+)/, (_: string, exp: string) => `token=${Number(exp) + 1}`);
    expect((await fetchBytes(app, tampered)).status).to.equal(403);

    await advanceClock(app, 24 * 3600 + 60);
    const expired = await fetchBytes(app, record.downloadUrl);
    expect(expired.status).to.equal(403);
    expect(JSON.parse(expired.bytes.toString()).code).to.equal('EXPORT_LINK_INVALID');
    // A fresh look gives a fresh link; the authenticated download still works.
    const fresh = await getExport(app, key, record.id);
    expect((await fetchBytes(app, fresh.downloadUrl)).status).to.equal(200);

    await advanceClock(app, 6 * 24 * 3600);
    await runJobs(app); // exports.retention, daily at 02:45 Prague time
    const gone = await app.get(`/api/v1/exports/${record.id}`, key);
    expect(gone.status, gone.text).to.equal(404);
    const chunks = await db.query(`SELECT count(*)::int AS n FROM export_chunks WHERE export_id = $1`, [record.id]);
    expect(chunks.rows[0].n).to.equal(0);
  });
});
