import { expect } from 'chai';
import type { RecordedEvent } from '../../src/modules/events/event-outbox';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany } from '../helpers/fixtures';

describe('event outbox and dispatcher', () => {
  let app: TestApp;
  const received: RecordedEvent[] = [];
  before(async () => {
    app = await startTestApp({}, { onContainer: (c) => c.dispatcher.subscribe('test-collector', async (_em, e) => void received.push(e)) });
  });
  after(() => app.stop());

  async function recordInTransaction(orgId: string, event: string, data: Record<string, unknown>, fail = false): Promise<void> {
    const c = app.app.container;
    await c.orm.em.fork().transactional(async (em) => {
      c.events.record(em, orgId, event, data);
      if (fail) throw new Error('change failed');
    });
  }

  it('writes events in the transaction of the change and shows them in order', async () => {
    const company = await makeCompany(app);
    const before = await app.get('/api/test/events');
    const after = before.body.events.length ? before.body.events[before.body.events.length - 1].seq : '0';
    await recordInTransaction(company.organizationId, 'contact.created', { id: 'c1', name: 'Novák' });
    await recordInTransaction(company.organizationId, 'contact.updated', { id: 'c1', name: 'Nováková' });
    await recordInTransaction(company.organizationId, 'contact.archived', { id: 'c1' }, true).catch(() => undefined);
    const res = await app.get(`/api/test/events?after=${after}`);
    expect(res.body.events.map((e: RecordedEvent) => e.event)).to.deep.equal(['contact.created', 'contact.updated']);
    const [first, second] = res.body.events;
    expect(first).to.include({ event: 'contact.created', organizationId: company.organizationId });
    expect(first.data).to.deep.equal({ id: 'c1', name: 'Novák' });
    expect(Number(second.seq)).to.be.greaterThan(Number(first.seq));
    expect(first.createdAt).to.match(/Z$/);
    const later = await app.get(`/api/test/events?after=${first.seq}`);
    expect(later.body.events.map((e: RecordedEvent) => e.seq)).to.deep.equal([second.seq]);
  });

  it('hands every committed event to each consumer once', async () => {
    const company = await makeCompany(app);
    await recordInTransaction(company.organizationId, 'product.created', { id: 'p1' });
    await app.app.container.dispatcher.drain();
    const mine = received.filter((e) => e.organizationId === company.organizationId);
    expect(mine.map((e) => e.event)).to.deep.equal(['product.created']);
    await app.app.container.dispatcher.drain();
    expect(received.filter((e) => e.organizationId === company.organizationId)).to.have.length(1);
  });

  it('keeps other consumers going when one fails', async () => {
    const c = app.app.container;
    const seen: string[] = [];
    c.dispatcher.subscribe('failing', async () => {
      throw new Error('consumer bug');
    });
    c.dispatcher.subscribe('healthy', async (_em, e) => void seen.push(e.event));
    const company = await makeCompany(app);
    await recordInTransaction(company.organizationId, 'product.updated', { id: 'p1' });
    await c.dispatcher.drain();
    expect(seen).to.include('product.updated');
    expect(app.logs.some((l) => l.includes('event consumer failed') && l.includes('consumer bug'))).to.equal(true);
  });

  it('loses no event when the process stops between commit and delivery', async () => {
    const first = await startTestApp();
    const company = await makeCompany(first);
    await first.app.container.dispatcher.stop();
    await first.app.container.orm.em.fork().transactional(async (em) => first.app.container.events.record(em, company.organizationId, 'document.created', { id: 'd1' }));
    await first.stop();
    const delivered: RecordedEvent[] = [];
    const second = await startTestApp({ DATABASE_URL: first.databaseUrl }, { onContainer: (c) => c.dispatcher.subscribe('late', async (_em, e) => void delivered.push(e)) });
    try {
      await second.app.container.dispatcher.drain();
      expect(delivered.map((e) => e.event)).to.include('document.created');
    } finally {
      await second.stop();
    }
  });
});
