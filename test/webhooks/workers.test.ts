import { expect } from 'chai';
import pg from 'pg';
import type { AdjustableClock } from '../../src/core/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany } from '../helpers/fixtures';
import { recordContactEvents } from '../helpers/outbox';
import { startReceiver } from '../helpers/receiver';
import { deliveriesOf, makeWebhook, settleWebhooks } from '../helpers/webhooks';

describe('webhooks across processes', () => {
  it('two worker processes on one database send each delivery once', async function () {
    this.timeout(120_000);
    const receiver = await startReceiver();
    const one = await startTestApp({ WEBHOOK_POLL_MS: '20', OUTBOX_POLL_MS: '20' });
    const two = await startTestApp({ DATABASE_URL: one.databaseUrl, WEBHOOK_POLL_MS: '20', OUTBOX_POLL_MS: '20' });
    try {
      const co = await makeCompany(one);
      await makeWebhook(one, co.token, { url: receiver.url, events: ['contact.created'] });
      await makeWebhook(one, co.token, { url: receiver.url, events: ['contact.created'], name: 'second' });
      await recordContactEvents(one, co.organizationId, 150, 10);
      const deadline = Date.now() + 60_000;
      while (receiver.received.length < 300 && Date.now() < deadline) await settleWebhooks(one, two);
      const ids = receiver.received.map((r) => r.headers['x-faktura-delivery']);
      expect(ids).to.have.length(300);
      expect(new Set(ids).size).to.equal(300);
    } finally {
      await Promise.all([one.stop(), two.stop(), receiver.close()]);
    }
  });

  it('a restart between attempts still delivers: the retry is an Agenda job in PostgreSQL', async function () {
    this.timeout(120_000);
    const receiver = await startReceiver(() => ({ status: 500 }));
    const first: TestApp = await startTestApp();
    let second: TestApp | undefined;
    try {
      const co = await makeCompany(first);
      const hook = await makeWebhook(first, co.token, { url: receiver.url, events: ['contact.created'] });
      await recordContactEvents(first, co.organizationId, 1);
      await settleWebhooks(first);
      expect(receiver.received).to.have.length(1);
      const now = (await first.get('/api/test/clock')).body.now as string;
      await first.stop();

      receiver.respond = () => ({ status: 200 });
      second = await startTestApp(
        { DATABASE_URL: first.databaseUrl },
        { clockStart: new Date(Date.parse(now) + 61_000).toISOString() },
      );
      await settleWebhooks(second);
      expect(receiver.received).to.have.length(2);
      expect(receiver.received[1].body).to.equal(receiver.received[0].body);
      const [delivery] = await deliveriesOf(second, co.token, hook.id);
      expect(delivery.status).to.equal('DELIVERED');
      expect(delivery.attempts.map((a: any) => [a.number, a.statusCode])).to.deep.equal([
        [1, 500],
        [2, 200],
      ]);
    } finally {
      await Promise.all([second?.stop(), receiver.close()]);
    }
  });

  it('a retry whose Agenda job was lost is sent by the sender five minutes after it was due', async function () {
    this.timeout(60_000);
    const receiver = await startReceiver(() => ({ status: 500 }));
    const app = await startTestApp();
    try {
      const co = await makeCompany(app);
      const hook = await makeWebhook(app, co.token, { url: receiver.url, events: ['contact.created'] });
      await recordContactEvents(app, co.organizationId, 1);
      await settleWebhooks(app);
      expect(receiver.received).to.have.length(1);
      // The crash between recording the failed attempt and scheduling its retry: the job never existed.
      const db = new pg.Client({ connectionString: app.databaseUrl });
      await db.connect();
      const dropped = await db.query(`DELETE FROM agenda_jobs WHERE name = 'webhook-delivery-retry'`);
      await db.end();
      expect(dropped.rowCount).to.equal(1);
      receiver.respond = () => ({ status: 200 });
      const clock = app.app.container.clock as AdjustableClock;
      clock.advance(60 + 240); // due for a minute, overdue four: still the job's to send
      await settleWebhooks(app);
      expect(receiver.received).to.have.length(1);
      clock.advance(61); // overdue more than five minutes: the sender takes it
      await settleWebhooks(app);
      expect(receiver.received).to.have.length(2);
      const [delivery] = await deliveriesOf(app, co.token, hook.id);
      expect(delivery.status).to.equal('DELIVERED');
      expect(delivery.attempts.map((a: any) => [a.number, a.statusCode])).to.deep.equal([
        [1, 500],
        [2, 200],
      ]);
    } finally {
      await Promise.all([app.stop(), receiver.close()]);
    }
  });
});
