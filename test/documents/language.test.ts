import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { messageText, startSmtpServer } from '../helpers/smtp';
import { getBytes, pdfText, setBilling } from '../invoice-doc/helpers';

/** The decoded Subject header (RFC 2047 encoded words joined). */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1];
  return header
    .split(/\r?\n[ \t]*/)
    .map((part) =>
      part.replace(/=\?utf-8\?([QB])\?(.*?)\?=\s*/gi, (_, enc: string, text: string) =>
        enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : messageText(text.replace(/_/g, ' ')),
      ),
    )
    .join('');
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Issue 25 point 8: a document's language (cs, en, de) for its PDF, public page and e-mail. */
describe('documents: language per document', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let company: Company;
  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Faktura <faktury@acme.example>' });
    company = await makeCompany(app, { companyName: 'Acme s.r.o.' });
    await setBilling(app, company.token);
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  const setCompanyLanguage = async (language: string) => {
    const res = await app.put('/api/v1/settings/document-look', { language }, company.token);
    expect(res.status, res.text).to.equal(200);
  };
  const invoice = (extra: Record<string, unknown> = {}) =>
    makeDocument(app, company.token, {
      status: 'ISSUED',
      issuedAt: '2026-03-07',
      dueAt: '2026-03-21',
      items: [{ name: 'Beratung', quantity: 1.5, unitPrice: 1000, vatRate: 21 }],
      ...extra,
    });
  const pdfOf = async (id: string) => {
    const pdf = await getBytes(app, `/api/v1/documents/${id}/pdf`, company.token);
    expect(pdf.status).to.equal(200);
    return flat(await pdfText(pdf.bytes));
  };

  it('defaults to the contact’s language, then the company’s; an explicit one wins', async () => {
    const german = await makeContact(app, company.token, { name: 'Müller GmbH', language: 'de' });
    expect(german.language).to.equal('de');
    const plain = await makeContact(app, company.token, { name: 'Novák s.r.o.' });
    expect(plain.language).to.equal(null);

    expect((await invoice({ contactId: german.id })).language).to.equal('de');
    expect((await invoice({ contactId: plain.id })).language).to.equal('cs');
    await setCompanyLanguage('en');
    expect((await invoice({ contactId: plain.id })).language).to.equal('en');
    expect((await invoice()).language).to.equal('en');
    expect((await invoice({ contactId: german.id, language: 'cs' })).language).to.equal('cs');
    await setCompanyLanguage('cs');

    // Fixed at creation: a later change of the contact's language leaves the document as it was.
    const doc = await invoice({ contactId: german.id });
    const changed = await app.patch(`/api/v1/contacts/${german.id}`, { language: 'en' }, company.token);
    expect(changed.body.language).to.equal('en');
    expect((await app.get(`/api/v1/documents/${doc.id}`, company.token)).body.language).to.equal('de');

    // GraphQL: the contact's and the document's language.
    const gql = await app.graphql(
      `mutation($c: CreateContactInput!) { createContact(input: $c) { id language } }`,
      { c: { name: 'Schmidt AG', language: 'de' } },
      company.token,
    );
    expect(gql.body.data.createContact.language).to.equal('de');
    const made = await app.graphql(
      `mutation($d: CreateDocumentInput!) { createDocument(input: $d) { id language } }`,
      {
        d: {
          type: 'INVOICE',
          contactId: gql.body.data.createContact.id,
          items: [{ name: 'A', quantity: '1', unitPrice: '10', vatRate: '21' }],
        },
      },
      company.token,
    );
    expect(made.body.data.createDocument.language, JSON.stringify(made.body)).to.equal('de');
    const bad = await app.post('/api/v1/contacts', { name: 'X', language: 'fr' }, company.token);
    expect(bad.status).to.equal(400);
  });

  it('changes on a draft only; null gives the default again, as does a new contact', async () => {
    const german = await makeContact(app, company.token, { name: 'Weber KG', language: 'de' });
    const english = await makeContact(app, company.token, { name: 'Smith Ltd', language: 'en' });
    const draft = await makeDocument(app, company.token, { contactId: german.id });
    expect(draft.language).to.equal('de');
    const patch = (id: string, body: Record<string, unknown>) =>
      app.patch(`/api/v1/documents/${id}`, body, company.token);
    expect((await patch(draft.id, { language: 'en' })).body.language).to.equal('en');
    expect((await patch(draft.id, { language: null })).body.language).to.equal('de');
    expect((await patch(draft.id, { contactId: english.id })).body.language).to.equal('en');
    expect((await patch(draft.id, { contactId: german.id, language: 'cs' })).body.language).to.equal('cs');

    const gql = await app.graphql(
      `mutation($id: ID!) { updateDocument(id: $id, input: { language: "de" }) { language } }`,
      { id: draft.id },
      company.token,
    );
    expect(gql.body.data.updateDocument.language).to.equal('de');

    const issued = await invoice({ contactId: german.id });
    const refused = await patch(issued.id, { language: 'en' });
    expect(refused.status, refused.text).to.equal(409);
    expect(refused.body.code).to.equal('DOCUMENT_NOT_DRAFT');
    // Its content still changes; a new contact leaves an issued document's language alone.
    const edited = await patch(issued.id, { contactId: english.id, note: 'x' });
    expect(edited.status, edited.text).to.equal(200);
    expect(edited.body.language).to.equal('de');
    expect((await patch(draft.id, { language: 'fr' })).status).to.equal(400);
  });

  it('prints the PDF and the public page in German, with German numbers and dates', async () => {
    const doc = await invoice({ language: 'de' });
    const text = await pdfOf(doc.id);
    for (const label of [
      'Rechnung – Steuerbeleg',
      'Lieferant',
      'Kunde',
      'Ausstellungsdatum',
      'Leistungsdatum',
      'Fälligkeitsdatum',
      'Variables Symbol',
      'USt-Aufstellung',
      'Offener Betrag',
      'Banküberweisung',
    ])
      expect(text).to.include(label);
    expect(text).to.include('07.03.2026');
    expect(text).to.include('21.03.2026');
    expect(text).to.include('1.815,00');
    expect(text).to.include('1,5');
    expect(text).not.to.include('Datum vystavení');

    const page = await fetch(app.url + new URL(doc.publicUrl).pathname, { headers: { accept: 'text/html' } });
    const html = await page.text();
    expect(html).to.include('<html lang="de">');
    expect(html).to.include('Rechnung – Steuerbeleg');
    expect(html).to.include('PDF herunterladen');
    expect(html).to.include('1.815,00');
  });

  it('prints the PDF in English; a document without a language follows the company', async () => {
    const doc = await invoice({ language: 'en' });
    const text = await pdfOf(doc.id);
    for (const label of ['Invoice – tax document', 'Supplier', 'Customer', 'Issue date', 'Remaining'])
      expect(text).to.include(label);
    expect(text).to.include('2026-03-07');
    expect(text).to.include('1,815.00');

    // A document made before languages were kept (language null) prints in the company's language.
    const old = await invoice();
    await app.app.container.orm.em.fork().execute('UPDATE documents SET language = NULL WHERE id = ?', [old.id]);
    await setCompanyLanguage('de');
    try {
      expect((await app.get(`/api/v1/documents/${old.id}`, company.token)).body.language).to.equal(null);
      expect(await pdfOf(old.id)).to.include('Rechnung – Steuerbeleg');
    } finally {
      await setCompanyLanguage('cs');
    }
    expect(await pdfOf(old.id)).to.include('Faktura – daňový doklad');
  });

  it('writes the e-mail’s subject and body in the document’s language', async () => {
    const contact = await makeContact(app, company.token, { email: 'buchhaltung@kunde.example', language: 'de' });
    const doc = await invoice({ contactId: contact.id });
    const before = smtp.received.length;
    const sent = await app.post(`/api/v1/documents/${doc.id}/send-email`, {}, company.token);
    expect(sent.status, sent.text).to.equal(200);
    expect(smtp.received.length).to.equal(before + 1);
    const mail = smtp.received[smtp.received.length - 1];
    expect(subjectOf(mail.raw)).to.equal(`Rechnung ${doc.number} – Acme s.r.o.`);
    const text = messageText(mail.raw);
    expect(text).to.include(`Guten Tag,`);
    // The company's DOCUMENT template (Faktura's default) in German.
    expect(text).to.include(`anbei erhalten Sie den Beleg ${doc.number}.`);
    expect(text).to.include('Zu zahlen: 1.815,00 CZK, fällig am 21.03.2026');
    expect(text).to.include(`Verwendungszweck (variables Symbol) ${doc.variableSymbol}`);
    expect(text).to.include('Mit freundlichen Grüßen');

    const english = await invoice({ contactId: contact.id, language: 'en' });
    await app.post(`/api/v1/documents/${english.id}/send-email`, {}, company.token);
    const enMail = smtp.received[smtp.received.length - 1];
    expect(subjectOf(enMail.raw)).to.equal(`Invoice ${english.number} – Acme s.r.o.`);
    const enText = messageText(enMail.raw);
    expect(enText).to.include(`please find attached document ${english.number}.`);
    expect(enText).to.include('Amount due: 1,815.00 CZK, due on 2026-03-21');
  });
});
