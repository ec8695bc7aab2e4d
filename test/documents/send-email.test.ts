import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeContact, makeDocument } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { documentPayload } from '../helpers/payloads';
import { messageText, startSmtpServer } from '../helpers/smtp';

describe('documents: e-mail through SMTP', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let company: Company;
  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Faktura <faktury@acme.example>' });
    company = await makeCompany(app, { companyName: 'Acme s.r.o.' });
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  it('delivers an ISSUED invoice to the contact, makes it SENT and records document.sent', async () => {
    const contact = await makeContact(app, company.token, { email: 'ucetni@klient.example' });
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id });
    const after = await lastEventSeq(app);
    const before = smtp.received.length;
    const res = await app.post(`/api/v1/documents/${doc.id}/send-email`, {}, company.token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.status).to.equal('SENT');
    expect(res.body.sentAt).to.be.a('string');

    expect(smtp.received.length).to.equal(before + 1);
    const mail = smtp.received[smtp.received.length - 1];
    // The e-mail's record: sent once, by this request, with the server's Message-ID.
    const [record] = await app.app.container.orm.em
      .fork()
      .execute(
        "SELECT kind, state, attempts, message_id, organization_id FROM outbound_email WHERE recipient = 'ucetni@klient.example'",
      );
    expect(record).to.deep.include({
      kind: 'document',
      state: 'SENT',
      attempts: 1,
      organization_id: company.organizationId,
    });
    expect(record.message_id).to.be.a('string');
    expect(mail.raw).to.include(`Message-ID: ${record.message_id}`);
    expect(mail.from).to.equal('faktury@acme.example');
    expect(mail.to).to.deep.equal(['ucetni@klient.example']);
    const text = messageText(mail.raw);
    expect(text).to.include('FV000001');
    expect(text).to.include(doc.publicUrl);
    // The company's DOCUMENT template (Faktura's default) in Czech.
    expect(text).to.include('v příloze Vám zasíláme doklad FV000001.');
    expect(text).to.include('K úhradě: 1 210,00 CZK');
    expect(text).to.include('variabilní symbol 000001');

    const subject = 'Faktura FV000001 – Acme s.r.o.';
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.status_changed', data: documentPayload(res.body, { previousStatus: 'ISSUED' }) },
      {
        event: 'document.sent',
        data: documentPayload(res.body, {
          status: 'SENT',
          sentTo: 'ucetni@klient.example',
          subject,
          emailType: 'DOCUMENT',
        }),
      },
    ]);
  });

  it('keeps a PAID document PAID; document.sent still carries status SENT', async () => {
    const doc = await makeDocument(app, company.token, { status: 'PAID' });
    const after = await lastEventSeq(app);
    const res = await app.post(
      `/api/v1/documents/${doc.id}/send-email`,
      { to: 'boss@klient.example', subject: 'Díky za platbu', message: 'Zaplaceno, děkujeme.' },
      company.token,
    );
    expect(res.status, res.text).to.equal(200);
    expect(res.body.status).to.equal('PAID');
    const mail = smtp.received[smtp.received.length - 1];
    expect(mail.to).to.deep.equal(['boss@klient.example']);
    expect(messageText(mail.raw)).to.include('Zaplaceno, děkujeme.');
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      {
        event: 'document.sent',
        data: documentPayload(res.body, {
          status: 'SENT',
          sentTo: 'boss@klient.example',
          subject: 'Díky za platbu',
          emailType: 'DOCUMENT',
        }),
      },
    ]);
  });

  it('an e-mail its request recorded but never delivered (the process died) is sent by a worker when its claim runs out; the document becomes SENT then', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    const after = await lastEventSeq(app);
    const { mail } = app.app.container;
    // What send-email records before it delivers; the request then stops existing.
    await app.app.container.orm.em.fork().transactional((em) =>
      mail.enqueueForDelivery(em, {
        organizationId: company.organizationId,
        kind: 'document',
        context: { documentId: doc.id, userId: company.userId },
        to: 'orphan@klient.example',
        subject: 'Orphan',
        text: 'Sent by the worker',
      }),
    );
    const mailsTo = () => smtp.received.filter((m) => m.to.includes('orphan@klient.example'));
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    expect(mailsTo(), 'still claimed by the request').to.have.length(0);
    expect((await app.post('/api/test/clock', { advanceSeconds: 601 })).status).to.equal(200);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    expect(mailsTo()).to.have.length(1);
    const sent = (await app.get(`/api/v1/documents/${doc.id}`, company.token)).body;
    expect(sent.status).to.equal('SENT');
    expect((await orgEventEntries(app, company.organizationId, after)).map((e) => e.event)).to.deep.equal([
      'document.status_changed',
      'document.sent',
    ]);
  });

  it('sends a reminder by hand (kind REMINDER: the company’s reminder template) for an invoice waiting for payment, and refuses one for a paid invoice or a quote', async () => {
    const contact = await makeContact(app, company.token, { email: 'upominka@klient.example' });
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id });
    const before = smtp.received.length;
    const res = await app.post(`/api/v1/documents/${doc.id}/send-email`, { kind: 'REMINDER' }, company.token);
    expect(res.status, res.text).to.equal(200);
    expect(smtp.received.length).to.equal(before + 1);
    const mail = smtp.received[smtp.received.length - 1];
    expect(mail.to).to.deep.equal(['upominka@klient.example']);
    const [record] = await app.app.container.orm.em
      .fork()
      .execute("SELECT kind, subject FROM outbound_email WHERE recipient = 'upominka@klient.example'");
    expect(record.kind).to.equal('document');
    expect(record.subject).to.equal(`Upomínka: faktura ${doc.number} – Acme s.r.o.`);

    const gql = await app.graphql(
      `mutation ($id: ID!) { sendDocumentEmail(id: $id, input: { kind: "REMINDER" }) { id } }`,
      { id: doc.id },
      company.token,
    );
    expect(gql.body.errors, JSON.stringify(gql.body.errors)).to.equal(undefined);

    const paid = await makeDocument(app, company.token, { status: 'PAID', contactId: contact.id });
    const quote = await makeDocument(app, company.token, { type: 'QUOTE', status: 'ISSUED', contactId: contact.id });
    const sentBefore = smtp.received.length;
    for (const refused of [paid, quote]) {
      const answer = await app.post(`/api/v1/documents/${refused.id}/send-email`, { kind: 'REMINDER' }, company.token);
      expect(answer.status).to.equal(409);
      expect(answer.body.code).to.equal('DOCUMENT_NOT_SENDABLE');
    }
    const bad = await app.post(`/api/v1/documents/${doc.id}/send-email`, { kind: 'SHOUT' }, company.token);
    expect(bad.status).to.equal(400);
    expect(smtp.received.length).to.equal(sentBefore);
  });

  it('refuses drafts, missing recipients and bad input without sending anything', async () => {
    const before = smtp.received.length;
    const draft = await makeDocument(app, company.token);
    const refused = await app.post(`/api/v1/documents/${draft.id}/send-email`, { to: 'a@b.example' }, company.token);
    expect(refused.status).to.equal(409);
    expect(refused.body).to.deep.equal({
      error: 'Conflict',
      message: 'A DRAFT document cannot be e-mailed; only ISSUED, SENT or PAID ones can',
      code: 'DOCUMENT_NOT_SENDABLE',
    });

    const noContact = await makeDocument(app, company.token, { status: 'ISSUED' });
    const noRecipient = await app.post(`/api/v1/documents/${noContact.id}/send-email`, {}, company.token);
    expect(noRecipient.status).to.equal(400);
    expect(noRecipient.body.details).to.deep.equal([
      { path: 'to', message: 'required when the contact has no e-mail' },
    ]);

    const badTo = await app.post(
      `/api/v1/documents/${noContact.id}/send-email`,
      { to: 'not-an-address' },
      company.token,
    );
    expect(badTo.status).to.equal(400);
    expect(badTo.body.details[0].path).to.equal('to');
    expect(smtp.received.length).to.equal(before);
    expect((await app.get(`/api/v1/documents/${noContact.id}`, company.token)).body.status).to.equal('ISSUED');
  });

  it('answers 502 MAIL_FAILED and changes nothing when the mail server is gone', async () => {
    const down = await startSmtpServer();
    await down.stop();
    const broken = await startTestApp({ SMTP_URL: down.url });
    try {
      const owner = await makeCompany(broken);
      const doc = await makeDocument(broken, owner.token, { status: 'ISSUED' });
      const after = await lastEventSeq(broken);
      const res = await broken.post(`/api/v1/documents/${doc.id}/send-email`, { to: 'x@klient.example' }, owner.token);
      expect(res.status).to.equal(502);
      expect(res.body.code).to.equal('MAIL_FAILED');
      expect((await broken.get(`/api/v1/documents/${doc.id}`, owner.token)).body.status).to.equal('ISSUED');
      expect(await orgEventEntries(broken, owner.organizationId, after)).to.deep.equal([]);
      // The client was told it failed: the record is FAILED with the error, and never tried again.
      const failed = () =>
        broken.app.container.orm.em.fork().execute('SELECT state, attempts, last_error FROM outbound_email');
      const [record] = await failed();
      expect(record).to.deep.include({ state: 'FAILED', attempts: 1 });
      expect(record.last_error).to.include('ECONNREFUSED');
      expect((await broken.post('/api/test/clock', { advanceSeconds: 86_400 })).status).to.equal(200);
      expect((await broken.post('/api/test/jobs/run-due', {})).status).to.equal(200);
      expect(await failed()).to.deep.equal([record]);
    } finally {
      await broken.stop();
    }
  });

  it('without SMTP_URL stores the message in outbound_email and logs it without the body', async () => {
    const local = await startTestApp();
    try {
      const owner = await makeCompany(local);
      const doc = await makeDocument(local, owner.token, { status: 'ISSUED' });
      const res = await local.post(`/api/v1/documents/${doc.id}/send-email`, { to: 'x@klient.example' }, owner.token);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.status).to.equal('SENT');
      const rows = await local.app.container.orm.em
        .fork()
        .execute('SELECT recipient, subject, body FROM outbound_email');
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include({ recipient: 'x@klient.example', subject: 'Faktura FV000001 – Acme s.r.o.' });
      expect(rows[0].body).to.include(doc.publicUrl);
      const logged = local.logs.filter((l) => l.includes('outbound_email'));
      expect(logged).to.have.length(1);
      expect(JSON.parse(logged[0])).to.include({ to: 'x@klient.example', subject: 'Faktura FV000001 – Acme s.r.o.' });
      const token = doc.publicUrl.split('/').pop();
      expect(local.logs.some((l) => l.includes(token))).to.equal(false);
    } finally {
      await local.stop();
    }
  });
});
