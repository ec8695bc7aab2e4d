import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeContact } from '../helpers/fixtures';
import { setClock } from '../helpers/controls';
import { parseMail } from '../helpers/mime';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { makeSeries } from '../helpers/recurring';
import { startSmtpServer } from '../helpers/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

describe('recurring series with issueAndSend: each generated invoice e-mailed with the RECURRING template (real SMTP)', () => {
  let smtp: Smtp;
  let app: TestApp;
  let company: Company;
  let key: string;

  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '20' });
    await setClock(app, '2027-01-10T10:00:00Z');
    company = await makeCompany(app, { companyName: 'Pravidelná s.r.o.' });
    key = (await makeApiKey(app, company)).key;
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  const generate = () => app.app.container.services.recurring.recurringGenerator.run();
  const delivered = () => app.app.container.services.mail.sender.settle();
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));

  it('queues the e-mail in the generating transaction; delivered, the invoice is SENT with document.sent emailType RECURRING', async () => {
    const saved = await app.put(
      '/api/v1/email-templates/RECURRING/en',
      { subject: 'Your {{documentNumber}} from {{company}}', body: 'Dear {{contact}},\n\nplease pay {{amountDue}}.' },
      key,
    );
    expect(saved.status, saved.text).to.equal(200);
    const czech = await makeContact(app, key, { name: 'Žluťoučký kůň s.r.o.', email: 'kun@example.cz' });
    const english = await makeContact(app, key, { name: 'Smith Ltd', email: 'smith@example.com', language: 'en' });
    const after = await lastEventSeq(app);
    await makeSeries(app, key, { contactId: czech.id, count: 1, issueAndSend: true });
    await makeSeries(app, key, { contactId: english.id, count: 1, issueAndSend: true });
    await setClock(app, '2027-01-31T05:00:00Z');
    const n = await generate();
    expect(n).to.equal(2);
    await delivered();

    const [cs] = mailsTo('kun@example.cz');
    expect(cs.subject).to.match(/^Pravidelná faktura \S+ – Pravidelná s\.r\.o\.$/);
    expect(cs.text).to.include('pravidelnou fakturu');
    expect(cs.attachments.map((a) => a.contentType)).to.include('application/pdf');
    const [en] = mailsTo('smith@example.com');
    expect(en.subject).to.match(/^Your \S+ from Pravidelná s\.r\.o\.$/);
    expect(en.text).to.include('Dear Smith Ltd,');

    const sent = (await orgEventEntries(app, company.organizationId, after)).filter((e) => e.event === 'document.sent');
    expect(sent.map((e) => e.data.emailType)).to.deep.equal(['RECURRING', 'RECURRING']);
    for (const e of sent) {
      const doc = await app.get(`/api/v1/documents/${e.data.id}`, key);
      expect(doc.body).to.include({ status: 'SENT' });
      expect(doc.body.recurringSeriesId).to.be.a('string');
    }
  });

  it('a contact without an e-mail fails the occurrence: no document, the reason on the series, other series go on', async () => {
    const silent = await makeContact(app, key, { name: 'Bez e-mailu' });
    const fine = await makeContact(app, key, { name: 'S e-mailem', email: 'fine@example.cz' });
    const broken = await makeSeries(app, key, {
      contactId: silent.id,
      startDate: '2027-02-15',
      lastDayOfMonth: false,
      issueAndSend: true,
    });
    await makeSeries(app, key, {
      contactId: fine.id,
      startDate: '2027-02-15',
      lastDayOfMonth: false,
      issueAndSend: true,
    });
    await setClock(app, '2027-02-15T05:00:00Z');
    expect(await generate()).to.equal(1);
    const series = await app.get(`/api/v1/recurring-series/${broken.id}`, key);
    expect(series.body).to.include({ status: 'ACTIVE', nextDate: '2027-02-15' });
    expect(series.body.lastError).to.match(/e-mail/i);
    const docs = await app.get(`/api/v1/documents?contactId=${silent.id}`, key);
    expect(docs.body.data).to.deep.equal([]);
    await delivered();
    expect(mailsTo('fine@example.cz')).to.have.length(1);
  });
});
