import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { makeApiKey, makeCompany, makeContact, makeProduct, type Company } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { deliveriesOf, makeWebhook, octokitVerify, settleWebhooks } from '../helpers/webhooks';

const HEX64 = /^[0-9a-f]{64}$/;

describe('webhooks', () => {
  let app: TestApp;
  let company: Company;
  let key: string;
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };

  before(async () => {
    app = await startTestApp({ WEBHOOK_TIMEOUT_MS: '300' });
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await app?.stop();
  });

  describe('endpoints', () => {
    it('returns the secret only on create; GET, list and PUT never carry it; description is ignored', async () => {
      const created = await makeWebhook(app, key, {
        description: 'ignored',
        events: ['contact.created', 'custom.anything'],
      });
      expect(created.secret).to.match(HEX64);
      expect(created).to.deep.equal({
        id: created.id,
        name: 'ERP',
        url: 'https://hooks.example.test/in',
        events: ['contact.created', 'custom.anything'],
        isActive: true,
        secret: created.secret,
        createdAt: created.createdAt,
      });
      const record = { ...created };
      delete record.secret;
      expect((await app.get(`/api/v1/webhooks/${created.id}`, key)).body).to.deep.equal(record);
      const list = await app.get('/api/v1/webhooks', key);
      expect(list.body.data).to.deep.include(record);
      expect(list.text).not.to.contain(created.secret);
      const put = await app.put(`/api/v1/webhooks/${created.id}`, { name: 'ERP 2', isActive: false }, key);
      expect(put.body).to.deep.equal({ ...record, name: 'ERP 2', isActive: false });
      expect(app.logs.join('\n')).not.to.contain(created.secret);
    });

    it('refuses other schemes, relative, over-long and non-loopback http URLs with 400 naming url', async () => {
      for (const url of [
        'ftp://example.com/x',
        '/relative/path',
        'example.com/x',
        `https://example.com/${'a'.repeat(2001)}`,
        'http://example.com/x',
        'javascript:alert(1)',
        'https://user:pw@example.com/',
      ]) {
        const res = await app.post('/api/v1/webhooks', { name: 'x', url, events: [] }, key);
        expect(res.status, url).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED');
        expect(res.body.message).to.contain('url');
      }
      for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://[::1]:8080/x']) {
        expect((await app.post('/api/v1/webhooks', { name: 'x', url, events: [] }, key)).status, url).to.equal(201);
      }
    });

    it("another company's endpoint is 404 everywhere; delete answers 204 and then 404", async () => {
      const mine = await makeWebhook(app, key);
      const other = await makeCompany(app);
      for (const [method, path] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['POST', '/test'],
        ['GET', '/deliveries'],
      ] as const) {
        const res = await app.request(method, `/api/v1/webhooks/${mine.id}${path}`, {
          token: other.token,
          body: method === 'PUT' ? { name: 'x' } : undefined,
        });
        expect(res.status, `${method} ${path}`).to.equal(404);
      }
      expect((await app.del(`/api/v1/webhooks/${mine.id}`, key)).status).to.equal(204);
      expect((await app.get(`/api/v1/webhooks/${mine.id}`, key)).status).to.equal(404);
    });
  });

  describe('deliveries', () => {
    it("delivers only listed events to active endpoints, signed so GitHub's verifier accepts it, with the headers", async () => {
      const verify = await octokitVerify();
      const co = await makeCompany(app);
      const [contacts, products, inactive, deleted] = await Promise.all([
        receiver(),
        receiver(),
        receiver(),
        receiver(),
      ]);
      const hook = await makeWebhook(app, co.token, { url: contacts.url, events: ['contact.created'] });
      await makeWebhook(app, co.token, { url: products.url, events: ['product.created'] });
      await makeWebhook(app, co.token, { url: inactive.url, events: ['contact.created'], isActive: false });
      const gone = await makeWebhook(app, co.token, { url: deleted.url, events: ['contact.created'] });
      expect((await app.del(`/api/v1/webhooks/${gone.id}`, co.token)).status).to.equal(204);

      const contact = await makeContact(app, co.token, { name: 'Novák s.r.o.' });
      await settleWebhooks(app);

      expect(contacts.received).to.have.length(1);
      expect(products.received).to.have.length(0);
      expect(inactive.received).to.have.length(0);
      expect(deleted.received).to.have.length(0);
      const [got] = contacts.received;
      const envelope = JSON.parse(got.body);
      expect(Object.keys(envelope)).to.deep.equal(['id', 'event', 'timestamp', 'data']);
      expect(envelope.event).to.equal('contact.created');
      expect(envelope.data.id).to.equal(contact.id);
      expect(envelope.data.name).to.equal('Novák s.r.o.');
      expect(new Date(envelope.timestamp).toISOString()).to.equal(envelope.timestamp);
      const recorded = (
        await app.get<{ events: Array<{ event: string; data: { id: string }; createdAt: string }> }>(
          '/api/test/events?after=0',
        )
      ).body.events;
      const created = recorded.find((e) => e.event === 'contact.created' && e.data.id === contact.id)!;
      expect(envelope.timestamp, 'the envelope carries when the event happened').to.equal(created.createdAt);
      expect(got.headers['x-faktura-event']).to.equal('contact.created');
      expect(got.headers['x-faktura-delivery']).to.equal(envelope.id);
      expect(got.headers['content-type']).to.equal('application/json');
      expect(got.headers['user-agent']).to.match(/Faktura/);
      expect(got.headers['x-faktura-signature']).to.match(/^sha256=[0-9a-f]{64}$/);
      expect(await verify(hook.secret, got.body, got.headers['x-faktura-signature'] as string)).to.equal(true);
      expect(await verify('0'.repeat(64), got.body, got.headers['x-faktura-signature'] as string)).to.equal(false);

      const log = await deliveriesOf(app, co.token, hook.id);
      expect(log).to.have.length(1);
      expect(log[0]).to.deep.include({ id: envelope.id, event: 'contact.created', status: 'DELIVERED' });
      expect(log[0].attempts).to.have.length(1);
      expect(log[0].attempts[0]).to.deep.include({ number: 1, statusCode: 200, error: null, responseBody: 'ok' });

      await makeProduct(app, co.token);
      await settleWebhooks(app);
      expect(products.received).to.have.length(1);
      expect(contacts.received).to.have.length(1);
    });

    it('retries a failing receiver at +1 min and +6 min through the Clock, then FAILED with a notification; the endpoint stays active', async () => {
      const co = await makeCompany(app);
      const failing = await receiver(() => ({ status: 500, body: 'boom' }));
      const hook = await makeWebhook(app, co.token, { url: failing.url, events: ['contact.created'] });
      await makeContact(app, co.token);
      await settleWebhooks(app);
      expect(failing.received).to.have.length(1);

      await advanceClock(app, 55);
      await settleWebhooks(app);
      expect(failing.received, 'not before one minute').to.have.length(1);
      await advanceClock(app, 6);
      await settleWebhooks(app);
      expect(failing.received).to.have.length(2);
      await advanceClock(app, 290);
      await settleWebhooks(app);
      expect(failing.received, 'not before five more minutes').to.have.length(2);
      await advanceClock(app, 11);
      await settleWebhooks(app);
      expect(failing.received).to.have.length(3);
      await advanceClock(app, 3600);
      await settleWebhooks(app);
      expect(failing.received, 'no fourth attempt').to.have.length(3);
      expect(new Set(failing.received.map((r) => r.headers['x-faktura-delivery'])).size).to.equal(1);
      expect(new Set(failing.received.map((r) => r.body)).size).to.equal(1);

      const [delivery] = await deliveriesOf(app, co.token, hook.id);
      expect(delivery.status).to.equal('FAILED');
      expect(delivery.attempts.map((a: any) => [a.number, a.statusCode, a.error, a.responseBody])).to.deep.equal([
        [1, 500, 'HTTP 500', 'boom'],
        [2, 500, 'HTTP 500', 'boom'],
        [3, 500, 'HTTP 500', 'boom'],
      ]);
      const times = delivery.attempts.map((a: any) => Date.parse(a.at));
      expect((times[1] - times[0]) / 1000).to.be.within(60, 70);
      expect((times[2] - times[0]) / 1000).to.be.within(360, 375);
      expect((await app.get(`/api/v1/webhooks/${hook.id}`, co.token)).body.isActive).to.equal(true);
      expect(await deliveriesOf(app, co.token, hook.id, '?status=PENDING')).to.deep.equal([]);

      const notes = await app.get('/api/v1/notifications', co.token);
      expect(notes.status).to.equal(200);
      expect(notes.body.data).to.have.length(1);
      const note = notes.body.data[0];
      expect(note).to.deep.include({
        type: 'webhook.delivery_failed',
        webhookId: hook.id,
        read: false,
        automationId: null,
        documentId: null,
      });
      expect(note.title).to.contain('ERP');
      const read = await app.post(`/api/v1/notifications/${note.id}/read`, {}, co.token);
      expect(read.body.read).to.equal(true);
      expect((await app.get('/api/v1/notifications?read=false', co.token)).body.data).to.deep.equal([]);
      const gql = await app.graphql('{ notifications { data { id read webhookId } } }', {}, co.token);
      expect(gql.body.data.notifications.data).to.deep.equal([{ id: note.id, read: true, webhookId: hook.id }]);

      // Replay sends the same envelope (same id, same bytes) as a new attempt.
      failing.respond = () => ({ status: 204 });
      const replay = await app.post(`/api/v1/webhooks/${hook.id}/deliveries/${delivery.id}/replay`, {}, co.token);
      expect(replay.status, replay.text).to.equal(200);
      expect(replay.body.status).to.equal('DELIVERED');
      expect(replay.body.attempts.map((a: any) => [a.number, a.statusCode])).to.deep.equal([
        [1, 500],
        [2, 500],
        [3, 500],
        [4, 204],
      ]);
      expect(failing.received).to.have.length(4);
      expect(failing.received[3].body).to.equal(failing.received[0].body);
      expect(failing.received[3].headers['x-faktura-delivery']).to.equal(delivery.id);
      expect(
        (
          await app.post(
            `/api/v1/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/replay`,
            {},
            co.token,
          )
        ).status,
      ).to.equal(404);
    });

    it('cuts a hanging receiver at the timeout, does not follow redirects, and a slow endpoint does not delay another', async () => {
      const co = await makeCompany(app);
      const hanging = await receiver(() => 'hang');
      const redirecting = await receiver(() => ({
        status: 302,
        headers: { location: 'http://169.254.169.254/latest' },
      }));
      const fine = await receiver();
      const slow = await makeWebhook(app, co.token, { url: hanging.url });
      const moved = await makeWebhook(app, co.token, { url: redirecting.url });
      await makeWebhook(app, co.token, { url: fine.url });
      const started = Date.now();
      await makeContact(app, co.token);
      await app.post('/api/test/jobs/run-due', {});
      while (fine.received.length === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
      expect(fine.received).to.have.length(1);
      await settleWebhooks(app);
      const [cut] = await deliveriesOf(app, co.token, slow.id);
      expect(cut.attempts[0].statusCode).to.equal(null);
      expect(cut.attempts[0].error).to.equal('Timed out after 300 ms');
      expect(cut.attempts[0].durationMs).to.be.within(290, 2000);
      const [redirect] = await deliveriesOf(app, co.token, moved.id);
      expect(redirect.attempts[0]).to.deep.include({ statusCode: 302, error: 'HTTP 302: redirects are not followed' });
      expect(redirecting.received).to.have.length(1);
    });

    it('test sends exactly one webhook.test attempt, no retries, and answers with its result', async () => {
      const verify = await octokitVerify();
      const co = await makeCompany(app);
      const ok = await receiver();
      const hook = await makeWebhook(app, co.token, { url: ok.url, events: [] });
      const res = await app.post(`/api/v1/webhooks/${hook.id}/test`, {}, co.token);
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.equal({
        delivered: true,
        statusCode: 200,
        error: null,
        durationMs: res.body.durationMs,
      });
      const envelope = JSON.parse(ok.received[0].body);
      expect(envelope.event).to.equal('webhook.test');
      expect(envelope.data).to.deep.equal({ message: envelope.data.message, webhookId: hook.id });
      expect(envelope.data.message).to.be.a('string');
      expect(
        await verify(hook.secret, ok.received[0].body, ok.received[0].headers['x-faktura-signature'] as string),
      ).to.equal(true);

      ok.respond = () => ({ status: 503 });
      const failed = await app.post(`/api/v1/webhooks/${hook.id}/test`, {}, co.token);
      expect(failed.body).to.deep.include({ delivered: false, statusCode: 503, error: 'HTTP 503' });
      await advanceClock(app, 3600);
      await settleWebhooks(app);
      expect(ok.received).to.have.length(2);
      expect(
        (await deliveriesOf(app, co.token, hook.id, '?event=webhook.test')).map((d: any) => d.status),
      ).to.deep.equal(['FAILED', 'DELIVERED']);
    });

    it('GraphQL: create shows the secret once; webhook, webhooks, deliveries, update, test, delete', async () => {
      const co = await makeCompany(app);
      const ok = await receiver();
      const created = await app.graphql(
        'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { id name url events isActive secret } }',
        { input: { name: 'GQL', url: ok.url, events: ['contact.created'] } },
        co.token,
      );
      const hook = created.body.data.createWebhook;
      expect(hook.secret).to.match(HEX64);
      const noSecret = await app.graphql(
        'query($id: ID!) { webhook(id: $id) { id secret } }',
        { id: hook.id },
        co.token,
      );
      expect(noSecret.body.errors[0].message).to.contain('secret');
      const read = await app.graphql(
        'query($id: ID!) { webhook(id: $id) { id name isActive } webhooks { data { id } } }',
        { id: hook.id },
        co.token,
      );
      expect(read.body.data.webhook).to.deep.equal({ id: hook.id, name: 'GQL', isActive: true });
      expect(read.body.data.webhooks.data).to.deep.equal([{ id: hook.id }]);
      await makeContact(app, co.token);
      await settleWebhooks(app);
      const log = await app.graphql(
        'query($id: ID!) { webhookDeliveries(webhookId: $id, status: "DELIVERED") { data { id event status attempts { number statusCode } } } }',
        { id: hook.id },
        co.token,
      );
      const [delivery] = log.body.data.webhookDeliveries.data;
      expect(delivery).to.deep.include({
        event: 'contact.created',
        status: 'DELIVERED',
        attempts: [{ number: 1, statusCode: 200 }],
      });
      const replay = await app.graphql(
        'mutation($w: ID!, $d: ID!) { replayWebhookDelivery(webhookId: $w, deliveryId: $d) { attempts { number } } }',
        { w: hook.id, d: delivery.id },
        co.token,
      );
      expect(replay.body.data.replayWebhookDelivery.attempts).to.have.length(2);
      const tested = await app.graphql(
        'mutation($id: ID!) { testWebhook(id: $id) { delivered statusCode } }',
        { id: hook.id },
        co.token,
      );
      expect(tested.body.data.testWebhook).to.deep.equal({ delivered: true, statusCode: 200 });
      const updated = await app.graphql(
        'mutation($id: ID!) { updateWebhook(id: $id, input: { isActive: false }) { isActive } }',
        { id: hook.id },
        co.token,
      );
      expect(updated.body.data.updateWebhook.isActive).to.equal(false);
      const bad = await app.graphql(
        'mutation($id: ID!) { updateWebhook(id: $id, input: { url: "ftp://x" }) { id } }',
        { id: hook.id },
        co.token,
      );
      expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
      const deleted = await app.graphql('mutation($id: ID!) { deleteWebhook(id: $id) }', { id: hook.id }, co.token);
      expect(deleted.body.data.deleteWebhook).to.equal(true);
      expect(app.logs.join('\n')).not.to.contain(hook.secret);
    });
  });
});
