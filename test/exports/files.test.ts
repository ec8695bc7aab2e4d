import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { exportFile } from '../helpers/exports';

/** Issue 27 point 4: XLSX read back with exceljs (typed cells), ZIPs of PDFs unzipped with fflate. */
describe('exports: XLSX and ZIP of PDFs (issue 27 point 4)', function () {
  this.timeout(90_000);
  let app: TestApp;
  let company: Company;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    await makeDocument(app, company.token, {
      number: undefined,
      status: 'ISSUED',
      clientName: 'Šťastný & syn',
      items: [{ name: 'Práce', quantity: 1000, unit: 'h', unitPrice: '1234.56', vatRate: 21 }],
      issuedAt: '2026-06-10T08:00:00Z',
    });
    await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Druhý' });
  });
  after(() => app.stop());

  it('XLSX: numbers are number cells with #,##0.00, dates are dates, text is text', async () => {
    const { bytes, record } = await exportFile(app, company.token, { resource: 'documents', format: 'xlsx' });
    expect(record.sizeBytes).to.equal(bytes.length);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('documents')!;
    expect(sheet.rowCount).to.equal(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const row = [2, 3].map((n) => sheet.getRow(n)).find((r) => r.getCell(col('Client')).value === 'Šťastný & syn')!;
    const total = row.getCell(col('Total'));
    expect(total.value).to.equal(1493817.6); // 1000 × 1234.56 × 1.21
    expect(total.type).to.equal(ExcelJS.ValueType.Number);
    expect(total.numFmt).to.equal('#,##0.00');
    const issued = row.getCell(col('Issue date')).value;
    expect(issued).to.be.instanceOf(Date);
    expect((issued as Date).toISOString()).to.equal('2026-06-10T00:00:00.000Z');
    expect(row.getCell(col('Number')).type).to.equal(ExcelJS.ValueType.String);
  });

  it('pdf-zip: one <number>.pdf per document, each a PDF', async () => {
    const { bytes, record } = await exportFile(app, company.token, { resource: 'documents', format: 'pdf-zip' });
    expect(record.progress).to.deep.equal({ done: 2, total: 2 });
    const files = unzipSync(new Uint8Array(bytes));
    const list = await app.get('/api/v1/documents', company.token);
    const names = (list.body.data as { number: string }[]).map((d) => `${d.number}.pdf`).sort();
    expect(Object.keys(files).sort()).to.deep.equal(names);
    for (const pdf of Object.values(files)) expect(Buffer.from(pdf.subarray(0, 5)).toString()).to.equal('%PDF-');
  });

  it('contacts, products, costs and payments export with their own columns', async () => {
    await makeContact(app, company.token, { name: 'Kontakt "A"', taxId: '12345678' });
    const contacts = await exportFile(app, company.token, { resource: 'contacts', format: 'csv' });
    expect(contacts.bytes.toString('utf8')).to.contain('"Kontakt ""A""",CLIENT,12345678');
    for (const resource of ['products', 'costs', 'payments']) {
      const { record } = await exportFile(app, company.token, { resource, format: 'xlsx' });
      expect(record.progress.done).to.equal(0);
    }
  });
});
