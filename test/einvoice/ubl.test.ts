import BigNumber from 'bignumber.js';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { BILLING, setBilling } from '../invoice-doc/helpers';
import { expectValid, getXml } from './einvoice.helpers';

const CUSTOMER = {
  name: 'Odběratel a.s.',
  taxId: '25596641',
  vatId: 'CZ25596641',
  street: 'Dlouhá 12',
  city: 'Brno',
  zip: '602 00',
  country: 'CZ',
};
const SLOVAK = {
  name: 'Odberateľ s.r.o.',
  taxId: '36631124',
  vatId: 'SK2020123456',
  street: 'Hlavná 5',
  city: 'Bratislava',
  zip: '811 01',
  country: 'Slovensko',
};

const sum = (values: string[]) => BigNumber.sum(0, ...values).toFixed(2);
const amount = (node: any) => node['#text'];

/**
 * The EN 16931 business rules on totals (BR-CO-10, -13, -14, -15, -16) and that every amount is in the
 * document's currency but the CZK VAT total (BR-53).
 */
function expectConsistent(root: any, lineName: 'InvoiceLine' | 'CreditNoteLine'): void {
  const total = root.LegalMonetaryTotal;
  expect(amount(total.LineExtensionAmount)).to.equal(
    sum(root[lineName].map((l: any) => amount(l.LineExtensionAmount))),
  );
  expect(amount(total.TaxExclusiveAmount)).to.equal(amount(total.LineExtensionAmount));
  const [tax] = root.TaxTotal;
  expect(amount(tax.TaxAmount)).to.equal(sum(tax.TaxSubtotal.map((s: any) => amount(s.TaxAmount))));
  expect(amount(total.TaxInclusiveAmount)).to.equal(sum([amount(total.TaxExclusiveAmount), amount(tax.TaxAmount)]));
  const prepaid = total.PrepaidAmount ? amount(total.PrepaidAmount) : '0';
  const rounding = total.PayableRoundingAmount ? amount(total.PayableRoundingAmount) : '0';
  expect(amount(total.PayableAmount)).to.equal(
    new BigNumber(amount(total.TaxInclusiveAmount)).minus(prepaid).plus(rounding).toFixed(2),
  );
  // BR-27: no negative price.
  for (const line of root[lineName]) expect(new BigNumber(amount(line.Price.PriceAmount)).isNegative()).to.equal(false);
}

/** Issue 27 point 3: GET /documents/:id/ubl, UBL 2.1 following EN 16931, valid against the shared XSDs. */
describe('e-invoices: UBL 2.1 (EN 16931) export', () => {
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

  const invoice = (overrides: Record<string, unknown> = {}) =>
    makeDocument(app, company.token, {
      type: 'INVOICE',
      status: 'ISSUED',
      contactId: contact.id,
      issuedAt: '2026-04-01T09:00:00Z',
      dueAt: '2026-04-15T09:00:00Z',
      variableSymbol: '2026000456',
      items: [
        { name: 'Konzultace', quantity: 3, unit: 'h', unitPrice: 1000, vatRate: 21 },
        { name: 'Kniha', quantity: 1, unit: 'ks', unitPrice: 450.5, vatRate: 12 },
        { name: 'Export služby', quantity: 1, unit: 'ks', unitPrice: 200, vatRate: 0 },
      ],
      ...overrides,
    });

  it('an invoice: 380, EN 16931 customization, S and Z per rate, totals consistent, payment to the IBAN with the VS', async () => {
    const doc = await invoice();
    const { xml, doc: x, disposition } = await getXml(app, doc.id, 'ubl', company.token);
    expectValid(xml, 'ublInvoice');
    expect(disposition).to.equal(`attachment; filename="${doc.number}.xml"`);
    const inv = x.Invoice;
    expect(inv).to.deep.include({
      CustomizationID: 'urn:cen.eu:en16931:2017',
      ID: doc.number,
      UUID: doc.id,
      IssueDate: '2026-04-01',
      DueDate: '2026-04-15',
      InvoiceTypeCode: '380',
      DocumentCurrencyCode: 'CZK',
      BuyerReference: '2026000456',
    });
    expect(inv.TaxCurrencyCode).to.equal(undefined);
    expect(inv.AccountingSupplierParty.Party.PartyTaxScheme).to.deep.equal({
      CompanyID: 'CZ27074358',
      TaxScheme: { ID: 'VAT' },
    });
    expect(inv.AccountingSupplierParty.Party.PartyLegalEntity).to.deep.equal({
      RegistrationName: 'Žluťoučký kůň s.r.o.',
      CompanyID: '27074358',
    });
    expect(inv.AccountingCustomerParty.Party.PostalAddress.Country.IdentificationCode).to.equal('CZ');
    expect(
      inv.TaxTotal[0].TaxSubtotal.map((s: any) => [
        s.TaxCategory.ID,
        s.TaxCategory.Percent,
        amount(s.TaxableAmount),
        amount(s.TaxAmount),
      ]),
    ).to.deep.equal([
      ['S', '21', '3000.00', '630.00'],
      ['S', '12', '450.50', '54.06'],
      ['Z', '0', '200.00', '0.00'],
    ]);
    expect(amount(inv.LegalMonetaryTotal.PayableAmount)).to.equal('4334.56');
    expect(inv.LegalMonetaryTotal.PayableAmount['@currencyID']).to.equal('CZK');
    expect(inv.PaymentMeans).to.deep.equal({
      PaymentMeansCode: '30',
      PaymentID: '2026000456',
      PayeeFinancialAccount: {
        ID: 'CZ6508000000192000145399',
        Name: '19-2000145399/0800',
        FinancialInstitutionBranch: { ID: 'GIBACZPX' },
      },
    });
    expect(
      inv.InvoiceLine.map((l: any) => [l.InvoicedQuantity['@unitCode'], l.Item.ClassifiedTaxCategory.ID]),
    ).to.deep.equal([
      ['HUR', 'S'],
      ['H87', 'S'],
      ['H87', 'Z'],
    ]);
    expectConsistent(inv, 'InvoiceLine');
    expect((await getXml(app, doc.id, 'ubl', company.token)).xml).to.equal(xml);
  });

  it('a credit note: a CreditNote (381) with positive amounts and the invoice in BillingReference', async () => {
    const original = await invoice();
    const created = await app.post(
      `/api/v1/documents/${original.id}/credit-note`,
      {
        reason: 'Vrácené zboží',
        issuedAt: '2026-04-10T09:00:00Z',
        items: [
          { name: 'Vrácená kniha', quantity: -1, unitPrice: 450.5, vatRate: 12 },
          { name: 'Sleva', quantity: 1, unitPrice: -100, vatRate: 21 },
        ],
      },
      company.token,
    );
    expect(created.status, created.text).to.equal(201);
    const cn = created.body;
    const { xml, doc: x } = await getXml(app, cn.id, 'ubl', company.token);
    expectValid(xml, 'ublCreditNote');
    const note = x.CreditNote;
    expect(note).to.deep.include({ CreditNoteTypeCode: '381', ID: cn.number, Note: 'Vrácené zboží' });
    expect(note.BillingReference.InvoiceDocumentReference).to.deep.equal({
      ID: original.number,
      IssueDate: '2026-04-01',
    });
    expect(
      note.CreditNoteLine.map((l: any) => [
        amount(l.CreditedQuantity),
        amount(l.LineExtensionAmount),
        amount(l.Price.PriceAmount),
      ]),
    ).to.deep.equal([
      ['1', '450.50', '450.5'],
      ['1', '100.00', '100'],
    ]);
    // 450.50 + 54.06 VAT and 100 + 21 VAT, stated positive.
    expect(amount(note.LegalMonetaryTotal.PayableAmount)).to.equal(new BigNumber(cn.total).negated().toFixed(2));
    expect(amount(note.LegalMonetaryTotal.PayableAmount)).to.equal('625.56');
    expectConsistent(note, 'CreditNoteLine');
  });

  it('an EUR invoice: amounts in EUR, the VAT in CZK as a second TaxTotal, SEPA transfer (58)', async () => {
    const doc = await invoice({
      currency: 'EUR',
      exchangeRate: '25.125',
      items: [{ name: 'Licence', quantity: 10, unit: 'ks', unitPrice: 100, vatRate: 21 }],
    });
    const { xml, doc: x } = await getXml(app, doc.id, 'ubl', company.token);
    expectValid(xml, 'ublInvoice');
    const inv = x.Invoice;
    expect(inv).to.deep.include({ DocumentCurrencyCode: 'EUR', TaxCurrencyCode: 'CZK' });
    expect(inv.TaxTotal.map((t: any) => [amount(t.TaxAmount), t.TaxAmount['@currencyID']])).to.deep.equal([
      ['210.00', 'EUR'],
      ['5276.25', 'CZK'],
    ]);
    expect(inv.TaxTotal[1].TaxSubtotal).to.equal(undefined);
    expect(amount(inv.LegalMonetaryTotal.PayableAmount)).to.equal('1210.00');
    expect(inv.PaymentMeans.PaymentMeansCode).to.equal('58');
    expectConsistent(inv, 'InvoiceLine');
  });

  it('reverse charge: AE at 0 % for a domestic § 92a supply, K for goods to another member state', async () => {
    const domestic = await invoice({ reverseCharge: { regime: 'DOMESTIC', code: '4' } });
    const ae = await getXml(app, domestic.id, 'ubl', company.token);
    expectValid(ae.xml, 'ublInvoice');
    const [aeSub] = ae.doc.Invoice.TaxTotal[0].TaxSubtotal;
    expect(ae.doc.Invoice.TaxTotal[0].TaxSubtotal).to.have.length(1);
    expect(aeSub.TaxCategory).to.deep.include({ ID: 'AE', Percent: '0', TaxExemptionReasonCode: 'VATEX-EU-AE' });
    expect([amount(aeSub.TaxableAmount), amount(aeSub.TaxAmount)]).to.deep.equal(['3650.50', '0.00']);
    expectConsistent(ae.doc.Invoice, 'InvoiceLine');

    const slovak = await makeContact(app, company.token, SLOVAK);
    const goods = await invoice({ contactId: slovak.id, reverseCharge: { regime: 'EU_GOODS' } });
    const k = await getXml(app, goods.id, 'ubl', company.token);
    expectValid(k.xml, 'ublInvoice');
    expect(k.doc.Invoice.TaxTotal[0].TaxSubtotal[0].TaxCategory).to.deep.include({ ID: 'K', Percent: '0' });
    expect(k.doc.Invoice.AccountingCustomerParty.Party.PostalAddress.Country.IdentificationCode).to.equal('SK');
  });

  it('a proforma is a prepayment invoice (386)', async () => {
    const doc = await invoice({ type: 'PROFORMA' });
    const { xml, doc: x } = await getXml(app, doc.id, 'ubl', company.token);
    expectValid(xml, 'ublInvoice');
    expect(x.Invoice.InvoiceTypeCode).to.equal('386');
  });
});
