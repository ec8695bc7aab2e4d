import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  makeApiKey,
  makeCompany,
  makeContact,
  makeDocument,
  makeUser,
  UNAUTHORIZED_BODY,
} from '../helpers/fixtures';
import { startSmtpServer } from '../helpers/smtp';
import { getBytes, pdfText, setBilling } from './helpers';

/** The first attachment of a raw MIME message: its headers and decoded bytes. */
function attachmentOf(raw: string): { headers: string; bytes: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)![1];
  const part = raw.split(`--${boundary}`).find((p) => /Content-Disposition: attachment/i.test(p))!;
  const [headers, body] =
    part.split(/\r?\n\r?\n/, 2).length === 2
      ? [part.slice(0, part.search(/\r?\n\r?\n/)), part.slice(part.search(/\r?\n\r?\n/)).trim()]
      : ['', ''];
  return { headers, bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
}

describe('invoice-doc: PDF download, cache and e-mail attachment', function () {
  this.timeout(60_000);
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let db: Client;
  let company: Company;
  let key: string;
  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Faktura <faktury@kun.example>' });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    company = await makeCompany(app, { companyName: 'Kůň s.r.o.' });
    key = (await makeApiKey(app, company)).key;
    await setBilling(app, company.token);
  });
  after(async () => {
    await db?.end();
    await app?.stop();
    await smtp?.stop();
  });

  const printer = () => app.app.container.services.documents.printer;

  it('renders a document version once: a second download renders nothing and returns the same bytes', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Odběratel' });
    const before = printer().rendered;
    const first = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, key);
    expect(first.status).to.equal(200);
    expect(first.headers.get('content-type')).to.equal('application/pdf');
    expect(first.headers.get('content-disposition')).to.equal('inline; filename="FV000001.pdf"');
    expect(printer().rendered).to.equal(before + 1);

    const second = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, key);
    const publicCopy = await getBytes(app, `${new URL(doc.publicUrl).pathname}.pdf`);
    expect(printer().rendered, 'cached downloads render nothing').to.equal(before + 1);
    expect(second.bytes.equals(first.bytes)).to.equal(true);
    expect(publicCopy.bytes.equals(first.bytes)).to.equal(true);
    const kept = await db.query(
      'SELECT organization_id, length(pdf) AS size FROM document_pdfs WHERE document_id = $1',
      [doc.id],
    );
    expect(kept.rows).to.deep.equal([{ organization_id: company.organizationId, size: first.bytes.length }]);

    // A new version of the document, or of the company's look, is rendered again (once).
    await app.patch(`/api/v1/documents/${doc.id}`, { clientName: 'Odběratel Nový' }, key);
    const edited = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, key);
    expect(await pdfText(edited.bytes)).to.include('Odběratel Nový');
    await app.put('/api/v1/settings/document-look', { footerText: 'Nová patička' }, company.token);
    const restyled = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, key);
    expect(await pdfText(restyled.bytes)).to.include('Nová patička');
    await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, key);
    expect(printer().rendered).to.equal(before + 3);
    expect(
      (await db.query('SELECT count(*)::int AS n FROM document_pdfs WHERE document_id = $1', [doc.id])).rows[0].n,
    ).to.equal(1);
  });

  it('renders once when many first downloads of one version arrive together', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Souběžný odběratel' });
    const before = printer().rendered;
    const downloads = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        getBytes(
          app,
          i % 2 ? `/api/v1/documents/${doc.id}/pdf` : `${new URL(doc.publicUrl).pathname}.pdf`,
          i % 2 ? key : undefined,
        ),
      ),
    );
    expect(downloads.map((d) => d.status)).to.deep.equal(Array(8).fill(200));
    expect(downloads.every((d) => d.bytes.equals(downloads[0].bytes))).to.equal(true);
    expect(printer().rendered).to.equal(before + 1);
  });

  it('lets documents:read download the PDF; a POS device token, no token and another company cannot', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    const path = `/api/v1/documents/${doc.id}/pdf`;
    const device = await app.post('/api/v1/pos-devices', { name: 'Pokladna', prefix: 'P9' }, company.token);
    expect(device.status, device.text).to.equal(201);
    const pos = await app.get(path, device.body.token);
    expect(pos.status).to.equal(401);
    expect(pos.body).to.deep.equal(UNAUTHORIZED_BODY);
    expect((await app.get(path)).status).to.equal(401);

    const reader = await makeUser(app, company, { permissions: { documents: 'read' } });
    expect((await getBytes(app, path, reader.token)).status).to.equal(200);
    const noDocuments = await makeUser(app, company, { permissions: { contacts: 'write' } });
    expect((await app.get(path, noDocuments.token)).status).to.equal(403);

    const other = await makeCompany(app, { companyName: 'Jiná s.r.o.' });
    const otherKey = (await makeApiKey(app, other)).key;
    const foreign = await app.get(path, otherKey);
    expect(foreign.status).to.equal(404);
    expect(foreign.body).to.deep.equal({ error: 'Not Found', message: 'Document not found', code: 'NOT_FOUND' });
    expect((await app.get('/api/v1/documents/not-a-uuid/pdf', key)).status).to.equal(404);
  });

  it('attaches the document’s PDF to the e-mail that send-email delivers', async () => {
    const contact = await makeContact(app, company.token, { email: 'ucetni@odberatel.example' });
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id });
    const download = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, key);
    const rendered = printer().rendered;
    const before = smtp.received.length;
    const sent = await app.post(`/api/v1/documents/${doc.id}/send-email`, {}, key);
    expect(sent.status, sent.text).to.equal(200);
    expect(smtp.received.length).to.equal(before + 1);
    const { headers, bytes } = attachmentOf(smtp.received[smtp.received.length - 1].raw);
    expect(headers).to.match(/Content-Type: application\/pdf; name=FV\d{6}\.pdf/);
    expect(headers).to.match(/filename=FV\d{6}\.pdf/);
    expect(bytes.equals(download.bytes), 'the attachment is the kept PDF').to.equal(true);
    expect(printer().rendered, 'sending rendered nothing new').to.equal(rendered);
    expect(await pdfText(bytes)).to.include(doc.number);
  });
});
