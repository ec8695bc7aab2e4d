import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeDocument } from '../helpers/fixtures';
import { billedCompany } from '../einvoice/einvoice.helpers';
import { downloadBytes, importFile } from './isdoc-import.helpers';

/** What a cost and the document it was imported from must share: the amounts, line by line and per rate. */
const AMOUNTS = ['currency', 'subtotal', 'vatTotal', 'total'] as const;
const CZK_AMOUNTS = ['exchangeRate', 'subtotalCzk', 'vatTotalCzk', 'totalCzk', 'vatRatesCzk'] as const;
/** The invoice's VAT per rate worked out by hand: 3,000.00 − 99.99 at 21 % (VAT 630.00 − 21.00), 901.00 at 12 %, 33.33 at 0 %. */
const PER_RATE = [
  { vatRate: 21, subtotal: '2900.01', vatTotal: '609.00', total: '3509.01' },
  { vatRate: 12, subtotal: '901.00', vatTotal: '108.12', total: '1009.12' },
  { vatRate: 0, subtotal: '33.33', vatTotal: '0.00', total: '33.33' },
];

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, record[k]]));
}

/** The CZK amounts; a document shows its per-rate vatRate as a string, a cost as a number. */
function czk(record: Record<string, unknown>) {
  const rows = record.vatRatesCzk as { vatRate: string | number }[];
  return { ...pick(record, CZK_AMOUNTS), vatRatesCzk: rows.map((r) => ({ ...r, vatRate: Number(r.vatRate) })) };
}

function lines(record: { items: Record<string, unknown>[] }) {
  return record.items.map((i) => pick(i, ['name', 'quantity', 'unit', 'vatRate', 'base', 'vat', 'total']));
}

/**
 * Issue 27 point 8: an ISDOC round trip. One company issues invoices and exports them
 * (GET /documents/:id/isdoc, and the PDF embedding the same ISDOC); another imports them as costs
 * (POST /costs/import): the same amounts, line by line and per VAT rate, in CZK and in EUR.
 */
describe('costs: ISDOC round trip, exported by one company and imported as a cost by another', function () {
  this.timeout(60_000);
  let app: TestApp;
  let seller: Company;
  let customer: any;
  let buyer: Company;

  before(async () => {
    app = await startTestApp();
    ({ company: seller, contact: customer } = await billedCompany(app));
    buyer = await makeCompany(app, { companyName: 'Odběratel & syn a.s.' });
  });
  after(() => app.stop());

  const invoice = (overrides: Record<string, unknown> = {}) =>
    makeDocument(app, seller.token, {
      type: 'INVOICE',
      status: 'ISSUED',
      contactId: customer.id,
      issuedAt: '2026-03-10T09:00:00Z',
      taxableSupplyDate: '2026-03-05T09:00:00Z',
      dueAt: '2026-03-24T09:00:00Z',
      variableSymbol: '2026000123',
      items: [
        { name: 'Konzultace <senior>', quantity: 3, unit: 'ks', unitPrice: 1000, vatRate: 21 },
        { name: 'Školení', quantity: 2, unit: 'h', unitPrice: 450.5, vatRate: 12 },
        { name: 'Sleva věrnostní', quantity: 1, unit: 'ks', unitPrice: '-99.99', vatRate: 21 },
        { name: 'Kolky', quantity: 1, unit: 'ks', unitPrice: '33.33', vatRate: 0 },
      ],
      ...overrides,
    });

  async function exportedIsdoc(documentId: string): Promise<string> {
    const res = await app.request('GET', `/api/v1/documents/${documentId}/isdoc`, { token: seller.token });
    expect(res.status, res.text).to.equal(200);
    return res.text;
  }

  it('a CZK invoice: the same lines, VAT per rate and totals; the seller becomes the buyer’s supplier', async () => {
    const doc = await invoice();
    const res = await importFile(app, buyer.token, await exportedIsdoc(doc.id), { filename: `${doc.number}.isdoc` });
    expect(res.status, res.text).to.equal(201);
    const cost = res.body;
    expect(pick(cost, AMOUNTS)).to.deep.equal(pick(doc, AMOUNTS));
    expect(czk(cost)).to.deep.equal(czk(doc));
    expect(lines(cost)).to.deep.equal(lines(doc));
    expect(cost.vatSummary).to.deep.equal(PER_RATE);
    expect(cost).to.deep.include({
      kind: 'INVOICE',
      supplierDocumentNumber: doc.number,
      variableSymbol: '2026000123',
      // Czech days of the document's instants (10:00 in Prague), as midnight in Prague.
      issuedAt: '2026-03-09T23:00:00.000Z',
      taxableSupplyDate: '2026-03-04T23:00:00.000Z',
      dueAt: '2026-03-23T23:00:00.000Z',
    });
    expect(cost.paymentAccount.iban).to.equal('CZ6508000000192000145399');
    expect(cost.supplier).to.deep.include({ name: 'Žluťoučký kůň s.r.o.', taxId: '27074358', vatId: 'CZ27074358' });
    const contact = await app.get(`/api/v1/contacts/${cost.supplierId}`, buyer.token);
    expect(contact.body).to.deep.include({ type: 'SUPPLIER', taxId: '27074358', vatId: 'CZ27074358' });
  });

  it('an EUR invoice: the same EUR amounts, exchange rate and CZK amounts', async () => {
    const doc = await invoice({ currency: 'EUR', exchangeRate: '25.125' });
    const res = await importFile(app, buyer.token, await exportedIsdoc(doc.id));
    expect(res.status, res.text).to.equal(201);
    const cost = res.body;
    expect(cost.currency).to.equal('EUR');
    expect(pick(cost, AMOUNTS)).to.deep.equal(pick(doc, AMOUNTS));
    expect(cost.vatSummary).to.deep.equal(PER_RATE);
    expect(czk(cost)).to.deep.equal(czk(doc));
    expect(lines(cost)).to.deep.equal(lines(doc));
  });

  it('domestic reverse charge: the cost self-assesses the VAT the supplier did not charge and pays the subtotal', async () => {
    const doc = await invoice({ variableSymbol: '2026000124', reverseCharge: { regime: 'DOMESTIC', code: '4' } });
    const res = await importFile(app, buyer.token, await exportedIsdoc(doc.id));
    expect(res.status, res.text).to.equal(201);
    const cost = res.body;
    expect(cost).to.deep.include({
      reverseCharge: true,
      subtotal: doc.subtotal,
      vatTotal: '717.12',
      total: '4551.46',
      remainingAmount: doc.subtotal,
    });
    expect(cost.vatSummary).to.deep.equal(PER_RATE);
    expect(cost.items.map((i: { base: string }) => i.base)).to.deep.equal(
      doc.items.map((i: { base: string }) => i.base),
    );
  });

  it('the PDF of the invoice (ISDOC.PDF) imports to the same cost', async () => {
    const doc = await invoice({ variableSymbol: '2026000125' });
    const pdf = await downloadBytes(app, seller.token, `/api/v1/documents/${doc.id}/pdf`);
    expect(pdf.status).to.equal(200);
    const res = await importFile(app, buyer.token, pdf.bytes, { contentType: 'application/pdf' });
    expect(res.status, res.text).to.equal(201);
    expect(pick(res.body, AMOUNTS)).to.deep.equal(pick(doc, AMOUNTS));
    expect(lines(res.body)).to.deep.equal(lines(doc));
    expect(res.body.attachments[0]).to.deep.include({ contentType: 'application/pdf', size: pdf.bytes.length });
  });
});
