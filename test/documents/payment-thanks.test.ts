import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makePaymentLine,
} from '../helpers/fixtures';
import { parseMail } from '../helpers/mime';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { startSmtpServer } from '../helpers/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

describe('payment thanks: an invoice paid through a payment thanks its contact (when switched on)', () => {
  let smtp: Smtp;
  let app: TestApp;
  let symbols = 8_100_000;

  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '20' });
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));

  /** A company with a bank account; the thanks switched on unless `thanks` is false. */
  async function setUp(thanks = true): Promise<{ company: Company; account: any }> {
    const company = await makeCompany(app, { companyName: 'Děkovná s.r.o.' });
    const account = await makeBankAccount(app, company.token);
    if (thanks) {
      const res = await app.put('/api/v1/settings/emails', { paymentThanks: true }, company.token);
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.include({ paymentThanks: true });
    }
    return { company, account };
  }

  async function invoice(company: Company, email: string, language = 'cs'): Promise<any> {
    const contact = await makeContact(app, company.token, { name: 'Plátce', email, language });
    return makeDocument(app, company.token, {
      status: 'ISSUED',
      contactId: contact.id,
      variableSymbol: String(++symbols),
    });
  }

  /** Imports the payment of the invoice (matched by its variable symbol and amount), then lets the mail go. */
  async function pay(company: Company, account: any, doc: any): Promise<any> {
    const result = await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: doc.total, variableSymbol: doc.variableSymbol }),
    ]);
    expect(result.summary.matched, JSON.stringify(result)).to.equal(1);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    return result.lines[0].payment;
  }

  it('is off by default; REST and GraphQL read and switch it', async () => {
    const company = await makeCompany(app);
    const read = await app.get('/api/v1/settings/emails', company.token);
    expect(read.status, read.text).to.equal(200);
    expect(read.body).to.deep.equal({ paymentThanks: false, updatedAt: null });
    const on = await app.graphql(
      'mutation { saveEmailSettings(paymentThanks: true) { paymentThanks } }',
      {},
      company.token,
    );
    expect(on.body.errors).to.equal(undefined);
    expect(on.body.data.saveEmailSettings).to.deep.equal({ paymentThanks: true });
    const gql = await app.graphql('{ emailSettings { paymentThanks updatedAt } }', {}, company.token);
    expect(gql.body.data.emailSettings.paymentThanks).to.equal(true);
    expect(gql.body.data.emailSettings.updatedAt).to.be.a('string');
    expect((await app.put('/api/v1/settings/emails', { paymentThanks: 'yes' }, company.token)).status).to.equal(400);
  });

  it('thanks once after an imported payment matches: document.sent PAYMENT_THANKS, no PDF, not again when paid again', async () => {
    const { company, account } = await setUp();
    const doc = await invoice(company, 'platce@example.cz');
    const after = await lastEventSeq(app);
    const payment = await pay(company, account, doc);

    const mails = mailsTo('platce@example.cz');
    expect(mails).to.have.length(1);
    expect(mails[0].subject).to.equal(`Děkujeme za úhradu faktury ${doc.number}`);
    expect(mails[0].text).to.include(`děkujeme, Vaši platbu faktury ${doc.number} jsme přijali.`);
    expect(mails[0].html).to.include('děkujeme, Vaši platbu faktury');
    // Nothing to pay, nothing to attach.
    expect(mails[0].attachments).to.deep.equal([]);

    const events = await orgEventEntries(app, company.organizationId, after);
    const sent = events.filter((e) => e.event === 'document.sent');
    expect(sent.map((e) => [e.data.emailType, e.data.sentTo, e.data.status])).to.deep.equal([
      ['PAYMENT_THANKS', 'platce@example.cz', 'PAID'],
    ]);
    expect((await app.get(`/api/v1/documents/${doc.id}`, company.token)).body.status).to.equal('PAID');

    // Unmatched and matched again by hand: PAID again, but thanked once.
    expect((await app.del(`/api/v1/payments/${payment.id}/match`, company.token)).status).to.equal(200);
    const again = await app.put(`/api/v1/payments/${payment.id}/match`, { documentId: doc.id }, company.token);
    expect(again.status, again.text).to.equal(200);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    expect((await app.get(`/api/v1/documents/${doc.id}`, company.token)).body.status).to.equal('PAID');
    expect(mailsTo('platce@example.cz')).to.have.length(1);
  });

  it('thanks by hand-matching too, in the document’s language', async () => {
    const { company, account } = await setUp();
    const doc = await invoice(company, 'zahler@example.de', 'de');
    const [line] = (await importPayments(app, company.token, account.id, [makePaymentLine({ amount: doc.total })]))
      .lines;
    const matched = await app.put(`/api/v1/payments/${line.payment.id}/match`, { documentId: doc.id }, company.token);
    expect(matched.status, matched.text).to.equal(200);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    const [mail] = mailsTo('zahler@example.de');
    expect(mail.subject).to.equal(`Vielen Dank für die Zahlung der Rechnung ${doc.number}`);
    expect(mail.text).to.include('Mit freundlichen Grüßen');
  });

  it('sends none when the switch is off, nor for an invoice marked PAID by hand', async () => {
    const off = await setUp(false);
    const unthanked = await invoice(off.company, 'vypnuto@example.cz');
    await pay(off.company, off.account, unthanked);
    expect((await app.get(`/api/v1/documents/${unthanked.id}`, off.company.token)).body.status).to.equal('PAID');
    expect(mailsTo('vypnuto@example.cz')).to.deep.equal([]);

    const on = await setUp();
    const byHand = await invoice(on.company, 'rucne@example.cz');
    const after = await lastEventSeq(app);
    const paid = await app.post(`/api/v1/documents/${byHand.id}/transition`, { status: 'PAID' }, on.company.token);
    expect(paid.status, paid.text).to.equal(200);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    expect(mailsTo('rucne@example.cz')).to.deep.equal([]);
    const sent = (await orgEventEntries(app, on.company.organizationId, after)).filter(
      (e) => e.event === 'document.sent',
    );
    expect(sent).to.deep.equal([]);
  });
});
