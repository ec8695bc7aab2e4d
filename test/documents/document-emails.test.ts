import { expect } from 'chai';
import { CZ_TZ, dayjs } from '../../src/core/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeContact, makeDocument } from '../helpers/fixtures';
import { parseMail, type ParsedMail } from '../helpers/mime';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { startSmtpServer } from '../helpers/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

const IBAN = 'CZ5508000000001234567899';

describe('document e-mails: the company’s templates, HTML with a text alternative, QR inline, PDF attached', () => {
  let smtp: Smtp;
  let app: TestApp;
  let company: Company;
  let key: string;

  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '20' }, { clockStart: '2026-06-17T04:00:00.000Z' });
    company = await makeCompany(app, { companyName: 'Žluťoučký kůň s.r.o.' });
    key = (await makeApiKey(app, company)).key;
    const settings = await app.put('/api/v1/settings/company', { iban: IBAN }, company.token);
    expect(settings.status, settings.text).to.equal(200);
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  const lastMailTo = (address: string): ParsedMail => {
    const mails = smtp.received.filter((m) => m.to.includes(address));
    expect(mails, `an e-mail to ${address}`).to.not.have.length(0);
    return parseMail(mails[mails.length - 1].raw);
  };

  async function invoiceFor(email: string, overrides: Record<string, unknown> = {}): Promise<any> {
    const contact = await makeContact(app, key, { name: 'Pekařství Růžička', email, ...overrides });
    return makeDocument(app, key, {
      status: 'ISSUED',
      contactId: contact.id,
      variableSymbol: '20260042',
      issuedAt: '2026-06-01',
      dueAt: '2026-06-15',
      items: [{ name: 'Konzultace', quantity: 10, unit: 'h', unitPrice: 1000, vatRate: 21 }],
    });
  }

  it('e-mails a DOCUMENT as HTML with a text alternative, the payment QR inline by Content-ID and the PDF attached', async () => {
    const doc = await invoiceFor('ucetni@pekarstvi.example');
    const sent = await app.post(`/api/v1/documents/${doc.id}/send-email`, {}, key);
    expect(sent.status, sent.text).to.equal(200);
    const mail = lastMailTo('ucetni@pekarstvi.example');
    expect(mail.subject).to.equal(`Faktura ${doc.number} – Žluťoučký kůň s.r.o.`);
    expect(mail.text).to.include(`v příloze Vám zasíláme doklad ${doc.number}.`);
    expect(mail.text).to.include('K úhradě: 12 100,00 CZK, splatnost 15. 6. 2026, variabilní symbol 20260042.');
    expect(mail.text).not.to.include('cid:').and.not.to.include('{{');
    expect(mail.html).to.include('<meta charset="utf-8">');
    expect(mail.html).to.include('K úhradě: 12 100,00 CZK');
    expect(mail.html).to.include(`<a href="${doc.publicUrl}">`);

    const cid = /<img src="cid:([^"]+)"/.exec(mail.html)?.[1];
    expect(cid, 'the HTML shows the QR by Content-ID').to.be.a('string');
    const qr = mail.attachments.find((a) => a.cid === cid);
    expect(qr, 'the QR travels inline with that Content-ID').to.not.equal(undefined);
    expect(qr!.contentType).to.equal('image/png');
    expect(qr!.content.subarray(1, 4).toString('latin1')).to.equal('PNG');
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).to.equal(`${doc.number}.pdf`);
    expect(pdf!.content.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
  });

  it('uses the company’s own template in cs, en and de, diacritics intact in subject, text and HTML', async () => {
    const own = {
      cs: {
        subject: 'Účet {{documentNumber}}: řeřicha, ůly a čaj – {{company}}',
        body: 'Dobrý den, {{contact}},\n\nposíláme účet za řeřichu. Zbývá {{amountDue}} do {{dueDate}}.\n\n{{paymentQr}}',
        expect: ['řeřicha, ůly a čaj', 'posíláme účet za řeřichu. Zbývá 12 100,00 CZK do 15. 6. 2026.'],
      },
      en: {
        subject: 'Invoice {{documentNumber}} for {{contact}}',
        body: 'Dear {{contact}},\n\nplease pay {{amountDue}} by {{dueDate}}.',
        expect: ['for Pekařství Růžička', 'please pay 12,100.00 CZK by 2026-06-15.'],
      },
      de: {
        subject: 'Rechnung {{documentNumber}} – Grüße aus Gießen',
        body: 'Guten Tag {{contact}},\n\nbitte zahlen Sie {{amountDue}} bis {{dueDate}}. Schöne Grüße, Bäckerei Weiß',
        expect: ['Grüße aus Gießen', 'bitte zahlen Sie 12.100,00 CZK bis 15.06.2026. Schöne Grüße, Bäckerei Weiß'],
      },
    } as const;
    for (const [language, template] of Object.entries(own)) {
      const saved = await app.put(
        `/api/v1/email-templates/DOCUMENT/${language}`,
        { subject: template.subject, body: template.body },
        company.token,
      );
      expect(saved.status, saved.text).to.equal(200);
      const address = `own-${language}@pekarstvi.example`;
      const doc = await invoiceFor(address, { language });
      const sent = await app.post(`/api/v1/documents/${doc.id}/send-email`, {}, key);
      expect(sent.status, sent.text).to.equal(200);
      const mail = lastMailTo(address);
      const [inSubject, inBody] = template.expect;
      expect(mail.subject, language).to.include(inSubject).and.include(doc.number);
      expect(mail.text, language).to.include(inBody).and.include('Pekařství Růžička');
      expect(mail.html, language).to.include(inBody).and.include('Pekařství Růžička');
      expect(mail.text + mail.subject + mail.html).not.to.include('\uFFFD');
      // The QR only where the template shows it (the Czech one); the PDF in every one.
      const inline = mail.attachments.filter((a) => a.cid);
      expect(inline, language).to.have.length(language === 'cs' ? 1 : 0);
      expect(
        mail.attachments.filter((a) => a.contentType === 'application/pdf'),
        language,
      ).to.have.length(1);
      await app.del(`/api/v1/email-templates/DOCUMENT/${language}`, company.token);
    }
  });

  it('e-mails a QUOTE with the QUOTE template: document.sent emailType QUOTE, the PDF attached, no QR', async () => {
    const contact = await makeContact(app, key, { name: 'Zájemce', email: 'zajemce@example.cz' });
    const quote = await makeDocument(app, key, {
      type: 'QUOTE',
      status: 'ISSUED',
      contactId: contact.id,
      validUntil: '2026-12-31',
    });
    const after = await lastEventSeq(app);
    const sent = await app.post(`/api/v1/documents/${quote.id}/send-email`, {}, key);
    expect(sent.status, sent.text).to.equal(200);
    expect(sent.body.status).to.equal('SENT');
    const mail = lastMailTo('zajemce@example.cz');
    expect(mail.subject).to.equal(`Cenová nabídka ${quote.number} – Žluťoučký kůň s.r.o.`);
    expect(mail.text).to.include('Nabídku můžete přijmout nebo odmítnout online');
    expect(mail.attachments.map((a) => a.contentType)).to.deep.equal(['application/pdf']);
    const events = (await orgEventEntries(app, company.organizationId, after)).filter(
      (e) => e.event === 'document.sent',
    );
    expect(events.map((e) => [e.data.emailType, e.data.sentTo, e.data.status])).to.deep.equal([
      ['QUOTE', 'zajemce@example.cz', 'SENT'],
    ]);
  });

  it('keeps the caller’s subject and message over the template’s', async () => {
    const doc = await invoiceFor('vlastni@pekarstvi.example');
    const sent = await app.post(
      `/api/v1/documents/${doc.id}/send-email`,
      { subject: 'Vaše faktura', message: 'Posíláme fakturu, děkujeme.' },
      key,
    );
    expect(sent.status, sent.text).to.equal(200);
    const mail = lastMailTo('vlastni@pekarstvi.example');
    expect(mail.subject).to.equal('Vaše faktura');
    expect(mail.text).to.equal('Posíláme fakturu, děkujeme.');
    expect(mail.html).to.include('<p>Posíláme fakturu, děkujeme.</p>').and.include('<img src="cid:');
  });

  it('reminds with the step’s own template for that step and the default for another; the record lists them', async () => {
    const dunning = await makeCompany(app, { companyName: 'Upomínky s.r.o.' });
    const dunningKey = (await makeApiKey(app, dunning)).key;
    const steps = await app.put(
      '/api/v1/settings/reminder-steps',
      { steps: [{ days: 7 }, { days: 14 }] },
      dunning.token,
    );
    expect(steps.status, steps.text).to.equal(200);
    const own = { subject: 'Týden po splatnosti: {{documentNumber}}', body: 'Přátelsky připomínáme {{amountDue}}.' };
    const saved = await app.put('/api/v1/email-templates/REMINDER/cs?step=7', own, dunning.token);
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.body).to.include({ kind: 'REMINDER', language: 'cs', step: 7, custom: true });
    const listed = (await app.get('/api/v1/email-templates', dunning.token)).body.data;
    expect(listed).to.have.length(16);
    expect(listed[15]).to.include({ ...own, step: 7 });
    // A step is only for reminders.
    const refused = await app.put('/api/v1/email-templates/DOCUMENT/cs?step=7', own, dunning.token);
    expect(refused.status).to.equal(400);

    const contact = await makeContact(app, dunningKey, { name: 'Dlužník', email: 'dluznik@example.cz' });
    // Due 10 June: the 08:00 run of 17 June sends the +7 step, that of 24 June the +14 one.
    const doc = await makeDocument(app, dunningKey, {
      status: 'ISSUED',
      contactId: contact.id,
      issuedAt: '2026-05-27',
      dueAt: '2026-06-10',
    });
    const preview = (step: number) =>
      app.post('/api/v1/email-templates/preview', { documentId: doc.id, kind: 'REMINDER', step }, dunning.token);
    expect((await preview(7)).body.subject).to.equal(`Týden po splatnosti: ${doc.number}`);
    expect((await preview(14)).body.subject).to.equal(`Upomínka: faktura ${doc.number} – Upomínky s.r.o.`);
    expect((await preview(-3)).body.text).to.include(`připomínáme, že faktura ${doc.number} je splatná 10. 6. 2026.`);
    expect((await preview(0)).body.subject).to.equal(`Dnes je splatná faktura ${doc.number} – Upomínky s.r.o.`);

    const after = await lastEventSeq(app);
    for (const day of ['2026-06-17', '2026-06-24']) {
      const at = dayjs.tz(`${day} 08:01`, CZ_TZ).toDate().toISOString();
      expect((await app.post('/api/test/clock', { now: at })).status).to.equal(200);
      expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
    }
    const mails = smtp.received.filter((m) => m.to.includes('dluznik@example.cz')).map((m) => parseMail(m.raw));
    expect(mails.map((m) => m.subject)).to.deep.equal([
      `Týden po splatnosti: ${doc.number}`,
      `Upomínka: faktura ${doc.number} – Upomínky s.r.o.`,
    ]);
    expect(mails[0].text).to.equal('Přátelsky připomínáme 1 210,00 CZK.');
    expect(mails[1].text).to.include('(dní po splatnosti: 14)');
    for (const mail of mails) expect(mail.attachments.map((a) => a.contentType)).to.include('application/pdf');

    const sent = (await orgEventEntries(app, dunning.organizationId, after)).filter((e) => e.event === 'document.sent');
    expect(sent.map((e) => [e.data.emailType, e.data.status])).to.deep.equal([
      ['REMINDER', 'ISSUED'],
      ['REMINDER', 'ISSUED'],
    ]);
    const record = await app.get(`/api/v1/documents/${doc.id}`, dunningKey);
    expect(record.body.status).to.equal('ISSUED');
    expect(record.body.reminders.map((r: any) => [r.step, r.sentAt.slice(0, 10)])).to.deep.equal([
      [14, '2026-06-24'],
      [7, '2026-06-17'],
    ]);
    const gql = await app.graphql(
      'query ($id: ID!) { document(id: $id) { reminders { step sentAt } } }',
      { id: doc.id },
      dunningKey,
    );
    expect(gql.body.errors).to.equal(undefined);
    expect(gql.body.data.document.reminders).to.deep.equal(record.body.reminders);

    // A week on, the session has expired: the company's API key.
    const reset = await app.del('/api/v1/email-templates/REMINDER/cs?step=7', dunningKey);
    expect(reset.status, reset.text).to.equal(200);
    expect((await app.get('/api/v1/email-templates', dunningKey)).body.data).to.have.length(15);
  });

  it('saves and resets a step’s template through GraphQL too', async () => {
    const save = `mutation ($input: SaveEmailTemplateInput!) { saveEmailTemplate(input: $input) { kind step subject custom } }`;
    const input = {
      kind: 'REMINDER',
      language: 'de',
      step: -3,
      subject: 'Bald fällig: {{documentNumber}}',
      body: 'Grüße',
    };
    const saved = await app.graphql(save, { input }, key);
    expect(saved.body.errors, saved.text).to.equal(undefined);
    expect(saved.body.data.saveEmailTemplate).to.deep.equal({
      kind: 'REMINDER',
      step: -3,
      subject: input.subject,
      custom: true,
    });
    const listed = await app.graphql('{ emailTemplates { kind language step } }', {}, key);
    expect(listed.body.data.emailTemplates).to.deep.include({ kind: 'REMINDER', language: 'de', step: -3 });
    const reset = await app.graphql(
      'mutation { resetEmailTemplate(kind: "REMINDER", language: "de", step: -3) { subject custom step } }',
      {},
      key,
    );
    expect(reset.body.data.resetEmailTemplate).to.deep.equal({
      subject: 'Fälligkeitshinweis: Rechnung {{documentNumber}} – {{company}}',
      custom: false,
      step: -3,
    });
  });
});
