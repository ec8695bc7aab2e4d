import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAutomation, manualRun, runsOf, settle } from '../helpers/automations';
import { advanceClock } from '../helpers/controls';
import {
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makeInvoice,
  makePaymentLine,
  type Company,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { documentPayload } from '../helpers/payloads';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { startSmtpServer } from '../helpers/smtp';
import { deliveriesOf, makeWebhook, octokitVerify, settleWebhooks } from '../helpers/webhooks';
import { Automation } from '../../src/modules/automations/automation.entity';

/** The quoted-printable soft line breaks and escapes nodemailer may put in a raw message, undone. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describe('automations: actions', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let db: Client;
  const receivers: Receiver[] = [];
  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, WEBHOOK_POLL_MS: '20' });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await Promise.all([app.stop(), smtp.stop(), db.end(), ...receivers.map((r) => r.close())]);
  });
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };
  const manualRule = (co: Company, actions: unknown[], name = 'Manual') =>
    makeAutomation(app, co.token, { name, triggerType: 'MANUAL', triggerEvent: null, actions });

  describe('TRIGGER_WEBHOOK', () => {
    it('delivers the custom event to the active endpoints listing it, data = the run context, signed and verifiable', async () => {
      const verify = await octokitVerify();
      const co = await makeCompany(app);
      const [listening, other, inactive] = await Promise.all([receiver(), receiver(), receiver()]);
      const hook = await makeWebhook(app, co.token, { url: listening.url, events: ['invoice.large'] });
      await makeWebhook(app, co.token, { url: other.url, events: ['document.created'] });
      await makeWebhook(app, co.token, { url: inactive.url, events: ['invoice.large'], isActive: false });
      const rule = await makeAutomation(app, co.token, {
        actions: [{ type: 'TRIGGER_WEBHOOK', params: { event: 'invoice.large' } }],
      });
      const doc = await makeDocument(app, co.token, { tags: ['b2b'] });
      await settleWebhooks(app);
      await settleWebhooks(app);

      expect(listening.received).to.have.length(1);
      expect(inactive.received).to.have.length(0);
      expect(other.received.map((r) => JSON.parse(r.body).event)).to.deep.equal(['document.created']);
      const [got] = listening.received;
      const envelope = JSON.parse(got.body);
      expect(envelope.event).to.equal('invoice.large');
      expect(envelope.data).to.deep.equal({
        documentId: doc.id,
        organizationId: co.organizationId,
        documentType: 'INVOICE',
        amount: 1210,
        status: 'DRAFT',
        tags: ['b2b'],
        date: '2026-06-17',
      });
      expect(got.headers['x-faktura-event']).to.equal('invoice.large');
      expect(got.headers['x-faktura-delivery']).to.equal(envelope.id);
      expect(await verify(hook.secret, got.body, got.headers['x-faktura-signature'] as string)).to.equal(true);

      const [run] = await runsOf(app, co.token, rule.id);
      expect(run.status).to.equal('COMPLETED');
      expect(run.actions).to.deep.equal([
        {
          index: 0,
          type: 'TRIGGER_WEBHOOK',
          status: 'SUCCEEDED',
          detail: { event: 'invoice.large', deliveries: [envelope.id] },
          error: null,
        },
      ]);
      const [delivery] = await deliveriesOf(app, co.token, hook.id);
      expect(delivery).to.include({ id: envelope.id, event: 'invoice.large', status: 'DELIVERED' });
    });

    it('is retried like any delivery: attempt 2 one minute after a failed attempt 1', async () => {
      const co = await makeCompany(app);
      const flaky = await receiver(() => ({ status: 500 }));
      const hook = await makeWebhook(app, co.token, { url: flaky.url, events: ['rule.fired'] });
      const rule = await manualRule(co, [{ type: 'TRIGGER_WEBHOOK', params: { event: 'rule.fired' } }]);
      const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, note: 'by hand' });
      expect(run.status).to.equal('COMPLETED');
      await settleWebhooks(app);
      expect(flaky.received).to.have.length(1);
      expect(JSON.parse(flaky.received[0].body).data).to.deep.equal({
        organizationId: co.organizationId,
        note: 'by hand',
      });
      flaky.respond = () => ({ status: 200 });
      await advanceClock(app, 61);
      await settleWebhooks(app);
      expect(flaky.received).to.have.length(2);
      expect(flaky.received[1].body).to.equal(flaky.received[0].body);
      const [delivery] = await deliveriesOf(app, co.token, hook.id);
      expect(delivery.status).to.equal('DELIVERED');
      expect(delivery.attempts.map((a: any) => [a.number, a.statusCode])).to.deep.equal([
        [1, 500],
        [2, 200],
      ]);
    });

    it('fails with a message when no active endpoint lists the event', async () => {
      const co = await makeCompany(app);
      const rule = await manualRule(co, [{ type: 'TRIGGER_WEBHOOK', params: { event: 'nobody.listens' } }]);
      const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId });
      expect(run.status).to.equal('FAILED');
      expect(run.actions[0]).to.deep.equal({
        index: 0,
        type: 'TRIGGER_WEBHOOK',
        status: 'FAILED',
        detail: null,
        error: 'No active webhook endpoint of the organization lists the event nobody.listens',
      });
    });
  });

  describe('STATUS_CHANGE', () => {
    it('changes the status through the state machine, with a history entry without a user and the usual events', async () => {
      const co = await makeCompany(app);
      const doc = await makeInvoice(app, co.token, { total: '1000.00' });
      const rule = await manualRule(co, [{ type: 'STATUS_CHANGE', params: { status: 'PAID' } }], 'Mark paid');
      const seq = await lastEventSeq(app);
      const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, documentId: doc.id });
      expect(run.actions).to.deep.equal([
        {
          index: 0,
          type: 'STATUS_CHANGE',
          status: 'SUCCEEDED',
          detail: { documentId: doc.id, from: 'ISSUED', to: 'PAID' },
          error: null,
        },
      ]);
      expect(await getDocument(app, co.token, doc.id)).to.include({
        status: 'PAID',
        paidAmount: '1000.00',
        remainingAmount: '0.00',
      });
      const history = await app.get(`/api/v1/documents/${doc.id}/history`, co.token);
      expect(history.body.data.map(({ id: _id, at: _at, ...entry }: any) => entry)).to.deep.equal([
        {
          action: 'STATUS_CHANGED',
          fromStatus: 'ISSUED',
          toStatus: 'PAID',
          reason: `Automation "Mark paid" (${rule.id})`,
          userId: null,
          posDeviceId: null,
        },
      ]);
      const events = await orgEventEntries(app, co.organizationId, seq);
      const paid = documentPayload(doc, { status: 'PAID', paidAmount: 1000 });
      expect(events.slice(0, 2)).to.deep.equal([
        { event: 'document.status_changed', data: { ...paid, previousStatus: 'ISSUED' } },
        { event: 'document.paid', data: paid },
      ]);
    });

    it('PAID → ISSUED removes the automatically computed payment', async () => {
      const co = await makeCompany(app);
      const doc = await makeInvoice(app, co.token, { total: '1000.00', status: 'PAID' });
      const rule = await manualRule(co, [{ type: 'STATUS_CHANGE', params: { status: 'ISSUED' } }]);
      const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, documentId: doc.id });
      expect(run.status).to.equal('COMPLETED');
      expect(run.actions[0].detail).to.deep.equal({ documentId: doc.id, from: 'PAID', to: 'ISSUED' });
      expect(await getDocument(app, co.token, doc.id)).to.include({
        status: 'ISSUED',
        paidAmount: '0.00',
        remainingAmount: '1000.00',
      });
    });

    it('PAID → ISSUED fails when a bank payment covers the document; the document stays PAID', async () => {
      const co = await makeCompany(app);
      const account = await makeBankAccount(app, co.token);
      const doc = await makeInvoice(app, co.token, { total: '1000.00', variableSymbol: '55501' });
      await importPayments(app, co.token, account.id, [makePaymentLine({ amount: 1000, variableSymbol: '55501' })]);
      expect(await getDocument(app, co.token, doc.id)).to.include({ status: 'PAID', paidAmount: '1000.00' });
      const rule = await manualRule(co, [{ type: 'STATUS_CHANGE', params: { status: 'ISSUED' } }]);
      const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, documentId: doc.id });
      expect(run.status).to.equal('FAILED');
      expect(run.actions[0].error).to.equal(
        'Transition from PAID to ISSUED is not allowed: the document is covered by a bank payment',
      );
      expect(await getDocument(app, co.token, doc.id)).to.include({ status: 'PAID', paidAmount: '1000.00' });
    });

    it('a disallowed transition or a missing documentId fails the action with a message; another company’s document is 404', async () => {
      const co = await makeCompany(app);
      const other = await makeCompany(app);
      const draft = await makeDocument(app, co.token);
      const theirs = await makeInvoice(app, other.token);
      const rule = await manualRule(co, [{ type: 'STATUS_CHANGE', params: { status: 'PAID' } }]);
      const errors = [];
      for (const context of [{ documentId: draft.id }, {}]) {
        const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, ...context });
        expect(run.status).to.equal('FAILED');
        errors.push(run.actions[0].error);
      }
      expect(errors).to.deep.equal([
        'Transition from DRAFT to PAID is not allowed',
        'The run context has no documentId: there is no document to work on',
      ]);
      // A run acts only on a document its caller can read (issue 23): not found, like GET /documents/:id.
      const refused = await app.post(
        `/api/v1/automations/${rule.id}/run`,
        { context: { organizationId: co.organizationId, documentId: theirs.id } },
        co.token,
      );
      expect(refused.status, refused.text).to.equal(404);
      expect((await getDocument(app, other.token, theirs.id)).status).to.equal('ISSUED');
    });
  });

  describe('SEND_EMAIL', () => {
    it('sends a real e-mail with the template variables filled from the document and its contact', async () => {
      const co = await makeCompany(app);
      const contact = await makeContact(app, co.token, { name: 'Jana Nováková', email: 'jana@example.cz' });
      const rule = await makeAutomation(app, co.token, {
        triggerEvent: 'document.paid',
        actions: [
          {
            type: 'SEND_EMAIL',
            params: {
              to: '{{contact.email}}',
              subject: 'Thank you for paying {{document.number}}',
              body: 'Dear {{contact.name}}, we received {{document.amount}} {{document.currency}}.',
            },
          },
        ],
      });
      const doc = await makeDocument(app, co.token, {
        contactId: contact.id,
        status: 'PAID',
        currency: 'EUR',
        exchangeRate: 25,
      });
      const before = smtp.received.length;
      await settle(app);
      const mails = smtp.received.slice(before);
      expect(mails).to.have.length(1);
      expect(mails[0].to).to.deep.equal(['jana@example.cz']);
      const raw = decoded(mails[0].raw);
      expect(raw).to.contain(`Subject: Thank you for paying ${doc.number}`);
      expect(raw).to.contain('we received 1210.00 EUR.');
      expect(mails[0].raw).to.match(/Dear Jana Nov/);
      const [run] = await runsOf(app, co.token, rule.id);
      expect(run.actions).to.deep.equal([
        {
          index: 0,
          type: 'SEND_EMAIL',
          status: 'SUCCEEDED',
          detail: { to: 'jana@example.cz', subject: `Thank you for paying ${doc.number}` },
          error: null,
        },
      ]);
    });

    it('literal values need no document; an empty body becomes the subject', async () => {
      const co = await makeCompany(app);
      const rule = await manualRule(co, [
        { type: 'SEND_EMAIL', params: { to: 'accountant@example.cz', subject: 'Monday reminder', body: '' } },
      ]);
      const before = smtp.received.length;
      const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId });
      expect(run.status).to.equal('COMPLETED');
      // The run recorded the e-mail; the mail worker sends it after the run committed.
      await settle(app);
      const [mail] = smtp.received.slice(before);
      expect(mail.to).to.deep.equal(['accountant@example.cz']);
      const [, body] = decoded(mail.raw).split(/\r?\n\r?\n/);
      expect(body.trim()).to.equal('Monday reminder');
    });

    it('an invalid recipient, a missing contact, a contact without e-mail or no document fails the action with a message', async () => {
      const co = await makeCompany(app);
      const noEmail = await makeContact(app, co.token, { name: 'Bez Mailu' });
      const withContact = await makeDocument(app, co.token, { contactId: noEmail.id });
      const withoutContact = await makeDocument(app, co.token);
      const toContact = await manualRule(co, [
        { type: 'SEND_EMAIL', params: { to: '{{contact.email}}', subject: 'Hi' } },
      ]);
      const toName = await manualRule(co, [{ type: 'SEND_EMAIL', params: { to: '{{contact.name}}', subject: 'Hi' } }]);
      const before = smtp.received.length;
      const cases: [any, Record<string, unknown>, string][] = [
        [toName, { documentId: withContact.id }, 'Invalid recipient "Bez Mailu"'],
        [toContact, { documentId: withoutContact.id }, `Document ${withoutContact.number} has no contact`],
        [
          toContact,
          { documentId: withContact.id },
          `The contact of document ${withContact.number} has no e-mail address`,
        ],
        [toContact, {}, 'The run context has no documentId: there is no document to work on'],
      ];
      for (const [rule, context, error] of cases) {
        const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, ...context });
        expect(run.status).to.equal('FAILED');
        expect(run.actions[0]).to.deep.include({ status: 'FAILED', error });
      }
      expect(smtp.received.length).to.equal(before);
    });
  });

  describe('ADD_TAG', () => {
    it('adds the tag once (idempotent): document.updated only when it was added', async () => {
      const co = await makeCompany(app);
      const doc = await makeDocument(app, co.token, { tags: ['b2b'] });
      const rule = await manualRule(co, [{ type: 'ADD_TAG', params: { tag: 'large' } }]);
      const seq = await lastEventSeq(app);
      const first = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, documentId: doc.id });
      const second = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, documentId: doc.id });
      expect(first.actions[0].detail).to.deep.equal({ documentId: doc.id, tag: 'large', added: true });
      expect(second.actions[0].detail).to.deep.equal({ documentId: doc.id, tag: 'large', added: false });
      expect(second.status).to.equal('COMPLETED');
      expect((await getDocument(app, co.token, doc.id)).tags).to.deep.equal(['b2b', 'large']);
      const updated = (await orgEventEntries(app, co.organizationId, seq)).filter(
        (e) => e.event === 'document.updated',
      );
      expect(updated).to.have.length(1);
      expect(updated[0].data.id).to.equal(doc.id);
    });

    it('fails with a message without a document; a document that does not exist is 404', async () => {
      const co = await makeCompany(app);
      const rule = await manualRule(co, [{ type: 'ADD_TAG', params: { tag: 'large' } }]);
      const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId });
      expect(run.actions[0]).to.deep.include({
        status: 'FAILED',
        error: 'The run context has no documentId: there is no document to work on',
      });
      const missing = await app.post(
        `/api/v1/automations/${rule.id}/run`,
        { context: { organizationId: co.organizationId, documentId: '00000000-0000-4000-8000-000000000000' } },
        co.token,
      );
      expect(missing.status, missing.text).to.equal(404);
    });
  });

  describe('INTERNAL_NOTIFICATION', () => {
    it('creates a notification linking the rule and the document, with the event automation.notification', async () => {
      const co = await makeCompany(app);
      const doc = await makeDocument(app, co.token);
      const rule = await manualRule(co, [
        { type: 'INTERNAL_NOTIFICATION', params: { title: 'Big one', message: 'Check this invoice' } },
      ]);
      const seq = await lastEventSeq(app);
      const run = await manualRun(app, co.token, rule.id, { organizationId: co.organizationId, documentId: doc.id });
      const list = await app.get('/api/v1/notifications', co.token);
      const [n] = list.body.data;
      expect(n).to.deep.include({
        type: 'automation.notification',
        title: 'Big one',
        message: 'Check this invoice',
        automationId: rule.id,
        documentId: doc.id,
        webhookId: null,
        read: false,
      });
      expect(run.actions[0]).to.deep.equal({
        index: 0,
        type: 'INTERNAL_NOTIFICATION',
        status: 'SUCCEEDED',
        detail: { notificationId: n.id, title: 'Big one' },
        error: null,
      });
      const events = await orgEventEntries(app, co.organizationId, seq);
      expect(events[0]).to.deep.equal({
        event: 'automation.notification',
        data: {
          notificationId: n.id,
          automationId: rule.id,
          runId: run.id,
          documentId: doc.id,
          title: 'Big one',
          message: 'Check this invoice',
        },
      });
    });

    it('fails saying organizationId is missing in the context when it is', async () => {
      const co = await makeCompany(app);
      const created = await manualRule(co, [{ type: 'INTERNAL_NOTIFICATION', params: { title: 'T', message: 'M' } }]);
      const { orm } = app.app.container;
      const { engine } = app.app.container.services.automations;
      // The API refuses such a context (organizationId is required), so the engine is called directly.
      const run = await orm.em
        .fork()
        .transactional(async (em) =>
          engine.run(em, await em.findOneOrFail(Automation, created.id), 'MANUAL', { documentId: null }, 1),
        );
      expect(run.status).to.equal('FAILED');
      expect(run.actions[0]).to.deep.include({ status: 'FAILED', error: 'organizationId is missing in the context' });
    });
  });

  describe('runs', () => {
    it('a failed action does not stop the rest; the run ends FAILED with per-action results, automation.failed and a notification', async () => {
      const co = await makeCompany(app);
      const rule = await makeAutomation(app, co.token, {
        name: 'Mixed',
        actions: [
          { type: 'STATUS_CHANGE', params: { status: 'PAID' } },
          { type: 'ADD_TAG', params: { tag: 'seen' } },
          { type: 'INTERNAL_NOTIFICATION', params: { title: 'Seen', message: 'A new draft' } },
        ],
      });
      const seq = await lastEventSeq(app);
      const doc = await makeDocument(app, co.token);
      await settle(app);
      const [run] = await runsOf(app, co.token, rule.id);
      expect(run.status).to.equal('FAILED');
      expect(run.actions.map((a: any) => [a.index, a.type, a.status])).to.deep.equal([
        [0, 'STATUS_CHANGE', 'FAILED'],
        [1, 'ADD_TAG', 'SUCCEEDED'],
        [2, 'INTERNAL_NOTIFICATION', 'SUCCEEDED'],
      ]);
      const error = '1 of 3 actions failed; action 0 (STATUS_CHANGE): Transition from DRAFT to PAID is not allowed';
      expect(run.error).to.equal(error);
      expect((await getDocument(app, co.token, doc.id)).tags).to.deep.equal(['seen']);
      const events = (await orgEventEntries(app, co.organizationId, seq)).filter((e) =>
        e.event.startsWith('automation.'),
      );
      const base = {
        automationId: rule.id,
        runId: run.id,
        name: 'Mixed',
        triggerEvent: 'document.created',
        documentId: doc.id,
      };
      expect(events.map((e) => e.event)).to.deep.equal([
        'automation.started',
        'automation.notification',
        'automation.failed',
      ]);
      expect(events[0].data).to.deep.equal(base);
      expect(events[2].data).to.deep.equal({ ...base, status: 'FAILED', errorMessage: error });
      const notifications = (await app.get('/api/v1/notifications', co.token)).body.data;
      expect(notifications.find((n: any) => n.type === 'automation.failed')).to.deep.include({
        title: 'Automation "Mixed" failed',
        message: error,
        automationId: rule.id,
        documentId: doc.id,
      });
    });

    it('automation.started and automation.finished carry the SPEC 6.3 payloads for COMPLETED and SKIPPED runs', async () => {
      const co = await makeCompany(app);
      const done = await makeAutomation(app, co.token, {
        name: 'Done',
        actions: [
          { type: 'ADD_TAG', params: { tag: 'a' } },
          { type: 'ADD_TAG', params: { tag: 'b' } },
        ],
      });
      const skipped = await makeAutomation(app, co.token, {
        name: 'Skipped',
        conditions: [{ field: 'documentType', operator: 'equals', value: 'QUOTE' }],
      });
      const seq = await lastEventSeq(app);
      const doc = await makeDocument(app, co.token);
      await settle(app);
      const [doneRun] = await runsOf(app, co.token, done.id);
      const [skippedRun] = await runsOf(app, co.token, skipped.id);
      const events = (await orgEventEntries(app, co.organizationId, seq)).filter((e) =>
        e.event.startsWith('automation.'),
      );
      const doneBase = {
        automationId: done.id,
        runId: doneRun.id,
        name: 'Done',
        triggerEvent: 'document.created',
        documentId: doc.id,
      };
      const skippedBase = {
        automationId: skipped.id,
        runId: skippedRun.id,
        name: 'Skipped',
        triggerEvent: 'document.created',
        documentId: doc.id,
      };
      expect(events).to.deep.equal([
        { event: 'automation.started', data: doneBase },
        { event: 'automation.finished', data: { ...doneBase, status: 'COMPLETED', actionsRun: 2, actionsFailed: 0 } },
        { event: 'automation.started', data: skippedBase },
        { event: 'automation.finished', data: { ...skippedBase, status: 'SKIPPED', actionsRun: 0, actionsFailed: 0 } },
      ]);
      expect(doneRun).to.deep.include({
        automationId: done.id,
        status: 'COMPLETED',
        trigger: 'SYSTEM_EVENT',
        error: null,
      });
      expect(doneRun.context).to.deep.equal({
        documentId: doc.id,
        organizationId: co.organizationId,
        documentType: 'INVOICE',
        amount: 1210,
        status: 'DRAFT',
        tags: [],
        date: '2026-06-17',
      });
      expect(Date.parse(doneRun.finishedAt)).to.be.at.least(Date.parse(doneRun.startedAt));
    });

    it('a failing automation neither fails nor waits for the request that caused the event', async () => {
      const co = await makeCompany(app);
      const rule = await makeAutomation(app, co.token, {
        actions: [
          { type: 'STATUS_CHANGE', params: { status: 'ARCHIVED' } },
          { type: 'SEND_EMAIL', params: { to: '{{contact.email}}', subject: 'x' } },
        ],
      });
      const res = await app.post(
        '/api/v1/documents',
        { type: 'INVOICE', status: 'ISSUED', items: [{ name: 'A', quantity: 1, unitPrice: 10, vatRate: 21 }] },
        co.token,
      );
      expect(res.status, res.text).to.equal(201);
      // The request has answered before the rule ran: it ran after, from the outbox.
      expect(await runsOf(app, co.token, rule.id)).to.deep.equal([]);
      await settle(app);
      const [run] = await runsOf(app, co.token, rule.id);
      expect(run.status).to.equal('FAILED');
      expect((await getDocument(app, co.token, res.body.id)).status).to.equal('ARCHIVED');
    });
  });
});
