import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makeInvoice,
  makePaymentLine,
} from '../helpers/fixtures';
import { setClock } from '../helpers/controls';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';
import { paidEvent, signature, StripeServer, type StripeSession } from '../helpers/stripe-server';

const SECRET_KEY = 'sk_test_51FakturaTestKey0123456789abcdefGHIJ';
const WEBHOOK_SECRET = 'whsec_FakturaWebhookSecret0123456789abcdef';
const STRIPE = { provider: 'STRIPE', secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET };
const WEBHOOK = '/api/v1/gateway/stripe/webhook';

/** The public page's path of a document (from its publicUrl). */
const pagePath = (doc: any) => new URL(doc.publicUrl).pathname;

describe('payment gateway (Stripe Checkout)', () => {
  let app: TestApp;
  let stripe: StripeServer;
  let company: Company;

  before(async () => {
    stripe = new StripeServer();
    stripe.keys.add(SECRET_KEY);
    app = await startTestApp({ STRIPE_API_URL: await stripe.start() });
    company = await makeCompany(app);
    const res = await app.put('/api/v1/payment-gateway', STRIPE, company.token);
    expect(res.status, res.text).to.equal(200);
  });
  after(async () => {
    await app.stop();
    await stripe.stop();
  });

  /** The app's Clock now: webhook signatures are dated by it. */
  async function appNow(): Promise<Date> {
    return new Date((await app.get('/api/test/clock')).body.now);
  }

  async function page(doc: any) {
    return app.request('GET', pagePath(doc), { headers: { accept: 'text/html' } });
  }

  /** The customer's click on "Zaplatit online", as the page's form posts it. */
  async function pay(doc: any) {
    return app.request('POST', `${pagePath(doc)}/pay`, {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
  }

  async function sessionOf(doc: any): Promise<StripeSession> {
    const res = await pay(doc);
    expect(res.status, res.text).to.equal(303);
    const created = stripe.created.find((c) => c.session.url === res.headers.get('location'));
    expect(created, 'the redirect goes to a session the gateway created').to.not.equal(undefined);
    return created!.session;
  }

  async function deliver(payload: string, header?: string) {
    return app.request('POST', WEBHOOK, {
      raw: payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header ?? signature(payload, WEBHOOK_SECRET, await appNow()),
      },
    });
  }

  async function gatewayPayments(doc: any) {
    const res = await app.get(`/api/v1/payments?documentId=${doc.id}`, company.token);
    expect(res.status, res.text).to.equal(200);
    return res.body.data;
  }

  it('connects with sealed keys that are never shown, and checks their shape', async () => {
    const res = await app.get('/api/v1/payment-gateway', company.token);
    expect(res.status, res.text).to.equal(200);
    const { createdAt, updatedAt, ...rest } = res.body;
    expect(rest).to.deep.equal({
      provider: 'STRIPE',
      keyHint: 'sk_test_…GHIJ',
      testMode: true,
      webhookUrl: `${app.url}/api/v1/gateway/stripe/webhook`,
    });
    expect(createdAt).to.match(/Z$/);
    expect(res.text).to.not.include(SECRET_KEY.slice(8, 20));
    expect(res.text).to.not.include(WEBHOOK_SECRET.slice(6));

    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        'SELECT secret_key, webhook_secret FROM payment_gateways WHERE organization_id = $1',
        [company.organizationId],
      );
      expect(rows[0].secret_key).to.match(/^v1\./).and.not.include(SECRET_KEY.slice(8));
      expect(rows[0].webhook_secret).to.match(/^v1\./).and.not.include(WEBHOOK_SECRET.slice(6));
    } finally {
      await db.end();
    }
    expect(app.logs.join('\n')).to.not.include(SECRET_KEY).and.not.include(WEBHOOK_SECRET);

    const bad = await app.put('/api/v1/payment-gateway', { ...STRIPE, secretKey: 'pk_test_123' }, company.token);
    expect(bad.status).to.equal(400);
    expect(bad.body.code).to.equal('VALIDATION_FAILED');
    expect(bad.body.details.map((d: any) => d.path)).to.deep.equal(['secretKey']);
    const other = await app.put('/api/v1/payment-gateway', { provider: 'PAYPAL' }, company.token);
    expect(other.status).to.equal(400);
  });

  it('offers "Zaplatit online" on an unpaid invoice’s page only while the company has a gateway', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '1500.00' });
    const res = await page(invoice);
    expect(res.status).to.equal(200);
    expect(res.text).to.include(
      `<form class="pay-online" data-field="pay-online" method="post" action="${pagePath(invoice)}/pay">`,
    );
    expect(res.text).to.include('Zaplatit online');
    expect(res.headers.get('content-security-policy')).to.include("form-action 'self' https://checkout.stripe.com;");

    const paid = await makeInvoice(app, company.token, { status: 'PAID' });
    expect((await page(paid)).text).to.not.include('data-field="pay-online"');
    expect((await pay(paid)).body.code).to.equal('ONLINE_PAYMENT_UNAVAILABLE');

    const other = await makeCompany(app);
    const theirs = await makeInvoice(app, other.token);
    const theirPage = await page(theirs);
    expect(theirPage.text).to.not.include('data-field="pay-online"');
    expect(theirPage.headers.get('content-security-policy')).to.include("form-action 'none'");
    const refused = await pay(theirs);
    expect(refused.status).to.equal(409);
    expect(refused.body).to.deep.equal({
      error: 'Conflict',
      message: 'This document cannot be paid online',
      code: 'ONLINE_PAYMENT_UNAVAILABLE',
    });
  });

  it('sends the customer (303) to a Checkout session for the remaining amount, one per document and amount', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '1234.50' });
    const before = stripe.created.length;
    const session = await sessionOf(invoice);
    const [call] = stripe.created.slice(before);
    expect(call.params).to.deep.include({
      mode: 'payment',
      client_reference_id: invoice.id,
      success_url: invoice.publicUrl,
      cancel_url: invoice.publicUrl,
    });
    expect(call.params.line_items[0]).to.deep.equal({
      quantity: '1',
      price_data: { currency: 'czk', unit_amount: '123450', product_data: { name: `Acme s.r.o.: ${invoice.number}` } },
    });
    expect(call.params.metadata).to.deep.equal({
      faktura_organization_id: company.organizationId,
      faktura_document_id: invoice.id,
    });

    // Again, and twice at once: the same session, nothing new at the gateway.
    const again = await Promise.all([pay(invoice), pay(invoice), pay(invoice)]);
    for (const res of again) expect(res.headers.get('location')).to.equal(session.url);
    expect(stripe.created.length).to.equal(before + 1);
    // A client asking for JSON gets the address instead of the redirect.
    const json = await app.request('POST', `${pagePath(invoice)}/pay`, { headers: { accept: 'application/json' } });
    expect(json.status).to.equal(200);
    expect(json.body).to.deep.equal({ url: session.url });
  });

  it('asks for what remains after a partial payment, in a new session', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '1000.00' });
    const first = await sessionOf(invoice);
    const account = await makeBankAccount(app, company.token);
    const [line] = (await importPayments(app, company.token, account.id, [makePaymentLine({ amount: '400.00' })]))
      .lines;
    const matched = await app.put(
      `/api/v1/payments/${line.payment.id}/match`,
      { documentId: invoice.id },
      company.token,
    );
    expect(matched.status, matched.text).to.equal(200);

    const second = await sessionOf(invoice);
    expect(second.id).to.not.equal(first.id);
    expect(second.amount_total).to.equal(60000);
    expect((await sessionOf(invoice)).id).to.equal(second.id);
    // Paying the rest makes the invoice PAID.
    expect((await deliver(paidEvent(second, await appNow()))).status).to.equal(200);
    expect((await getDocument(app, company.token, invoice.id)).status).to.equal('PAID');
  });

  it('turns a signed checkout.session.completed into a GATEWAY payment that makes the invoice PAID', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '2000.00' });
    const session = await sessionOf(invoice);
    const seq = await lastEventSeq(app);
    const payload = paidEvent(session, await appNow());
    const res = await deliver(payload);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({ received: true, duplicate: false });

    const [payment] = await gatewayPayments(invoice);
    expect(payment).to.deep.include({
      transactionId: session.id,
      amount: '2000.00',
      currency: 'CZK',
      direction: 'IN',
      source: 'GATEWAY',
      matchStatus: 'AUTO_MATCHED',
      documentId: invoice.id,
      matchedBy: null,
      counterAccountName: 'Jana Nováková',
    });
    expect(payment.message).to.match(/^pi_/);
    const account = await app.get(`/api/v1/bank-accounts/${payment.bankAccountId}`, company.token);
    expect(account.body).to.include({ kind: 'GATEWAY', currency: 'CZK' });
    expect((await getDocument(app, company.token, invoice.id)).status).to.equal('PAID');

    const events = await orgEventRecords(app, company.organizationId, seq);
    const imported = events.find((e) => e.event === 'payment.imported');
    expect(imported?.data).to.include({ source: 'GATEWAY', id: payment.id, amount: 2000, currency: 'CZK' });
    expect(events.map((e) => e.event)).to.include.members(['payment.imported', 'payment.matched', 'document.paid']);

    // The same webhook again (Stripe retries): nothing changes.
    const seqAfter = await lastEventSeq(app);
    const replay = await deliver(payload, signature(payload, WEBHOOK_SECRET, await appNow()));
    expect(replay.status).to.equal(200);
    expect(replay.body).to.deep.equal({ received: true, duplicate: true });
    // Another event of the same session (asynchronous success): still one payment.
    const late = await deliver(
      paidEvent(session, await appNow(), { type: 'checkout.session.async_payment_succeeded' }),
    );
    expect(late.body).to.deep.equal({ received: true, duplicate: false });
    expect(await gatewayPayments(invoice)).to.have.length(1);
    expect(await orgEventRecords(app, company.organizationId, seqAfter)).to.deep.equal([]);
    // Paid: the page no longer offers the button.
    expect((await page(invoice)).text).to.not.include('data-field="pay-online"');
  });

  it('thanks the customer for a payment made online (when the company switched the thanks on)', async () => {
    expect((await app.put('/api/v1/settings/emails', { paymentThanks: true }, company.token)).status).to.equal(200);
    const contact = await makeContact(app, company.token, { name: 'Plátce', email: 'online@example.cz' });
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id });
    const seq = await lastEventSeq(app);
    expect((await deliver(paidEvent(await sessionOf(doc), await appNow()))).status).to.equal(200);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    const sent = (await orgEventRecords(app, company.organizationId, seq)).filter((e) => e.event === 'document.sent');
    expect(sent.map((e) => [e.data.emailType, e.data.sentTo, e.data.status])).to.deep.equal([
      ['PAYMENT_THANKS', 'online@example.cz', 'PAID'],
    ]);
    expect((await app.put('/api/v1/settings/emails', { paymentThanks: false }, company.token)).status).to.equal(200);
  });

  it('handles one event once when Stripe delivers it several times at once', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '750.00' });
    const payload = paidEvent(await sessionOf(invoice), await appNow());
    const header = signature(payload, WEBHOOK_SECRET, await appNow());
    const answers = await Promise.all([1, 2, 3].map(() => deliver(payload, header)));
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).to.have.length(1);
    expect(await gatewayPayments(invoice)).to.have.length(1);
    expect((await getDocument(app, company.token, invoice.id)).paidAmount).to.equal('750.00');
  });

  it('refuses forged, altered and stale webhooks without changing anything', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '300.00' });
    const session = await sessionOf(invoice);
    const seq = await lastEventSeq(app);
    const now = await appNow();
    const payload = paidEvent(session, now);
    const refusals = [
      await deliver(payload, signature(payload, 'whsec_SomebodyElsesSecret0123456789', now)),
      await deliver(
        payload.replace('"amount_total": 30000', '"amount_total": 1'),
        signature(payload, WEBHOOK_SECRET, now),
      ),
      await deliver(payload, signature(payload, WEBHOOK_SECRET, new Date(now.getTime() - 10 * 60_000))),
      await deliver(payload, 't=1,v1=00'),
      await deliver(payload, ''),
      await deliver(JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } })),
      await deliver(payload.replace(company.organizationId, 'not-a-uuid')),
      await deliver(payload.replace(company.organizationId, '00000000-0000-4000-8000-000000000000')),
    ];
    for (const res of refusals) {
      expect(res.status, res.text).to.equal(400);
      expect(res.body).to.deep.equal({
        error: 'Bad Request',
        message: 'The webhook signature is not valid',
        code: 'WEBHOOK_SIGNATURE_INVALID',
      });
    }
    expect(await gatewayPayments(invoice)).to.deep.equal([]);
    expect(await orgEventRecords(app, company.organizationId, seq)).to.deep.equal([]);
    expect((await getDocument(app, company.token, invoice.id)).status).to.equal('ISSUED');
    // The genuine one still goes through afterwards: a refused delivery did not use up its event id.
    expect((await deliver(payload)).body).to.deep.equal({ received: true, duplicate: false });
    expect((await getDocument(app, company.token, invoice.id)).status).to.equal('PAID');
  });

  it('records an unpaid session’s events without a payment', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '410.00' });
    const session = await sessionOf(invoice);
    const res = await deliver(paidEvent(session, await appNow(), { paymentStatus: 'unpaid' }));
    expect(res.body).to.deep.equal({ received: true, duplicate: false });
    expect(await gatewayPayments(invoice)).to.deep.equal([]);
  });

  it('answers 502 when the gateway refuses the key, and offers nothing once disconnected', async () => {
    const other = await makeCompany(app);
    const wrongKey = { ...STRIPE, secretKey: 'sk_test_51RevokedKey0123456789abcdefXYZ' };
    expect((await app.put('/api/v1/payment-gateway', wrongKey, other.token)).status).to.equal(200);
    const invoice = await makeInvoice(app, other.token);
    const res = await pay(invoice);
    expect(res.status).to.equal(502);
    expect(res.body.code).to.equal('PAYMENT_GATEWAY_FAILED');
    expect(res.text).to.not.include('RevokedKey');

    expect((await app.del('/api/v1/payment-gateway', other.token)).status).to.equal(204);
    expect((await app.get('/api/v1/payment-gateway', other.token)).status).to.equal(404);
    expect((await app.del('/api/v1/payment-gateway', other.token)).status).to.equal(404);
    expect((await page(invoice)).text).to.not.include('data-field="pay-online"');
    expect((await pay(invoice)).status).to.equal(409);
  });

  it('starts a new session once the open one expired (by the Clock)', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '99.00' });
    const first = await sessionOf(invoice);
    expect((await sessionOf(invoice)).id).to.equal(first.id);
    await setClock(app, new Date((first.expires_at + 60) * 1000).toISOString());
    expect((await sessionOf(invoice)).id).to.not.equal(first.id);
  });

  it('forgets handled event ids and expired sessions after 30 days (payments.retention)', async () => {
    const rows = async () => {
      const db = new Client({ connectionString: app.databaseUrl });
      await db.connect();
      try {
        const org = [company.organizationId];
        const events = await db.query('SELECT 1 FROM gateway_events WHERE organization_id = $1', org);
        const checkouts = await db.query('SELECT 1 FROM gateway_checkouts WHERE organization_id = $1', org);
        return { events: events.rowCount, checkouts: checkouts.rowCount };
      } finally {
        await db.end();
      }
    };
    const before = await rows();
    expect(before.events).to.be.greaterThan(3);
    expect(before.checkouts).to.be.greaterThan(3);
    await setClock(app, '2027-01-15T08:00:00.000Z');
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    expect(await rows()).to.deep.equal({ events: 0, checkouts: 0 });
  });

  it('is reachable through GraphQL without its keys', async () => {
    const other = await makeCompany(app);
    const connect = await app.graphql(
      `mutation ($input: ConnectPaymentGatewayInput!) { connectPaymentGateway(input: $input) { provider keyHint testMode webhookUrl } }`,
      { input: STRIPE },
      other.token,
    );
    expect(connect.body.errors, connect.text).to.equal(undefined);
    expect(connect.body.data.connectPaymentGateway).to.deep.equal({
      provider: 'STRIPE',
      keyHint: 'sk_test_…GHIJ',
      testMode: true,
      webhookUrl: `${app.url}/api/v1/gateway/stripe/webhook`,
    });
    const bad = await app.graphql(
      `mutation ($input: ConnectPaymentGatewayInput!) { connectPaymentGateway(input: $input) { provider } }`,
      { input: { ...STRIPE, webhookSecret: 'nope' } },
      other.token,
    );
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    const disconnect = await app.graphql(`mutation { disconnectPaymentGateway }`, {}, other.token);
    expect(disconnect.body.data).to.deep.equal({ disconnectPaymentGateway: true });
    const read = await app.graphql(`{ paymentGateway { provider } }`, {}, other.token);
    expect(read.body.data).to.deep.equal({ paymentGateway: null });
  });
});
