import { expect } from 'chai';
import { strToU8, zipSync } from 'fflate';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany } from '../helpers/fixtures';
import { downloadBytes, fixture, importFile, pdfWith } from './isdoc-import.helpers';

const POHODA = 'pohoda-6.0.1-czk.isdoc';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The Pohoda fixture with every `from` replaced by `to`. */
function pohodaWith(from: string, to: string): Buffer {
  const xml = fixture(POHODA).toString('utf8');
  expect(xml).to.include(from);
  return Buffer.from(xml.replaceAll(from, to), 'utf8');
}

describe('costs: ISDOC import, the file forms and what is refused', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const costCount = async () => (await app.get('/api/v1/costs?limit=200', company.token)).body.data.length as number;

  it('imports an .isdocx (the .isdoc its manifest names, beside a supplement) and keeps the ZIP', async () => {
    const isdocx = Buffer.from(
      zipSync({
        'manifest.xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://isdoc.cz/namespace/2013/manifest"><maindocument filename="FV-2026-0412.isdoc"/><supplementslist><supplement filename="dodaci-list.pdf"/></supplementslist></manifest>',
        ),
        'FV-2026-0412.isdoc': new Uint8Array(fixture(POHODA)),
        'dodaci-list.pdf': strToU8('%PDF-1.4 not really'),
      }),
    );
    const res = await importFile(app, company.token, isdocx, {
      contentType: 'application/zip',
      filename: 'FV-2026-0412.isdocx',
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({ supplierDocumentNumber: 'FV-2026-0412', total: '2680.00', vatTotal: '416.21' });
    expect(res.body.attachments[0]).to.deep.include({
      filename: 'FV-2026-0412.isdocx',
      contentType: 'application/zip',
      size: isdocx.length,
    });
    const file = await downloadBytes(
      app,
      company.token,
      `/api/v1/costs/${res.body.id}/attachments/${res.body.attachments[0].id}`,
    );
    expect(file.headers.get('content-type')).to.equal('application/zip');
    expect(file.bytes.equals(isdocx)).to.equal(true);
  });

  it('imports a PDF with an embedded ISDOC (ISDOC.PDF) and keeps the PDF', async () => {
    const pdf = await pdfWith([{ name: '20260077.isdoc', content: fixture('idoklad-6.0.2-gross.isdoc') }]);
    const res = await importFile(app, company.token, pdf, { contentType: 'application/pdf', filename: 'faktura.pdf' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({ supplierDocumentNumber: '20260077', total: '3288.00', vatTotal: '570.73' });
    expect(res.body.attachments[0]).to.deep.include({
      filename: 'faktura.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    const file = await downloadBytes(
      app,
      company.token,
      `/api/v1/costs/${res.body.id}/attachments/${res.body.attachments[0].id}`,
    );
    expect(file.bytes.equals(pdf)).to.equal(true);
    // Deleting the cost deletes its files.
    expect((await app.del(`/api/v1/costs/${res.body.id}`, company.token)).status).to.equal(204);
    const gone = await app.get(`/api/v1/costs/${res.body.id}/attachments/${res.body.attachments[0].id}`, company.token);
    expect(gone.status).to.equal(404);
  });

  it('a PDF without an embedded ISDOC, or a damaged one, is 400 ISDOC_INVALID', async () => {
    const pdf = await pdfWith([{ name: 'readme.txt', content: Buffer.from('hello') }]);
    const res = await importFile(app, company.token, pdf, { contentType: 'application/pdf' });
    expect(res.status, res.text).to.equal(400);
    expect(res.body).to.deep.equal({
      error: 'Bad Request',
      code: 'ISDOC_INVALID',
      message: 'The PDF embeds no .isdoc file',
    });
    const damaged = await importFile(app, company.token, Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog'), {
      contentType: 'application/pdf',
    });
    expect(damaged.status, damaged.text).to.equal(400);
    expect(damaged.body).to.deep.include({ code: 'ISDOC_INVALID', message: 'The PDF cannot be read' });
  });

  it('a PNG is 415, as is a JSON body', async () => {
    const before = await costCount();
    for (const [body, type] of [
      [PNG, 'application/octet-stream'],
      [PNG, 'image/png'],
      ['{"file":"x"}', 'application/json'],
    ] as const) {
      const res = await importFile(app, company.token, body, { contentType: type });
      expect(res.status, `${type}: ${res.text}`).to.equal(415);
      expect(res.body).to.deep.include({ error: 'Unsupported Media Type', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(await costCount()).to.equal(before);
  });

  it('malformed XML is 400 ISDOC_INVALID naming the line', async () => {
    const res = await importFile(app, company.token, pohodaWith('<ID>FV-2026-0412</ID>', '<ID>FV-2026-0412</Id>'));
    expect(res.status, res.text).to.equal(400);
    expect(res.body.code).to.equal('ISDOC_INVALID');
    expect(res.body.message).to.equal(
      'Not a valid ISDOC invoice: line 4: Opening and ending tag mismatch: ID line 4 and Id',
    );
    expect(res.body.details).to.deep.equal([{ path: 'line 4', message: res.body.message }]);
  });

  it('a schema error is 400 ISDOC_INVALID naming its line and element', async () => {
    const res = await importFile(
      app,
      company.token,
      pohodaWith('<IssueDate>2026-06-01</IssueDate>', '<IssueDate>1. 6. 2026</IssueDate>'),
    );
    expect(res.status, res.text).to.equal(400);
    expect(res.body).to.deep.equal({
      error: 'Bad Request',
      code: 'ISDOC_INVALID',
      message:
        "Not a valid ISDOC invoice: line 7: Element 'IssueDate': '1. 6. 2026' is not a valid value of the atomic type 'IssueDateType'.",
      details: [
        {
          path: 'line 7',
          message:
            "Not a valid ISDOC invoice: line 7: Element 'IssueDate': '1. 6. 2026' is not a valid value of the atomic type 'IssueDateType'.",
        },
      ],
    });
    const missing = await importFile(app, company.token, pohodaWith('<ID>FV-2026-0412</ID>', ''));
    expect(missing.status).to.equal(400);
    expect(missing.body.message).to.match(
      /^Not a valid ISDOC invoice: line 5: Element 'UUID': This element is not expected\. Expected is .*ID/,
    );
  });

  it('refuses a DOCTYPE before parsing (XXE, billion laughs)', async () => {
    const laughs = pohodaWith(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE Invoice [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    const res = await importFile(app, company.token, laughs);
    expect(res.status, res.text).to.equal(400);
    expect(res.body).to.deep.include({
      code: 'ISDOC_INVALID',
      message: 'The ISDOC must not contain a DOCTYPE (DTDs and entities are refused)',
    });
  });

  it('a credit note (DocumentType 2) is 400 ISDOC_DOCUMENT_TYPE_UNSUPPORTED', async () => {
    const res = await importFile(
      app,
      company.token,
      pohodaWith('<DocumentType>1</DocumentType>', '<DocumentType>2</DocumentType>'),
    );
    expect(res.status, res.text).to.equal(400);
    expect(res.body).to.deep.equal({
      error: 'Bad Request',
      code: 'ISDOC_DOCUMENT_TYPE_UNSUPPORTED',
      message:
        'ISDOC DocumentType 2 cannot be imported as a cost: only invoices (1), debit notes (3), advance tax documents (5) and simplified tax documents (7)',
    });
  });

  it('amounts that disagree with the VAT recapitulation are 400 ISDOC_INVALID, and create no supplier', async () => {
    const other = await makeCompany(app);
    const res = await importFile(
      app,
      other.token,
      pohodaWith(
        '<TaxInclusiveAmount>2680.01</TaxInclusiveAmount>',
        '<TaxInclusiveAmount>2690.01</TaxInclusiveAmount>',
      ),
    );
    expect(res.status, res.text).to.equal(400);
    expect(res.body).to.deep.include({
      code: 'ISDOC_INVALID',
      message:
        "The ISDOC's amounts disagree: its VAT recapitulation (TaxSubTotal) adds up to 2680.01, its TaxInclusiveAmount is 2690.01",
    });
    expect((await app.get('/api/v1/contacts', other.token)).body.data).to.deep.equal([]);
  });

  it('a VAT rate costs do not take (15 %) is 400 VALIDATION_FAILED, as for a cost typed by hand, and creates no supplier', async () => {
    const other = await makeCompany(app);
    const res = await importFile(app, other.token, pohodaWith('<Percent>12</Percent>', '<Percent>15</Percent>'));
    expect(res.status, res.text).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_FAILED');
    expect(res.body.details).to.deep.include({ path: 'items[2].vatRate', message: 'must be 21, 12 or 0' });
    expect((await app.get('/api/v1/contacts', other.token)).body.data).to.deep.equal([]);
  });

  it('a file over 10 MB is 413', async () => {
    const res = await importFile(app, company.token, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    expect(res.status, res.text).to.equal(413);
    expect(res.body.code).to.equal('PAYLOAD_TOO_LARGE');
  });

  it('a ZIP bomb is refused before it is inflated: too many entries, or too much unpacked', async () => {
    // 16 MB of spaces deflate to about 16 KB.
    const bomb = Buffer.from(zipSync({ 'bomb.isdoc': new Uint8Array(16 * 1024 * 1024).fill(0x20) }, { level: 9 }));
    expect(bomb.length).to.be.below(1024 * 1024);
    const res = await importFile(app, company.token, bomb, { contentType: 'application/zip' });
    expect(res.status, res.text).to.equal(413);
    expect(res.body).to.deep.include({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The .isdocx unpacks to more than 10485760 bytes',
    });
    const entries = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}.txt`, strToU8('x')]));
    const many = await importFile(app, company.token, Buffer.from(zipSync(entries)), {
      contentType: 'application/zip',
    });
    expect(many.status, many.text).to.equal(413);
    expect(many.body.message).to.equal('The .isdocx has more than 100 entries');
  });

  it('a ZIP without an .isdoc is 400 ISDOC_INVALID', async () => {
    const zip = Buffer.from(zipSync({ 'readme.txt': strToU8('nothing here') }));
    const res = await importFile(app, company.token, zip, { contentType: 'application/zip' });
    expect(res.status, res.text).to.equal(400);
    expect(res.body).to.deep.include({
      code: 'ISDOC_INVALID',
      message: 'The .isdocx holds no single .isdoc (and its manifest.xml names none)',
    });
  });

  it('without a credential it is 401', async () => {
    const res = await app.request('POST', '/api/v1/costs/import', {
      raw: fixture(POHODA),
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.status).to.equal(401);
  });

  it('an Idempotency-Key counts the file: the same file replays the cost, another file is 422', async () => {
    const key = { 'idempotency-key': 'import-once', 'content-type': 'application/xml' };
    const file = pohodaWith('FV-2026-0412', 'FV-2026-7001');
    const send = (raw: Buffer) =>
      app.request('POST', '/api/v1/costs/import', { token: company.token, raw, headers: key });
    const first = await send(file);
    expect(first.status, first.text).to.equal(201);
    const again = await send(file);
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body.id).to.equal(first.body.id);
    const other = await send(pohodaWith('FV-2026-0412', 'FV-2026-7002'));
    expect(other.status).to.equal(422);
    expect(other.body.code).to.equal('IDEMPOTENCY_KEY_MISMATCH');
  });
});
