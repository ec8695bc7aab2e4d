import { expect } from 'chai';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { makeApiKey, makeCompany, type Company } from '../helpers/fixtures';
import { badInputs, corpusFile, getItem, runJobs, upload } from '../helpers/inbox';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { makeWebhook, settleWebhooks } from '../helpers/webhooks';

/** Issue 29 points 1, 4 and 7: the job inbox.process — claims, races, bad inputs, events, notifications, recovery. */
describe('inbox: the processing job (issue 29)', function () {
  this.timeout(240_000);
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
  });
  after(async () => {
    await db.end();
    await receiver.close();
    await app.stop();
  });

  const processor = (a: TestApp = app) => a.app.container.services.inbox.inboxProcessor;

  it('records ai.completed and ai.failed with exactly SPEC 6.3’s fields, delivers them, and notifies', async () => {
    const key = (await makeApiKey(app, company)).key;
    const hook = await makeWebhook(app, key, { url: receiver.url, events: ['ai.completed', 'ai.failed'] });
    expect(hook.events).to.deep.equal(['ai.completed', 'ai.failed']);
    const after = await lastEventSeq(app);
    const [good, empty] = await upload(app, company.token, [
      { filename: 'f01-kancelar.pdf', content: corpusFile('f01-kancelar.pdf') },
      { filename: 'empty.pdf', content: Buffer.alloc(0) },
    ]);
    await runJobs(app);
    const done = await getItem(app, company.token, good.id);
    const failed = await getItem(app, company.token, empty.id);
    expect(done.status).to.equal('EXTRACTED');
    expect(failed).to.include({ status: 'FAILED', fields: null });
    expect(failed.failureReason).to.match(/empty/i);
    const events = await orgEventEntries(app, company.organizationId, after);
    const completed = events.find((e) => e.event === 'ai.completed')!;
    expect(Object.keys(completed.data).sort()).to.deep.equal(['inputSummary', 'model', 'operation', 'outputSummary']);
    expect(completed.data).to.include({ operation: 'ocr', model: done.engine });
    expect(completed.data.inputSummary).to.contain('f01-kancelar.pdf');
    expect(completed.data.outputSummary).to.match(/^TEXT: 1 page/);
    const failedEvent = events.find((e) => e.event === 'ai.failed')!;
    expect(Object.keys(failedEvent.data).sort()).to.deep.equal(['errorMessage', 'model', 'operation']);
    expect(failedEvent.data).to.include({ operation: 'ocr', errorMessage: failed.failureReason });

    await settleWebhooks(app);
    const delivered = receiver.received.map((r) => JSON.parse(r.body)).map((b) => b.event);
    expect(delivered).to.include.members(['ai.completed', 'ai.failed']);

    const notes = (await app.get('/api/v1/notifications', company.token)).body.data;
    const byType = (type: string) => notes.filter((n: { type: string }) => n.type === type);
    expect(byType('inbox.extracted')[0].message).to.contain('f01-kancelar.pdf');
    expect(byType('inbox.failed')[0].message).to.contain('empty.pdf');
  });

  it('two worker processes racing for one item: it is processed once', async () => {
    const second = await startTestApp({ DATABASE_URL: app.databaseUrl });
    try {
      const after = await lastEventSeq(app);
      const [item] = await upload(app, company.token, [
        { filename: 'f02-catering.pdf', content: corpusFile('f02-catering.pdf') },
      ]);
      const ran = await Promise.all([
        processor().run(item.id),
        processor(second).run(item.id),
        processor().run(item.id),
        processor(second).run(item.id),
      ]);
      expect(ran.filter(Boolean)).to.have.length(1);
      await runJobs(app); // the job the upload scheduled finds the item done
      expect((await getItem(app, company.token, item.id)).status).to.equal('EXTRACTED');
      const events = (await orgEventEntries(app, company.organizationId, after)).map((e) => e.event);
      expect(events).to.deep.equal(['ai.completed']);
      const { rows } = await db.query(`SELECT attempts FROM inbox_items WHERE id = $1`, [item.id]);
      expect(rows[0].attempts).to.equal(1);
    } finally {
      await second.stop();
    }
  });

  it('each bad input ends FAILED with its reason in bounded time, and a good file beside them is not held up', async () => {
    const bad = await badInputs();
    const good = { filename: 'f03-software.pdf', content: corpusFile('f03-software.pdf') };
    const items = await upload(app, company.token, [
      ...bad.map((b) => ({ filename: b.name, content: b.content })),
      good,
    ]);
    const started = Date.now();
    const finishedAt = new Map<string, number>();
    // All at once, as a worker's concurrent jobs would: the good one finishes while the bad ones are refused.
    await Promise.all(
      items.map((i) =>
        processor()
          .run(i.id)
          .then(() => finishedAt.set(i.filename, Date.now() - started)),
      ),
    );
    expect(Date.now() - started).to.be.below(120_000);
    for (const [i, b] of bad.entries()) {
      const item = await getItem(app, company.token, items[i].id);
      expect(item.status, `${b.name}: ${item.failureReason}`).to.equal('FAILED');
      expect(item.failureReason, b.name).to.match(b.reason);
    }
    expect(finishedAt.get('f03-software.pdf')).to.be.below(60_000);
    const goodItem = await getItem(app, company.token, items[bad.length].id);
    expect(goodItem.status, goodItem.failureReason).to.equal('EXTRACTED');
    expect(goodItem.fields.supplierIco).to.not.equal(null);
    // The process is alive and answers.
    expect((await app.get('/api/v1/inbox?limit=1', company.token)).status).to.equal(200);
  });

  it('inbox.recover schedules an item stuck PROCESSING (its worker died) and one whose job was lost; after 3 interruptions it FAILS', async () => {
    const [stuck, lost, dying] = await upload(app, company.token, [
      { filename: 'a.pdf', content: corpusFile('f04-stavebniny.pdf') },
      { filename: 'b.pdf', content: corpusFile('f05-eur.pdf') },
      { filename: 'c.pdf', content: corpusFile('f06-knihy.pdf') },
    ]);
    // The scheduled jobs are lost (a crash between the commit and scheduling them).
    await db.query(`DELETE FROM agenda_jobs WHERE name = 'inbox.process'`);
    const stale = new Date(Date.parse((await app.get('/api/test/clock')).body.now) - 11 * 60_000);
    await db.query(`UPDATE inbox_items SET status = 'PROCESSING', attempts = 1, claimed_at = $2 WHERE id = $1`, [
      stuck.id,
      stale,
    ]);
    await db.query(`UPDATE inbox_items SET status = 'PROCESSING', attempts = 3, claimed_at = $2 WHERE id = $1`, [
      dying.id,
      stale,
    ]);
    await db.query(`UPDATE inbox_items SET created_at = $2 WHERE id = $1`, [lost.id, stale]);
    // A claim still fresh is not taken.
    await db.query(`UPDATE inbox_items SET claimed_at = now() + interval '1 year' WHERE id = $1`, [stuck.id]);
    expect(await processor().run(stuck.id)).to.equal(false);
    await db.query(`UPDATE inbox_items SET claimed_at = $2 WHERE id = $1`, [stuck.id, stale]);

    await advanceClock(app, 10 * 60);
    await runJobs(app);
    expect((await getItem(app, company.token, stuck.id)).status).to.equal('EXTRACTED');
    expect((await getItem(app, company.token, lost.id)).status).to.equal('EXTRACTED');
    const failed = await getItem(app, company.token, dying.id);
    expect(failed.status).to.equal('FAILED');
    expect(failed.failureReason).to.match(/interrupted 3 times/);
  });

  it('retention: a confirmed item’s file goes 30 days after confirmation (the cost keeps it), a FAILED item after 90 days', async () => {
    const contact = await app.post('/api/v1/contacts', { name: 'Knihy', type: 'SUPPLIER' }, company.token);
    const [kept, confirmed, failed] = await upload(app, company.token, [
      { filename: 'kept.pdf', content: corpusFile('h03-consulting.pdf') },
      { filename: 'confirmed.pdf', content: corpusFile('h04-truhlar.pdf') },
      { filename: 'failed.pdf', content: Buffer.alloc(0) },
    ]);
    await runJobs(app);
    const res = await app.post(
      `/api/v1/inbox/${confirmed.id}/confirm`,
      { supplierId: contact.body.id, supplierDocumentNumber: 'R-1' },
      company.token,
    );
    expect(res.status, res.text).to.equal(201);
    // A session ends while the clock moves a month on: an API key reads on.
    const token = (await makeApiKey(app, company)).key;
    const now = Date.parse((await app.get('/api/test/clock')).body.now);
    await app.post('/api/test/clock', { now: new Date(now + 31 * 86_400_000).toISOString() });
    await runJobs(app);
    const gone = await app.get(`/api/v1/inbox/${confirmed.id}/file`, token);
    expect(gone.status, gone.text).to.equal(409);
    expect(gone.body.code).to.equal('INBOX_FILE_GONE');
    expect((await getItem(app, token, confirmed.id)).status).to.equal('CONFIRMED');
    const attachments = await app.get(`/api/v1/costs/${res.body.cost.id}/attachments`, token);
    expect(attachments.body.data).to.have.length(1);
    expect((await app.get(`/api/v1/inbox/${kept.id}/file`, token)).status).to.equal(200);
    expect((await app.get(`/api/v1/inbox/${failed.id}`, token)).status).to.equal(200);
    await app.post('/api/test/clock', { now: new Date(now + 91 * 86_400_000).toISOString() });
    await runJobs(app);
    expect((await app.get(`/api/v1/inbox/${failed.id}`, token)).status).to.equal(404);
    expect((await getItem(app, token, kept.id)).status).to.equal('EXTRACTED');
  });
});
