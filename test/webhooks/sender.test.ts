import net from 'node:net';
import { expect } from 'chai';
import pg from 'pg';
import { DeliverySender } from '../../src/modules/webhooks/delivery-sender';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { deliveriesOf, makeWebhook, settleWebhooks } from '../helpers/webhooks';

/**
 * The sender's hand-over from the fan-out: the deliveries a pass writes are already claimed for this
 * process's sender and reach it once the pass commits, without a claim statement; a pass that rolls
 * back hands over nothing; a sender that cannot take them (stopped) leaves them unclaimed; and a
 * claimed delivery that waited too long for a slot is given back, not sent late.
 *
 * The outbox runs only when the test drains it (a poll of an hour), the sender's poll is a minute.
 */
describe("webhooks: the sender takes the fan-out's deliveries over", () => {
  let app: TestApp;
  let db: pg.Client;
  let receiver: Receiver;
  before(async () => {
    app = await startTestApp({ OUTBOX_POLL_MS: '3600000', WEBHOOK_POLL_MS: '60000' });
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await db.query(`DROP TRIGGER IF EXISTS refuse_claims ON webhook_deliveries; DROP FUNCTION IF EXISTS refuse_claims();
      DROP TRIGGER IF EXISTS refuse_position ON outbox_consumers; DROP FUNCTION IF EXISTS refuse_position();`);
  });
  after(async () => {
    await db?.end();
    await receiver?.close();
    await app?.stop();
  });

  const sender = () => app.app.container.services.webhooks.sender;
  const drain = async () => {
    const res = await app.post('/api/test/jobs/run-due', {});
    expect(res.status, res.text).to.equal(200);
  };
  const until = async (check: () => boolean | Promise<boolean>, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Runs `body` with a sender of the test's own (on the app's services) in place of the app's, which is restarted after. */
  const withSender = async (
    options: ConstructorParameters<typeof DeliverySender>[2],
    body: (own: DeliverySender) => Promise<void>,
  ) => {
    await sender().stop();
    const own = new DeliverySender(app.app.container.services.webhooks.deliveries, app.app.container.logger, options);
    try {
      await body(own);
    } finally {
      await own.stop();
      sender().start();
    }
  };
  const idsOf = (name: string) =>
    receiver.received.filter((r) => r.body.includes(name)).map((r) => r.headers['x-faktura-delivery']);

  it('sends what the fan-out wrote claimed for it, once each, with no claim statement', async () => {
    // Claims by UPDATE fail inside PostgreSQL from here on: only the fan-out's own claims can work.
    await db.query(`CREATE FUNCTION refuse_claims() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.claimed_until IS NULL AND NEW.claimed_until IS NOT NULL THEN RAISE EXCEPTION 'claim refused'; END IF; RETURN NEW; END $$`);
    await db.query(
      'CREATE TRIGGER refuse_claims BEFORE UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION refuse_claims()',
    );
    const company = await makeCompany(app);
    const hook = await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
    for (let i = 0; i < 5; i++) await makeContact(app, company.token, { name: `Handed ${i}` });
    await drain();
    await until(() => idsOf('Handed').length === 5, 'five deliveries');
    await sender().settle();
    expect(new Set(idsOf('Handed')).size).to.equal(5);
    const log = await deliveriesOf(app, company.token, hook.id);
    expect(log.map((d) => d.status)).to.deep.equal(Array(5).fill('DELIVERED'));
    expect(log.map((d) => d.id).sort()).to.deep.equal([...idsOf('Handed')].sort());
  });

  it('hands nothing over from a pass that rolled back; the pass that commits sends each delivery once', async () => {
    // The webhooks consumer's writes succeed, then its position cannot be saved: the whole pass rolls back.
    await db.query(`CREATE FUNCTION refuse_position() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'webhooks' THEN RAISE EXCEPTION 'position refused'; END IF; RETURN NEW; END $$`);
    await db.query(
      'CREATE TRIGGER refuse_position BEFORE UPDATE ON outbox_consumers FOR EACH ROW EXECUTE FUNCTION refuse_position()',
    );
    const company = await makeCompany(app);
    const hook = await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
    for (let i = 0; i < 3; i++) await makeContact(app, company.token, { name: `Rolled ${i}` });
    await drain().catch(() => undefined);
    await sender().settle();
    expect(idsOf('Rolled')).to.have.length(0);
    expect(await deliveriesOf(app, company.token, hook.id)).to.have.length(0);

    await db.query('DROP TRIGGER refuse_position ON outbox_consumers');
    await settleWebhooks(app);
    await until(() => idsOf('Rolled').length >= 3, 'three deliveries');
    await sender().settle();
    const log = await deliveriesOf(app, company.token, hook.id);
    expect(log.map((d) => d.status)).to.deep.equal(Array(3).fill('DELIVERED'));
    expect(idsOf('Rolled').sort()).to.deep.equal(log.map((d) => d.id).sort());
  });

  it('a stopped sender takes nothing over: the deliveries are written unclaimed, and sent once it runs', async () => {
    const company = await makeCompany(app);
    const hook = await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
    await sender().stop();
    try {
      for (let i = 0; i < 3; i++) await makeContact(app, company.token, { name: `Unclaimed ${i}` });
      await drain();
      const rows = await db.query('SELECT claimed_until FROM webhook_deliveries WHERE endpoint_id = $1', [hook.id]);
      expect(rows.rows.map((r) => r.claimed_until)).to.deep.equal([null, null, null]);
    } finally {
      sender().start();
    }
    await settleWebhooks(app);
    expect(idsOf('Unclaimed')).to.have.length(3);
    expect((await deliveriesOf(app, company.token, hook.id)).map((d) => d.status)).to.deep.equal(
      Array(3).fill('DELIVERED'),
    );
  });

  it('gives back a claimed delivery that waited too long for a slot, and it is sent later, once', async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 300 }));
    // One slot and a lease of 200 ms (local waits over 100 ms give the claim back).
    await withSender({ concurrency: 1, pollMs: 3_600_000, leaseMs: 200 }, async (tight) => {
      const company = await makeCompany(app);
      const hook = await makeWebhook(app, company.token, { url: slow.url, events: ['contact.created'] });
      for (let i = 0; i < 3; i++) await makeContact(app, company.token, { name: `Waited ${i}` });
      await drain();
      tight.start();
      tight.wake();
      await until(
        async () => (await deliveriesOf(app, company.token, hook.id)).every((d) => d.status === 'DELIVERED'),
        'all delivered',
      );
      await tight.settle();
      const ids = slow.received.map((r) => r.headers['x-faktura-delivery']);
      expect(ids).to.have.length(3);
      expect(new Set(ids).size).to.equal(3);
      expect(app.logs.some((l) => l.includes('given back to be claimed again'))).to.equal(true);
    }).finally(() => slow.close());
  });
  it('counts the process as busy with more than one request in flight and its event loop working, not for requests that only wait', async () => {
    const load = app.app.container.load;
    const port = Number(new URL(app.url).port);
    // Requests whose body never comes stay in flight (the body parser waits for it) without work.
    const open = async () => {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.write(
        'POST /api/v1/contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      return socket;
    };
    // Works for `ms` in slices of 20 ms (timers run in between); whether busy() said yes meanwhile.
    const work = async (ms: number) => {
      let seen = false;
      const end = performance.now() + ms;
      while (performance.now() < end) {
        const slice = performance.now() + 20;
        while (performance.now() < slice);
        await new Promise((r) => setImmediate(r));
        seen ||= load.busy();
      }
      return seen;
    };
    const first = await open();
    await until(() => load.requests === 1, 'one request in flight');
    expect(await work(300), 'one request, working loop').to.equal(false);
    const second = await open();
    await until(() => load.requests === 2, 'two requests in flight');
    await new Promise((r) => setTimeout(r, 150));
    expect(load.busy(), 'two waiting requests, idle loop').to.equal(false);
    expect(await work(300), 'two requests, working loop').to.equal(true);
    first.destroy();
    second.destroy();
    await until(() => !load.busy(), 'the load to end');
  });

  it('holds attempts back while the process is busy (one per 200 ms at least), and sends the rest when it is not', async () => {
    let busy = true;
    await withSender({ concurrency: 4, pollMs: 60_000, leaseMs: 70_000, yieldTo: () => busy }, async (polite) => {
      const company = await makeCompany(app);
      const hook = await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
      for (let i = 0; i < 6; i++) await makeContact(app, company.token, { name: `Polite ${i}` });
      await drain();
      polite.start();
      polite.wake();
      await new Promise((r) => setTimeout(r, 500));
      // Busy throughout: at most one launch per 200 ms (the first at once), never all six.
      const held = idsOf('Polite').length;
      expect(held).to.be.within(1, 4);
      busy = false;
      await until(() => idsOf('Polite').length === 6, 'the rest once not busy');
      await polite.settle();
      expect((await deliveriesOf(app, company.token, hook.id)).map((d) => d.status)).to.deep.equal(
        Array(6).fill('DELIVERED'),
      );
    });
  });
});
