import { expect } from 'chai';
import pg from 'pg';
import type { AdjustableClock } from '../../src/core/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, type Company } from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { deliveriesOf, makeWebhook, settleWebhooks } from '../helpers/webhooks';

/**
 * The webhooks consumer takes a dispatcher pass's events as one batch (one INSERT … SELECT under one
 * savepoint). A batch that fails is handed over again one event at a time, so the event that cannot
 * be fanned out waits and is parked alone while the others are delivered.
 *
 * The outbox is dispatched only when the test drains it (a poll of an hour), so every event recorded
 * before a drain goes through in one pass; one send at a time, so arrivals show the sending order.
 */
describe('webhooks: the fan-out of a pass as one batch', () => {
  let app: TestApp;
  let db: pg.Client;
  let receiver: Receiver;
  before(async () => {
    app = await startTestApp({ OUTBOX_MAX_ATTEMPTS: '2', OUTBOX_POLL_MS: '3600000', WEBHOOK_CONCURRENCY: '1' });
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    receiver = await startReceiver();
  });
  after(async () => {
    await db?.query(
      'DROP TRIGGER IF EXISTS refuse_poison ON webhook_deliveries; DROP FUNCTION IF EXISTS refuse_poison()',
    );
    await db?.end();
    await receiver?.close();
    await app?.stop();
  });

  const names = (from: Receiver, organization: string[]) =>
    from.received
      .map((r) => JSON.parse(r.body).data.name as string)
      .filter((n) => organization.some((prefix) => n.startsWith(prefix)));
  const contacts = async (company: Company, ...list: string[]) => {
    for (const name of list) await makeContact(app, company.token, { name });
  };

  it('delivers the events of one pass in the order of their seq', async () => {
    const company = await makeCompany(app);
    await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
    const after = await lastEventSeq(app);
    const list = Array.from({ length: 30 }, (_, i) => `Order ${String(i).padStart(2, '0')}`);
    await contacts(company, ...list);
    const recorded = (await orgEventRecords(app, company.organizationId, after)).filter(
      (e) => e.event === 'contact.created',
    );
    expect(recorded.map((e) => e.data.name)).to.deep.equal(list);

    await settleWebhooks(app);
    expect(names(receiver, ['Order'])).to.deep.equal(list);
    expect(app.logs.filter((l) => l.includes('batch failed'))).to.have.length(0);
  });

  it('when one event of a batch cannot be fanned out: the others are delivered, the bad one is retried and parked alone', async () => {
    // A real failure inside PostgreSQL for one event's deliveries: the batch's INSERT fails as a whole.
    await db.query(`CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.body LIKE '%Poison%' THEN RAISE EXCEPTION 'poison delivery refused'; END IF; RETURN NEW; END $$`);
    await db.query(
      'CREATE TRIGGER refuse_poison BEFORE INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION refuse_poison()',
    );
    const [a, b] = [await makeCompany(app), await makeCompany(app)];
    const hookA = await makeWebhook(app, a.token, { url: receiver.url, events: ['contact.created'] });
    await makeWebhook(app, b.token, { url: receiver.url, events: ['contact.created'] });
    await contacts(a, 'A1 before');
    await contacts(b, 'B1');
    await contacts(a, 'A2 Poison');
    await contacts(b, 'B2');
    await contacts(a, 'A3 after');
    const poisonSeq = (await orgEventRecords(app, a.organizationId)).find((e) => e.data.name === 'A2 Poison')!.seq;

    await settleWebhooks(app);
    // A's later event waits behind the failing one (order per organization); B goes on.
    expect(names(receiver, ['A', 'B'])).to.deep.equal(['A1 before', 'B1', 'B2']);
    expect(app.logs.filter((l) => l.includes('batch failed'))).to.have.length(1);
    const waiting = await db.query('SELECT seq, attempts, parked_at FROM outbox_deliveries WHERE consumer = $1', [
      'webhooks',
    ]);
    expect(waiting.rows.map((r) => [String(r.seq), r.attempts, r.parked_at === null])).to.deep.include([
      poisonSeq,
      1,
      true,
    ]);

    (app.app.container.clock as AdjustableClock).advance(10);
    await settleWebhooks(app); // the second failure parks it: A's later event goes on
    expect(names(receiver, ['A', 'B'])).to.deep.equal(['A1 before', 'B1', 'B2', 'A3 after']);
    const parked = await db.query(
      'SELECT seq, attempts, last_error FROM outbox_deliveries WHERE consumer = $1 AND parked_at IS NOT NULL',
      ['webhooks'],
    );
    expect(parked.rows.map((r) => [String(r.seq), r.attempts])).to.deep.equal([[poisonSeq, 2]]);
    expect(parked.rows[0].last_error).to.include('poison delivery refused');
    expect((await deliveriesOf(app, a.token, hookA.id)).map((d) => d.status)).to.deep.equal(['DELIVERED', 'DELIVERED']);
    expect(receiver.received.filter((r) => r.body.includes('Poison'))).to.have.length(0);
  });
});
