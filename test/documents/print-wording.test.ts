import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { getBytes, pdfText, setBilling } from '../invoice-doc/helpers';

const ITEMS = [{ name: 'Práce', quantity: 1, unitPrice: 1000, vatRate: 21 }];

/**
 * Issue 25 point 9: what each type's PDF says, as Czech law asks of it (§ 29 ZDPH for tax documents,
 * § 45 for corrections) and as a document that is none must not pretend to be one. The advance tax
 * document's wording is tested with the payment that issues it (advances.test.ts).
 */
describe('documents: the legally required wording of each type', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    await setBilling(app, company.token);
  });
  after(() => app.stop());

  async function printed(id: string): Promise<string> {
    const pdf = await getBytes(app, `/api/v1/documents/${id}/pdf`, company.token);
    expect(pdf.status).to.equal(200);
    return (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
  }
  const issued = (type: string) => makeDocument(app, company.token, { type, status: 'ISSUED', items: ITEMS });
  const PAYMENT = ['Platební údaje', 'Variabilní symbol', 'Datum splatnosti'];

  it('an invoice of a VAT payer is a tax document: its title, DUZP, both parties’ ids, VAT and how to pay', async () => {
    const text = await printed((await issued('INVOICE')).id);
    for (const words of [
      'Faktura – daňový doklad',
      'Datum vystavení',
      'Datum zdanitelného plnění',
      'IČO: 27074358',
      'DIČ: CZ27074358',
      'Rekapitulace DPH',
      ...PAYMENT,
    ])
      expect(text, words).to.include(words);
  });

  it('a proforma says it is no tax document and has no taxable supply date', async () => {
    const text = await printed((await issued('PROFORMA')).id);
    expect(text).to.include('Zálohová faktura').and.include('Nejedná se o daňový doklad.');
    expect(text).not.to.include('– daňový doklad').and.not.include('Datum zdanitelného plnění');
    for (const words of PAYMENT) expect(text, words).to.include(words);
  });

  it('a quote, an order and a delivery note are no tax documents; the order and the note ask for no money', async () => {
    const quote = await printed((await issued('QUOTE')).id);
    expect(quote).to.include('Nabídka').and.not.include('Datum zdanitelného plnění');
    for (const [type, title] of [
      ['ORDER', 'Objednávka'],
      ['DELIVERY_NOTE', 'Dodací list'],
    ]) {
      const text = await printed((await issued(type)).id);
      expect(text, type).to.include(title).and.not.include('Datum zdanitelného plnění');
      for (const words of PAYMENT) expect(text, `${type}: ${words}`).not.to.include(words);
    }
  });

  it('a credit note is a corrective tax document naming the corrected document and the reason', async () => {
    const invoice = await issued('INVOICE');
    const res = await app.post(
      `/api/v1/documents/${invoice.id}/credit-note`,
      {
        reason: 'Vrácení zboží',
        issuedAt: '2026-06-10',
        items: [{ name: 'Vrácení', quantity: 1, unitPrice: -1000, vatRate: 21 }],
      },
      company.token,
    );
    expect(res.status, res.text).to.equal(201);
    const text = await printed(res.body.id);
    for (const words of [
      'Opravný daňový doklad',
      `Opravovaný daňový doklad č.: ${invoice.number}`,
      'Důvod opravy: Vrácení zboží',
      'Datum zdanitelného plnění',
      'Rozdíl základu daně a daně (oprava)',
    ])
      expect(text, words).to.include(words);
  });

  it('an issued document keeps its customer as at issue; a draft shows the contact as it is now', async () => {
    const contact = await makeContact(app, company.token, {
      name: 'Odběratel a.s.',
      street: 'Stará 1',
      city: 'Brno',
      zip: '602 00',
      taxId: '25596641',
      vatId: 'CZ25596641',
    });
    const draft = await makeDocument(app, company.token, { contactId: contact.id, items: ITEMS });
    const invoice = await makeDocument(app, company.token, { contactId: contact.id, status: 'ISSUED', items: ITEMS });
    const later = await makeDocument(app, company.token, { contactId: contact.id, items: ITEMS });
    const moved = await app.patch(
      `/api/v1/contacts/${contact.id}`,
      { street: 'Nová 2', vatId: 'CZ699001234', name: contact.name },
      company.token,
    );
    expect(moved.status, moved.text).to.equal(200);
    // Issued after the move: the draft takes the contact as it is at that moment.
    const issuedLater = await app.post(`/api/v1/documents/${later.id}/transition`, { status: 'ISSUED' }, company.token);
    expect(issuedLater.status, issuedLater.text).to.equal(200);
    await app.patch(`/api/v1/contacts/${contact.id}`, { street: 'Třetí 3', name: contact.name }, company.token);

    const kept = await printed(invoice.id);
    expect(kept).to.include('Stará 1').and.include('DIČ: CZ25596641').and.not.include('Nová 2');
    const atIssue = await printed(later.id);
    expect(atIssue).to.include('Nová 2').and.include('DIČ: CZ699001234').and.not.include('Třetí 3');
    // A draft is no tax document yet: it shows the contact as it is.
    expect(await printed(draft.id)).to.include('Třetí 3');
  });
});
