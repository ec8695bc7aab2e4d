import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import type { AdjustableClock } from '../../src/core/clock';
import type { RecordedEvent } from '../../src/core/outbox/event-outbox';
import type { ProductPayload } from '../../src/modules/products/product.events';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany } from '../helpers/fixtures';
import { appEvent, makeContactPayload, recordEvent } from '../helpers/outbox';

const product = (overrides: Partial<ProductPayload> = {}): ProductPayload => ({
  id: randomUUID(),
  name: 'Konzultace',
  sku: null,
  unit: 'hod',
  price: 1500,
  vatRate: 21,
  active: true,
  ...overrides,
});

describe('event outbox and dispatcher', () => {
  let app: TestApp;
  const received: RecordedEvent[] = [];
  before(async () => {
    app = await startTestApp(
      {},
      { onContainer: (c) => void c.dispatcher.subscribe('test-collector', (_em, e) => void received.push(e)) },
    );
  });
  after(() => app.stop());

  const clock = () => app.app.container.clock as AdjustableClock;
  const drain = () => app.app.container.dispatcher.drain();

  it('writes events in the transaction of the change and shows them in order', async () => {
    const company = await makeCompany(app);
    const before = await app.get('/api/test/events');
    const after = before.body.events.length ? before.body.events[before.body.events.length - 1].seq : '0';
    const created = makeContactPayload({ id: 'c1', name: 'Novák' });
    await recordEvent(app, company.organizationId, 'contact.created', created);
    await recordEvent(app, company.organizationId, 'contact.updated', { ...created, name: 'Nováková' });
    await recordEvent(app, company.organizationId, 'contact.archived', { ...created, archived: true }, true).catch(
      () => undefined,
    );
    const res = await app.get(`/api/test/events?after=${after}`);
    expect(res.body.events.map((e: RecordedEvent) => e.event)).to.deep.equal(['contact.created', 'contact.updated']);
    const [first, second] = res.body.events;
    expect(first).to.include({ event: 'contact.created', organizationId: company.organizationId });
    expect(first.data).to.deep.equal(created);
    expect(Number(second.seq)).to.be.greaterThan(Number(first.seq));
    expect(first.createdAt).to.match(/Z$/);
    const later = await app.get(`/api/test/events?after=${first.seq}`);
    expect(later.body.events.map((e: RecordedEvent) => e.seq)).to.deep.equal([second.seq]);
  });

  it('hands every committed event to each consumer once', async () => {
    const company = await makeCompany(app);
    await recordEvent(app, company.organizationId, 'product.created', product());
    await drain();
    const mine = received.filter((e) => e.organizationId === company.organizationId);
    expect(mine.map((e) => e.event)).to.deep.equal(['product.created']);
    await drain();
    expect(received.filter((e) => e.organizationId === company.organizationId)).to.have.length(1);
  });

  it('keeps other consumers going when one fails', async () => {
    const c = app.app.container;
    const seen: string[] = [];
    await c.dispatcher.subscribe('failing', () => {
      throw new Error('consumer bug');
    });
    await c.dispatcher.subscribe('healthy', (_em, e) => void seen.push(e.event));
    const company = await makeCompany(app);
    await recordEvent(app, company.organizationId, 'product.updated', product());
    await c.dispatcher.drain();
    expect(seen).to.include('product.updated');
    expect(app.logs.some((l) => l.includes('event consumer failed') && l.includes('consumer bug'))).to.equal(true);
  });

  it('hands an event again, with backoff read from the Clock, to a consumer that threw, and only to that one', async () => {
    const c = app.app.container;
    const orgId = randomUUID();
    const flaky: string[] = [];
    const steady: string[] = [];
    await c.dispatcher.subscribe('flaky', (_em, e) => {
      if (e.organizationId !== orgId) return;
      flaky.push(e.seq);
      if (flaky.length <= 2) throw new Error(`flaky failure ${flaky.length}`);
    });
    await c.dispatcher.subscribe('steady', (_em, e) => void (e.organizationId === orgId && steady.push(e.seq)));
    await recordEvent(app, orgId, 'product.created', product());

    await drain();
    expect(flaky).to.have.length(1);
    expect(steady).to.have.length(1);
    await drain(); // the first retry is OUTBOX_RETRY_BASE_SECONDS (10 s) away on the Clock
    expect(flaky).to.have.length(1);
    clock().advance(10);
    await drain();
    expect(flaky).to.have.length(2);
    clock().advance(10); // the second retry waits twice as long
    await drain();
    expect(flaky).to.have.length(2);
    clock().advance(10);
    await drain();
    expect(flaky).to.have.length(3);
    expect(new Set(flaky).size).to.equal(1);
    clock().advance(3600);
    await drain();
    expect(flaky).to.have.length(3);
    expect(steady).to.deep.equal([flaky[0]]);
  });

  it('keeps the order of an organization for a consumer whose earlier event is still failing; other organizations go on', async () => {
    const c = app.app.container;
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const failing = new Set<string>();
    const delivered: string[] = [];
    const tried: string[] = [];
    await c.dispatcher.subscribe('ordered', (_em, received) => {
      const e = appEvent(received);
      if ((e.organizationId !== orgA && e.organizationId !== orgB) || e.event !== 'contact.created') return;
      tried.push(e.data.name);
      if (failing.has(e.data.name)) throw new Error(`cannot take ${e.data.name} yet`);
      delivered.push(e.data.name);
    });
    const contactOf = (name: string) => makeContactPayload({ name });
    failing.add('A1');
    await recordEvent(app, orgA, 'contact.created', contactOf('A1'));
    await recordEvent(app, orgA, 'contact.created', contactOf('A2'));
    await recordEvent(app, orgB, 'contact.created', contactOf('B1'));
    await recordEvent(app, orgA, 'contact.created', contactOf('A3'));
    await drain();
    expect(tried).to.deep.equal(['A1', 'B1']);
    expect(delivered).to.deep.equal(['B1']);

    await recordEvent(app, orgA, 'contact.created', contactOf('A4'));
    await recordEvent(app, orgB, 'contact.created', contactOf('B2'));
    await drain();
    expect(delivered).to.deep.equal(['B1', 'B2']);

    failing.clear();
    clock().advance(10);
    await drain();
    expect(delivered).to.deep.equal(['B1', 'B2', 'A1', 'A2', 'A3', 'A4']);
    expect(tried).to.deep.equal(['A1', 'B1', 'B2', 'A1', 'A2', 'A3', 'A4']);
  });

  it('does not hand a new consumer the events recorded before it was first subscribed', async () => {
    const c = app.app.container;
    const orgId = randomUUID();
    // An older transaction still open holds the cluster-wide xmin below the history's transaction,
    // as any other session of the server may at any time: the history must still be skipped.
    const older = new Client({ connectionString: app.databaseUrl });
    await older.connect();
    await older.query('BEGIN');
    await older.query('SELECT pg_current_xact_id()');
    const seen: string[] = [];
    try {
      await recordEvent(app, orgId, 'contact.created', makeContactPayload({ name: 'history' }));
      await c.dispatcher.subscribe('newcomer', (_em, received) => {
        const e = appEvent(received);
        if (e.organizationId === orgId && e.event === 'contact.created') seen.push(e.data.name);
      });
    } finally {
      await older.query('COMMIT');
      await older.end();
    }
    await drain();
    await recordEvent(app, orgId, 'contact.created', makeContactPayload({ name: 'news' }));
    await drain();
    expect(seen).to.deep.equal(['news']);
  });

  it('loses no event when the process stops between commit and delivery', async () => {
    // `late` was subscribed when the event was recorded: a consumer's position starts at its first
    // registration, and the next process picks up from there.
    const first = await startTestApp({}, { onContainer: (c) => void c.dispatcher.subscribe('late', () => undefined) });
    const company = await makeCompany(first);
    await first.app.container.dispatcher.stop();
    await recordEvent(first, company.organizationId, 'document.created', {
      id: 'd1',
      number: '2026-0001',
      type: 'INVOICE',
      status: 'ISSUED',
      currency: 'CZK',
      total: 1210,
      paidAmount: 0,
      contactId: null,
      clientName: 'Novák',
      issuedAt: '2026-11-22T00:00:00.000Z',
      dueAt: '2026-12-06T00:00:00.000Z',
    });
    await first.stop();
    const delivered: RecordedEvent[] = [];
    const second = await startTestApp(
      { DATABASE_URL: first.databaseUrl },
      { onContainer: (c) => void c.dispatcher.subscribe('late', (_em, e) => void delivered.push(e)) },
    );
    try {
      await second.app.container.dispatcher.drain();
      expect(delivered.map((e) => e.event)).to.include('document.created');
    } finally {
      await second.stop();
    }
  });

  it("hands a batch consumer a pass's events at once in order; when the batch throws, one by one, so only the bad event waits; `committed` runs after each pass that handed it events", async () => {
    const c = app.app.container;
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const mine = (e: RecordedEvent) =>
      (e.organizationId === orgA || e.organizationId === orgB) && e.event === 'contact.created';
    const batches: string[][] = [];
    const oneByOne: string[] = [];
    let committedPasses = 0;
    await c.dispatcher.subscribe(
      'batched',
      (_em, received) => {
        const e = appEvent(received);
        if (e.event !== 'contact.created' || !mine(e)) return undefined;
        if (e.data.name === 'A2 bad') throw new Error('cannot take A2');
        oneByOne.push(e.data.name);
        return undefined;
      },
      {
        consumeBatch: (_em, events) => {
          const names = events.filter(mine).map((e) => (e.data as { name: string }).name);
          if (!names.length) return undefined;
          batches.push(names);
          if (names.includes('A2 bad')) throw new Error('batch refused');
          return undefined;
        },
        committed: () => void committedPasses++,
      },
    );
    // One transaction, so a background pass cannot split them (it sees all five or none).
    const recordAll = (events: ReadonlyArray<readonly [string, string]>) =>
      c.orm.em.fork().transactional((em) => {
        for (const [org, name] of events) c.events.record(em, org, 'contact.created', makeContactPayload({ name }));
      });
    await recordAll([
      [orgA, 'A1'],
      [orgB, 'B1'],
      [orgA, 'A2 bad'],
      [orgB, 'B2'],
      [orgA, 'A3'],
    ]);
    await drain();
    // One batch of the whole pass, in order; it threw, so each event went alone: A3 waits behind A2.
    expect(batches).to.deep.equal([['A1', 'B1', 'A2 bad', 'B2', 'A3']]);
    expect(oneByOne).to.deep.equal(['A1', 'B1', 'B2']);
    expect(app.logs.filter((l) => l.includes('batch failed') && l.includes('batch refused'))).to.have.length(1);
    expect(committedPasses).to.be.greaterThan(0);
    const passesBefore = committedPasses;

    await recordAll([
      [orgB, 'B3'],
      [orgB, 'B4'],
    ]);
    await drain();
    expect(batches.slice(1)).to.deep.equal([['B3', 'B4']]);
    expect(oneByOne).to.deep.equal(['A1', 'B1', 'B2']);
    expect(committedPasses).to.be.greaterThan(passesBefore);
  });

  it('takes turns between consumers: one that keeps finding new events does not hold the others back', async () => {
    const c = app.app.container;
    const [streaming, other] = [randomUUID(), randomUUID()];
    const record = (org: string, name: string) =>
      c.orm.em.fork().transactional((em) => c.events.record(em, org, 'contact.created', makeContactPayload({ name })));
    let streamed = 0;
    let seenAfter: number | null = null;
    // Each event it is handed commits the next one (up to 30) on its own: a pass of it always finds one more, as under a steady load.
    await c.dispatcher.subscribe('stream', async (_em, e) => {
      if (e.organizationId !== streaming) return;
      streamed++;
      if (streamed < 30) await record(streaming, `stream ${streamed}`);
    });
    await c.dispatcher.subscribe('late', (_em, e) => {
      if (e.organizationId === other) seenAfter = streamed;
    });
    await c.orm.em.fork().transactional((em) => {
      c.events.record(em, streaming, 'contact.created', makeContactPayload({ name: 'stream 0' }));
      c.events.record(em, other, 'contact.created', makeContactPayload({ name: 'waiting' }));
    });
    await drain();
    expect(streamed).to.equal(30);
    // Round robin: the later consumer got its event after the streaming one's first pass, not after its 30th.
    expect(seenAfter).to.be.a('number').and.below(3);
  });
});
