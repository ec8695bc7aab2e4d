import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makePaymentLine,
  type Company,
} from '../helpers/fixtures';
import { BILLING, setBilling } from '../invoice-doc/helpers';
import { issueOk, makeDevice, receipt } from '../pos/pos.helpers';
import { expectValid, getXml } from './einvoice.helpers';

/** The customer: a Czech VAT payer with a full address. */
const CUSTOMER = {
  name: 'Odběratel & syn a.s.',
  taxId: '25596641',
  vatId: 'CZ25596641',
  street: 'Dlouhá 12',
  city: 'Brno',
  zip: '602 00',
  country: 'Česká republika',
  email: 'ucetni@odberatel.example',
};

/**
 * Issue 27 point 1: GET /documents/:id/isdoc, ISDOC 6.0.2 valid against the shared XSD for every
 * payable type.
 *
 * The invoice worked out by hand: 3 × 1,000.00 at 21 % (base 3,000.00, VAT 630.00) and 2 h × 450.50
 * at 12 % (base 901.00, VAT 108.12): base 3,901.00, VAT 738.12, total 4,639.12. The EUR invoice:
 * 10 × 100.00 EUR at 21 % (base 1,000.00, VAT 210.00, 1,210.00) at 25.125 CZK/EUR: 25,125.00 +
 * 5,276.25 = 30,401.25 CZK.
 */
describe('e-invoices: ISDOC 6.0.2 export', () => {
  let app: TestApp;
  let company: Company;
  let contact: any;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    await setBilling(app, company.token, BILLING);
    contact = await makeContact(app, company.token, CUSTOMER);
  });
  after(() => app.stop());

  const ITEMS = [
    { name: 'Konzultace <senior>', quantity: 3, unit: 'ks', unitPrice: 1000, vatRate: 21 },
    { name: 'Školení', quantity: 2, unit: 'h', unitPrice: 450.5, vatRate: 12 },
  ];
  const invoice = (overrides: Record<string, unknown> = {}) =>
    makeDocument(app, company.token, {
      type: 'INVOICE',
      status: 'ISSUED',
      contactId: contact.id,
      issuedAt: '2026-03-10T09:00:00Z',
      taxableSupplyDate: '2026-03-05T09:00:00Z',
      dueAt: '2026-03-24T09:00:00Z',
      variableSymbol: '2026000123',
      items: ITEMS,
      ...overrides,
    });

  it('an invoice: DocumentType 1, parties, dates, lines, VAT per rate, totals, bank account and VS; UUID stable', async () => {
    const doc = await invoice();
    const { xml, doc: x, disposition } = await getXml(app, doc.id, 'isdoc', company.token);
    expectValid(xml, 'isdoc');
    expect(disposition).to.equal(`attachment; filename="${doc.number}.isdoc"`);
    const inv = x.Invoice;
    expect(inv['@version']).to.equal('6.0.2');
    expect(inv).to.deep.include({
      DocumentType: '1',
      ID: doc.number,
      UUID: doc.id.toUpperCase(),
      IssueDate: '2026-03-10',
      TaxPointDate: '2026-03-05',
      VATApplicable: 'true',
      LocalCurrencyCode: 'CZK',
      CurrRate: '1',
      RefCurrRate: '1',
    });
    expect(inv.ForeignCurrencyCode).to.equal(undefined);
    const supplier = inv.AccountingSupplierParty.Party;
    expect(supplier.PartyIdentification.ID).to.equal('27074358');
    expect(supplier.PartyName.Name).to.equal('Žluťoučký kůň s.r.o.');
    expect(supplier.PartyTaxScheme).to.deep.equal({ CompanyID: 'CZ27074358', TaxScheme: 'VAT' });
    expect(supplier.PostalAddress).to.deep.equal({
      StreetName: 'Příčná',
      BuildingNumber: '1892/4',
      CityName: 'Praha 1',
      PostalZone: '110 00',
      Country: { IdentificationCode: 'CZ', Name: 'Česká republika' },
    });
    const customer = inv.AccountingCustomerParty.Party;
    expect(customer.PartyIdentification.ID).to.equal('25596641');
    expect(customer.PartyName.Name).to.equal('Odběratel & syn a.s.');
    expect(customer.PartyTaxScheme.CompanyID).to.equal('CZ25596641');
    expect(customer.PostalAddress).to.deep.include({ StreetName: 'Dlouhá', BuildingNumber: '12', CityName: 'Brno' });

    expect(
      inv.InvoiceLines.InvoiceLine.map((l: any) => [
        l.ID,
        l.Item.Description,
        l.InvoicedQuantity['#text'],
        l.InvoicedQuantity['@unitCode'],
        l.UnitPrice,
        l.LineExtensionAmount,
        l.LineExtensionTaxAmount,
        l.LineExtensionAmountTaxInclusive,
        l.ClassifiedTaxCategory.Percent,
      ]),
    ).to.deep.equal([
      ['1', 'Konzultace <senior>', '3', 'ks', '1000', '3000.00', '630.00', '3630.00', '21'],
      ['2', 'Školení', '2', 'h', '450.5', '901.00', '108.12', '1009.12', '12'],
    ]);
    const sub = inv.TaxTotal[0].TaxSubTotal.map((t: any) => [
      t.TaxCategory.Percent,
      t.TaxableAmount,
      t.TaxAmount,
      t.TaxInclusiveAmount,
    ]);
    expect(sub).to.deep.equal([
      ['21', '3000.00', '630.00', '3630.00'],
      ['12', '901.00', '108.12', '1009.12'],
    ]);
    expect(inv.TaxTotal[0].TaxAmount).to.equal('738.12');
    expect(inv.LegalMonetaryTotal).to.deep.include({
      TaxExclusiveAmount: '3901.00',
      TaxInclusiveAmount: '4639.12',
      PaidDepositsAmount: '0.00',
      PayableAmount: '4639.12',
    });
    expect(inv.PaymentMeans.Payment).to.deep.equal({
      PaidAmount: '4639.12',
      PaymentMeansCode: '42',
      Details: {
        PaymentDueDate: '2026-03-24',
        ID: '19-2000145399',
        BankCode: '0800',
        Name: 'Česká spořitelna, a.s.',
        IBAN: 'CZ6508000000192000145399',
        BIC: 'GIBACZPX',
        VariableSymbol: '2026000123',
      },
    });
    // The same document exports the same file: the UUID is the document's.
    const again = await getXml(app, doc.id, 'isdoc', company.token);
    expect(again.xml).to.equal(xml);
  });

  it('a credit note: DocumentType 2, amounts positive, OriginalDocumentReference to the invoice', async () => {
    const original = await invoice();
    const created = await app.post(
      `/api/v1/documents/${original.id}/credit-note`,
      {
        reason: 'Sleva za pozdní dodání',
        issuedAt: '2026-03-20T09:00:00Z',
        items: [{ name: 'Sleva', quantity: 1, unitPrice: -500, vatRate: 21 }],
      },
      company.token,
    );
    expect(created.status, created.text).to.equal(201);
    const cn = created.body;
    expect(cn.total).to.equal('-605.00');
    const { xml, doc: x } = await getXml(app, cn.id, 'isdoc', company.token);
    expectValid(xml, 'isdoc');
    const inv = x.Invoice;
    expect(inv).to.deep.include({ DocumentType: '2', ID: cn.number, Note: 'Sleva za pozdní dodání' });
    expect(inv.OriginalDocumentReferences.OriginalDocumentReference).to.deep.equal({
      '@id': 'original',
      ID: original.number,
      IssueDate: '2026-03-10',
      UUID: original.id.toUpperCase(),
    });
    const [line] = inv.InvoiceLines.InvoiceLine;
    expect([line.InvoicedQuantity['#text'], line.UnitPrice, line.LineExtensionAmount]).to.deep.equal([
      '1',
      '500',
      '500.00',
    ]);
    expect(inv.TaxTotal[0].TaxAmount).to.equal('105.00');
    expect(inv.LegalMonetaryTotal).to.deep.include({ TaxInclusiveAmount: '605.00', PayableAmount: '605.00' });
  });

  it('a proforma: DocumentType 4 without a taxable supply date', async () => {
    const proforma = await invoice({ type: 'PROFORMA', taxableSupplyDate: undefined });
    const { xml, doc: x } = await getXml(app, proforma.id, 'isdoc', company.token);
    expectValid(xml, 'isdoc');
    expect(x.Invoice.DocumentType).to.equal('4');
    expect(x.Invoice.TaxPointDate).to.equal(undefined);
    expect(x.Invoice.LegalMonetaryTotal.PayableAmount).to.equal('4639.12');
  });

  it('an advance tax document: DocumentType 5, its total paid as a deposit, nothing payable', async () => {
    const proforma = await invoice({ type: 'PROFORMA', taxableSupplyDate: undefined, variableSymbol: '77001' });
    const account = await makeBankAccount(app, company.token);
    // Matched to the proforma by its variable symbol.
    await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: '4639.12', receivedAt: '2026-03-12T09:00:00Z', variableSymbol: '77001' }),
    ]);
    const [advance] = (await getDocument(app, company.token, proforma.id)).advanceDocuments;
    const { xml, doc: x } = await getXml(app, advance.id, 'isdoc', company.token);
    expectValid(xml, 'isdoc');
    expect(x.Invoice).to.deep.include({ DocumentType: '5', TaxPointDate: '2026-03-12' });
    expect(x.Invoice.LegalMonetaryTotal).to.deep.include({
      TaxInclusiveAmount: '4639.12',
      PaidDepositsAmount: '4639.12',
      PayableAmount: '0.00',
    });
  });

  it("a register's simplified tax document: DocumentType 7 with an anonymous customer, paid in cash", async () => {
    const device = await makeDevice(app, company);
    const sold = await issueOk(app, device.token, receipt());
    const { xml, doc: x } = await getXml(app, sold.id, 'isdoc', company.token);
    expectValid(xml, 'isdoc');
    expect(x.Invoice.DocumentType).to.equal('7');
    expect(x.Invoice.AnonymousCustomerParty.ID).to.equal(sold.number);
    expect(x.Invoice.AccountingCustomerParty).to.equal(undefined);
    expect(x.Invoice.PaymentMeans.Payment.PaymentMeansCode).to.equal('10');
  });

  it('an EUR invoice: ForeignCurrencyCode, CurrRate and RefCurrRate, amounts in CZK with their EUR *Curr', async () => {
    const doc = await invoice({
      currency: 'EUR',
      exchangeRate: '25.125',
      items: [{ name: 'Licence', quantity: 10, unit: 'ks', unitPrice: 100, vatRate: 21 }],
    });
    const { xml, doc: x } = await getXml(app, doc.id, 'isdoc', company.token);
    expectValid(xml, 'isdoc');
    const inv = x.Invoice;
    expect(inv).to.deep.include({
      LocalCurrencyCode: 'CZK',
      ForeignCurrencyCode: 'EUR',
      CurrRate: '25.125',
      RefCurrRate: '1',
    });
    const [line] = inv.InvoiceLines.InvoiceLine;
    expect(line).to.deep.include({
      LineExtensionAmountCurr: '1000.00',
      LineExtensionAmount: '25125.00',
      LineExtensionAmountTaxInclusiveCurr: '1210.00',
      LineExtensionAmountTaxInclusive: '30401.25',
      LineExtensionTaxAmount: '5276.25',
      UnitPrice: '2512.5',
    });
    const [sub] = inv.TaxTotal[0].TaxSubTotal;
    expect(sub).to.deep.include({
      TaxableAmountCurr: '1000.00',
      TaxableAmount: '25125.00',
      TaxAmountCurr: '210.00',
      TaxAmount: '5276.25',
    });
    expect(inv.TaxTotal[0]).to.deep.include({ TaxAmountCurr: '210.00', TaxAmount: '5276.25' });
    expect(inv.LegalMonetaryTotal).to.deep.include({
      TaxExclusiveAmount: '25125.00',
      TaxExclusiveAmountCurr: '1000.00',
      TaxInclusiveAmount: '30401.25',
      TaxInclusiveAmountCurr: '1210.00',
      PayableAmount: '30401.25',
      PayableAmountCurr: '1210.00',
    });
    // The document's own CZK amounts, as its record states them.
    expect(doc).to.deep.include({ totalCzk: '30401.25', vatTotalCzk: '5276.25' });
  });

  it('domestic reverse charge: each line with LocalReverseCharge and its § 92a code, no VAT', async () => {
    const doc = await invoice({ reverseCharge: { regime: 'DOMESTIC', code: '4' } });
    const { xml, doc: x } = await getXml(app, doc.id, 'isdoc', company.token);
    expectValid(xml, 'isdoc');
    const [line] = x.Invoice.InvoiceLines.InvoiceLine;
    expect(line.ClassifiedTaxCategory).to.deep.include({
      Percent: '21',
      LocalReverseCharge: { LocalReverseChargeCode: '4' },
    });
    expect(line.LineExtensionTaxAmount).to.equal('0.00');
    expect(x.Invoice.TaxTotal[0].TaxSubTotal[0].TaxCategory.LocalReverseChargeFlag).to.equal('true');
    expect(x.Invoice.TaxTotal[0].TaxAmount).to.equal('0.00');
  });

  it('a quote is no invoice: 409 DOCUMENT_NOT_PAYABLE (ISDOC and UBL)', async () => {
    const quote = await makeDocument(app, company.token, { type: 'QUOTE', status: 'ISSUED', contactId: contact.id });
    for (const format of ['isdoc', 'ubl']) {
      const res = await app.get(`/api/v1/documents/${quote.id}/${format}`, company.token);
      expect(res.status, res.text).to.equal(409);
      expect(res.body.code).to.equal('DOCUMENT_NOT_PAYABLE');
    }
  });

  it("another company's document: 404", async () => {
    const doc = await invoice();
    const other = await makeCompany(app);
    for (const format of ['isdoc', 'ubl']) {
      const res = await app.get(`/api/v1/documents/${doc.id}/${format}`, other.token);
      expect(res.status, res.text).to.equal(404);
    }
  });
});
