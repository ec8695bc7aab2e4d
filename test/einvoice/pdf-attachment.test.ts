import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { BILLING, getBytes, setBilling } from '../invoice-doc/helpers';
import { expectValid, getXml } from './einvoice.helpers';

/** pdfdetach (poppler-utils) on the PDF: the list of embedded files and their contents by name. */
function detach(pdf: Buffer): { list: string; files: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isdoc-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    const list = spawnSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
    expect(list.error, 'pdfdetach (poppler-utils) must be installed').to.equal(undefined);
    expect(list.status, list.stderr).to.equal(0);
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    const save = spawnSync('pdfdetach', ['-saveall', '-o', out, file], { encoding: 'utf8' });
    expect(save.status, save.stderr).to.equal(0);
    const files = Object.fromEntries(fs.readdirSync(out).map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]));
    return { list: list.stdout, files };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Issue 27 point 1: the PDF of a payable document carries its ISDOC (ISDOC.PDF). */
describe('e-invoices: the ISDOC embedded in the PDF', () => {
  let app: TestApp;
  let company: Company;
  let contact: any;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    await setBilling(app, company.token, BILLING);
    contact = await makeContact(app, company.token, { name: 'Odběratel s.r.o.', taxId: '25596641' });
  });
  after(() => app.stop());

  it('the PDF embeds `<number>.isdoc` (application/xml), byte for byte the /isdoc answer; the public PDF too', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id });
    const { xml } = await getXml(app, doc.id, 'isdoc', company.token);
    const pdf = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, company.token);
    expect(pdf.status).to.equal(200);
    const { list, files } = detach(pdf.bytes);
    expect(list).to.contain('1 embedded files');
    expect(list).to.contain(`1: ${doc.number}.isdoc`);
    expect(Object.keys(files)).to.deep.equal([`${doc.number}.isdoc`]);
    expect(files[`${doc.number}.isdoc`]).to.equal(xml);
    expectValid(files[`${doc.number}.isdoc`], 'isdoc');
    // The file's MIME type and its relation to the document (PDF/A-3's AFRelationship).
    const raw = pdf.bytes.toString('latin1');
    expect(raw).to.contain('/Subtype /application#2Fxml');
    expect(raw).to.contain('/AFRelationship /Alternative');

    // The customer's PDF (the public link) is the same file.
    const publicPdf = await getBytes(app, `/public/documents/${new URL(doc.publicUrl).pathname.split('/').pop()}.pdf`);
    expect(publicPdf.status).to.equal(200);
    expect(detach(publicPdf.bytes).files[`${doc.number}.isdoc`]).to.equal(xml);
  });

  it('a changed document embeds its new ISDOC (the kept PDF is drawn again)', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id });
    await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, company.token);
    const changed = await app.patch(
      `/api/v1/documents/${doc.id}`,
      { items: [{ name: 'Jiná práce', quantity: 1, unitPrice: 700, vatRate: 21 }] },
      company.token,
    );
    expect(changed.status, changed.text).to.equal(200);
    const { xml } = await getXml(app, doc.id, 'isdoc', company.token);
    expect(xml).to.contain('<Description>Jiná práce</Description>');
    const pdf = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, company.token);
    expect(detach(pdf.bytes).files[`${doc.number}.isdoc`]).to.equal(xml);
  });

  it('a quote, an order and a delivery note embed nothing', async () => {
    for (const type of ['QUOTE', 'ORDER', 'DELIVERY_NOTE']) {
      const doc = await makeDocument(app, company.token, { type, status: 'ISSUED', contactId: contact.id });
      const pdf = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, company.token);
      expect(pdf.status).to.equal(200);
      const { list, files } = detach(pdf.bytes);
      expect(list, type).to.contain('0 embedded files');
      expect(files, type).to.deep.equal({});
    }
  });
});
