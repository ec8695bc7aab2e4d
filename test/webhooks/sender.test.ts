import { expect } from 'chai';
import pg from 'pg';
import type { AdjustableClock } from '../../src/core/clock';
import { DeliverySender, HELD_ROUNDS } from '../../src/modules/webhooks/delivery-sender';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { deliveriesOf, makeWebhook, settleWebhooks } from '../helpers/webhooks';

/**
 * The sender's contract: the fan-out writes PENDING deliveries that no one holds; the sender, woken
 * once the outbox pass has committed (or by its poll), claims due ones (FOR UPDATE SKIP LOCKED, then a
 * claim until a time) and sends each once per attempt, also beside another sender; a claim whose
 * sender died runs out and the delivery is sent again (at-least-once); a pass that rolled back sends
 * nothing; a stopping sender gives back what it claimed and did not send.
 *
 * The outbox runs only when the test drains it (a poll of an hour), the app's sender polls once a minute.
 */
describe('webhooks: the sender', () => {
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
    await db.query(
      'DROP TRIGGER IF EXISTS refuse_position ON outbox_consumers; DROP FUNCTION IF EXISTS refuse_position();',
    );
  });
  after(async () => {
    await db?.end();
    await receiver?.close();
    await app?.stop();
  });

  const services = () => app.app.container.services.webhooks;
  const sender = () => services().sender;
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
  const ownSender = (concurrency: number) =>
    new DeliverySender(app.app.container.orm, app.app.container.clock, services().attempts, app.app.container.logger, {
      concurrency,
      pollMs: 3_600_000,
    });
  /** Runs `body` with the app's sender stopped (restarted after). */
  const withoutAppSender = async (body: () => Promise<void>) => {
    await sender().stop();
    try {
      await body();
    } finally {
      sender().start();
    }
  };
  const idsOf = (from: Receiver, name: string) =>
    from.received.filter((r) => r.body.includes(name)).map((r) => r.headers['x-faktura-delivery']);
  const claimsOf = async (endpointId: string) =>
    (
      await db.query<{ id: string; claimed_until: Date | null }>(
        'SELECT id, claimed_until FROM webhook_deliveries WHERE endpoint_id = $1',
        [endpointId],
      )
    ).rows;

  it("sends a pass's deliveries once it has committed, woken without waiting for its poll, once each", async () => {
    const company = await makeCompany(app);
    const hook = await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
    for (let i = 0; i < 5; i++) await makeContact(app, company.token, { name: `Woken ${i}` });
    await drain();
    // No settle(): only the wake after the pass can send them before the minute's poll.
    await until(() => idsOf(receiver, 'Woken').length === 5, 'five deliveries');
    await sender().settle();
    expect(new Set(idsOf(receiver, 'Woken')).size).to.equal(5);
    const log = await deliveriesOf(app, company.token, hook.id);
    expect(log.map((d) => d.status)).to.deep.equal(Array(5).fill('DELIVERED'));
    expect(log.map((d) => d.id).sort()).to.deep.equal([...idsOf(receiver, 'Woken')].sort());
    expect((await claimsOf(hook.id)).map((r) => r.claimed_until)).to.deep.equal(Array(5).fill(null));
  });

  it('sends nothing from a pass that rolled back; the pass that commits sends each delivery once', async () => {
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
    expect(idsOf(receiver, 'Rolled')).to.have.length(0);
    expect(await deliveriesOf(app, company.token, hook.id)).to.have.length(0);

    await db.query('DROP TRIGGER refuse_position ON outbox_consumers');
    await settleWebhooks(app);
    await until(() => idsOf(receiver, 'Rolled').length >= 3, 'three deliveries');
    await sender().settle();
    const log = await deliveriesOf(app, company.token, hook.id);
    expect(log.map((d) => d.status)).to.deep.equal(Array(3).fill('DELIVERED'));
    expect(idsOf(receiver, 'Rolled').sort()).to.deep.equal(log.map((d) => d.id).sort());
  });

  it('deliveries written while no sender runs are PENDING and held by no one, and sent once one runs', async () => {
    const company = await makeCompany(app);
    const hook = await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
    await withoutAppSender(async () => {
      for (let i = 0; i < 3; i++) await makeContact(app, company.token, { name: `Unclaimed ${i}` });
      await drain();
      expect((await claimsOf(hook.id)).map((r) => r.claimed_until)).to.deep.equal([null, null, null]);
      expect((await deliveriesOf(app, company.token, hook.id)).map((d) => d.status)).to.deep.equal(
        Array(3).fill('PENDING'),
      );
    });
    await settleWebhooks(app);
    expect(idsOf(receiver, 'Unclaimed')).to.have.length(3);
    expect((await deliveriesOf(app, company.token, hook.id)).map((d) => d.status)).to.deep.equal(
      Array(3).fill('DELIVERED'),
    );
  });

  it('two senders on one database send each due delivery once', async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 20 }));
    const [one, two] = [ownSender(2), ownSender(2)];
    try {
      await withoutAppSender(async () => {
        const company = await makeCompany(app);
        const hook = await makeWebhook(app, company.token, { url: slow.url, events: ['contact.created'] });
        for (let i = 0; i < 24; i++) await makeContact(app, company.token, { name: `Shared ${i}` });
        await drain();
        one.start();
        two.start();
        await Promise.all([one.settle(), two.settle()]);
        const ids = idsOf(slow, 'Shared');
        expect(ids).to.have.length(24);
        expect(new Set(ids).size).to.equal(24);
        const log = await deliveriesOf(app, company.token, hook.id);
        expect(log.map((d) => d.attempts.length)).to.deep.equal(Array(24).fill(1));
      });
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      await slow.close();
    }
  });

  it('claims no more than HELD_ROUNDS rounds of its slots at once, so a claim is sent long before it runs out', async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 50 }));
    const tight = ownSender(1);
    try {
      await withoutAppSender(async () => {
        const company = await makeCompany(app);
        const hook = await makeWebhook(app, company.token, { url: slow.url, events: ['contact.created'] });
        for (let i = 0; i < 8; i++) await makeContact(app, company.token, { name: `Held ${i}` });
        await drain();
        tight.start();
        tight.wake();
        let most = 0;
        while (idsOf(slow, 'Held').length < 8) {
          const held = (await claimsOf(hook.id)).filter((r) => r.claimed_until !== null).length;
          most = Math.max(most, held);
          await new Promise((r) => setTimeout(r, 10));
        }
        await tight.settle();
        expect(most).to.be.within(1, HELD_ROUNDS);
        expect(new Set(idsOf(slow, 'Held')).size).to.equal(8);
      });
    } finally {
      await tight.stop();
      await slow.close();
    }
  });

  it('a claim whose sender died is left alone until it runs out, then the delivery is sent again (at-least-once)', async () => {
    const company = await makeCompany(app);
    const hook = await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
    const clock = app.app.container.clock as AdjustableClock;
    await withoutAppSender(async () => {
      await makeContact(app, company.token, { name: 'Orphaned claim' });
      await drain();
      // Claimed for a minute by a sender that then died (it may or may not have sent it).
      await db.query(`UPDATE webhook_deliveries SET claimed_until = $2 WHERE endpoint_id = $1`, [
        hook.id,
        new Date(clock.now().getTime() + 60_000),
      ]);
    });
    await sender().settle();
    expect(idsOf(receiver, 'Orphaned claim')).to.have.length(0);
    clock.advance(61);
    await sender().settle();
    expect(idsOf(receiver, 'Orphaned claim')).to.have.length(1);
    const [delivery] = await deliveriesOf(app, company.token, hook.id);
    expect(delivery.status).to.equal('DELIVERED');
    expect(delivery.attempts.map((a: any) => [a.number, a.statusCode])).to.deep.equal([[1, 200]]);
  });

  it('a stopping sender finishes the attempts under way and gives back what it claimed and did not send', async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 200 }));
    const stopping = ownSender(1);
    try {
      const company = await makeCompany(app);
      const hook = await makeWebhook(app, company.token, { url: slow.url, events: ['contact.created'] });
      await withoutAppSender(async () => {
        for (let i = 0; i < 4; i++) await makeContact(app, company.token, { name: `Stopping ${i}` });
        await drain();
        stopping.start();
        stopping.wake();
        await until(() => slow.received.length === 1, 'the first attempt to arrive');
        await stopping.stop();
        const rows = await claimsOf(hook.id);
        const now = app.app.container.clock.now().getTime();
        expect(rows.filter((r) => r.claimed_until && r.claimed_until.getTime() > now)).to.deep.equal([]);
      });
      const sentBefore = idsOf(slow, 'Stopping');
      await settleWebhooks(app);
      const ids = idsOf(slow, 'Stopping');
      expect(sentBefore).to.have.length(1);
      expect(ids).to.have.length(4);
      expect(new Set(ids).size).to.equal(4);
    } finally {
      await stopping.stop();
      await slow.close();
    }
  });

  it('in ROLE=all, holds attempts back while the HTTP server is busy (one per 200 ms at least), and sends the rest when it is not', async () => {
    let busy = true;
    const polite = ownSender(4);
    try {
      await withoutAppSender(async () => {
        const company = await makeCompany(app);
        const hook = await makeWebhook(app, company.token, { url: receiver.url, events: ['contact.created'] });
        for (let i = 0; i < 6; i++) await makeContact(app, company.token, { name: `Polite ${i}` });
        await drain();
        polite.start({ busy: () => busy });
        polite.wake();
        await new Promise((r) => setTimeout(r, 500));
        // Busy throughout: at most one launch per 200 ms (the first at once), never all six.
        expect(idsOf(receiver, 'Polite').length).to.be.within(1, 4);
        busy = false;
        await until(() => idsOf(receiver, 'Polite').length === 6, 'the rest once not busy');
        await polite.settle();
        expect((await deliveriesOf(app, company.token, hook.id)).map((d) => d.status)).to.deep.equal(
          Array(6).fill('DELIVERED'),
        );
      });
    } finally {
      await polite.stop();
    }
  });
});
