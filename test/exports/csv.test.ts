import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { exportFile } from '../helpers/exports';

/** Issue 27 point 4: CSV exports read back with a CSV library. */
describe('exports: CSV (issue 27 point 4)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;
  let contactId: string;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    await makeDocument(app, company.token, {
      clientName: 'Žluťoučký kůň; "Koníček" s.r.o.',
      items: [{ name: 'Práce', quantity: 3, unit: 'h', unitPrice: '1234.56', vatRate: 21 }],
      issuedAt: '2026-06-10T08:00:00Z',
      tags: ['vip'],
    });
    contactId = (await makeContact(app, company.token, { name: 'Druhý, a.s.' })).id;
    await makeDocument(app, company.token, { contactId, type: 'PROFORMA' });
  });

  it('keeps text that a spreadsheet would run as a formula inert (a leading apostrophe), numbers as they are', async () => {
    const other = await makeCompany(app);
    await makeDocument(app, other.token, {
      clientName: '=HYPERLINK("http://evil.example","x")',
      items: [{ name: 'Dobropis', quantity: 1, unit: 'ks', unitPrice: '100', vatRate: 21 }],
    });
    const { bytes } = await exportFile(app, other.token, {
      resource: 'documents',
      format: 'csv',
      columns: ['clientName', 'total'],
    });
    const rows: string[][] = parse(bytes, { bom: true });
    expect(rows[1]).to.deep.equal(['\'=HYPERLINK("http://evil.example","x")', '121.00']);
  });
  after(() => app.stop());

  it('writes UTF-8 with a BOM, RFC 4180 quoting, Czech days and exact decimals (comma separator)', async () => {
    const { record, bytes } = await exportFile(app, company.token, { resource: 'documents', format: 'csv' });
    expect(record.progress).to.deep.equal({ done: 2, total: 2 });
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parse(bytes, { bom: true, columns: true });
    expect(rows).to.have.length(2);
    const first = rows.find((r) => r.Client.startsWith('Žluť'))!;
    expect(first.Client).to.equal('Žluťoučký kůň; "Koníček" s.r.o.');
    expect(first.Type).to.equal('INVOICE');
    expect(first['Issue date']).to.equal('2026-06-10');
    // 3 × 1234.56 = 3703.68; VAT 21 % = 777.77; total 4481.45
    expect(first.Subtotal).to.equal('3703.68');
    expect(first.Total).to.equal('4481.45');
    expect(first.Tags).to.equal('vip');
    const second = rows.find((r) => r.Type === 'PROFORMA')!;
    expect(second).to.include({ Client: 'Druhý, a.s.', 'Contact id': contactId });
  });

  it('writes ; and the decimal comma for Czech Excel, with the chosen columns in their order', async () => {
    const { bytes } = await exportFile(app, company.token, {
      resource: 'documents',
      format: 'csv',
      separator: ';',
      decimalComma: true,
      columns: ['total', 'clientName', 'issueDate'],
      filters: { type: 'INVOICE' },
    });
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).to.equal('\uFEFFTotal;Client;Issue date');
    const rows: string[][] = parse(bytes, { bom: true, delimiter: ';' });
    expect(rows).to.deep.equal([
      ['Total', 'Client', 'Issue date'],
      ['4481,45', 'Žluťoučký kůň; "Koníček" s.r.o.', '2026-06-10'],
    ]);
  });
});
