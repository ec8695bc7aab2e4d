import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeDocument,
  makePaymentLine,
  type Company,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { BILLING, getBytes, pdfText, setBilling } from '../invoice-doc/helpers';

const line = (unitPrice: number, vatRate: number, name = 'Line') => ({ name, quantity: 1, unitPrice, vatRate });
const rate = (vatRate: number, base: string, vat: string, total: string) => ({
  currency: 'CZK',
  vatRate,
  base,
  vat,
  total,
});
/** The VAT report of the advances (see the worked example below): payment 1 in March, payment 2 in April. */
const MARCH = [rate(21, '5649.72', '1186.44', '6836.16'), rate(12, '2824.86', '338.98', '3163.84')];
const APRIL = [rate(21, '2824.86', '593.22', '3418.08'), rate(12, '1412.43', '169.49', '1581.92')];
const text = async (app: TestApp, id: string, token: string) => {
  const pdf = await getBytes(app, `/api/v1/documents/${id}/pdf`, token);
  expect(pdf.status).to.equal(200);
  return (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
};

/**
 * Issue 25 point 3: proformas settled by advances — daňový doklad k přijaté platbě (§ 28 odst. 4
 * ZDPH) for each payment a VAT payer receives, and the final invoice (vyúčtování) deducting them.
 *
 * The proforma of a VAT payer: 10,000 + 2,100 VAT at 21 % (12,100.00) and 5,000 + 600 VAT at 12 %
 * (5,600.00), 17,700.00 in all. Worked out by hand:
 * - payment 1, 10,000.00 on 2 March: 21 %: 10,000 × 12,100 / 17,700 = 6,836.158 → 6,836.16, VAT
 *   6,836.16 × 21 / 121 = 1,186.441 → 1,186.44, base 5,649.72; 12 %: the rest, 3,163.84, VAT
 *   3,163.84 × 12 / 112 = 338.983 → 338.98, base 2,824.86.
 * - payment 2, 5,000.00 on 15 April: 21 %: 5,000 × 12,100 / 17,700 = 3,418.079 → 3,418.08, VAT
 *   593.220 → 593.22, base 2,824.86; 12 %: 1,581.92, VAT 169.491 → 169.49, base 1,412.43.
 * - the final invoice on 20 May: 21 %: base 10,000 − 5,649.72 − 2,824.86 = 1,525.42, VAT
 *   2,100 − 1,186.44 − 593.22 = 320.34 (1,845.76); 12 %: base 5,000 − 2,824.86 − 1,412.43 = 762.71,
 *   VAT 600 − 338.98 − 169.49 = 91.53 (854.24); total 2,700.00 = 17,700 − 10,000 − 5,000.
 */
describe('documents: proformas, advance tax documents and final invoices', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  /** A company (a VAT payer unless told), its bank account, and helpers bound to them. */
  async function setUp(vatPayer = true) {
    const company: Company = await makeCompany(app);
    await setBilling(app, company.token, vatPayer ? BILLING : { ...BILLING, vatId: null, vatPayer: false });
    const account = await makeBankAccount(app, company.token);
    const proforma = (items = [line(10000, 21, 'Konzultace'), line(5000, 12, 'Knihy')]) =>
      makeDocument(app, company.token, {
        type: 'PROFORMA',
        status: 'ISSUED',
        issuedAt: '2026-03-01',
        clientName: 'Odběratel s.r.o.',
        items,
      });
    const receive = async (amount: string, receivedAt: string, variableSymbol: string | null = null) => {
      const result = await importPayments(app, company.token, account.id, [
        makePaymentLine({ amount, receivedAt, variableSymbol }),
      ]);
      return result.lines[0].payment;
    };
    const match = (paymentId: string, documentId: string) =>
      app.put(`/api/v1/payments/${paymentId}/match`, { documentId }, company.token);
    const read = (id: string) => getDocument(app, company.token, id);
    const finalInvoice = (id: string, body: Record<string, unknown> = {}) =>
      app.post(`/api/v1/documents/${id}/final-invoice`, body, company.token);
    const vat = async (month: string) => {
      const [y, m] = month.split('-').map(Number);
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const res = await app.get(`/api/v1/reports/vat?from=${month}-01&to=${month}-${last}`, company.token);
      expect(res.status, res.text).to.equal(200);
      return res.body.rates;
    };
    return { company, proforma, receive, match, read, finalInvoice, vat };
  }

  it('VAT payer: each payment issues an advance tax document on its day, VAT split by the proforma’s rates', async () => {
    const { company, proforma, receive, match, read, vat } = await setUp();
    const zf = await proforma();
    expect(zf.total).to.equal('17700.00');
    // 10:15 in Prague on 2 March.
    const first = await receive('10000.00', '2026-03-02T09:15:00Z');
    const before = await lastEventSeq(app);
    const matched = await match(first.id, zf.id);
    expect(matched.status, matched.text).to.equal(200);

    const afterFirst = await read(zf.id);
    expect(afterFirst).to.deep.include({ status: 'ISSUED', paidAmount: '10000.00', remainingAmount: '7700.00' });
    expect(afterFirst.advanceDocuments).to.have.length(1);
    const [ref1] = afterFirst.advanceDocuments;
    expect(ref1).to.deep.include({ amount: '10000.00', paymentId: first.id });
    const zd1 = await read(ref1.id);
    expect(zd1).to.deep.include({
      type: 'ADVANCE_TAX_DOCUMENT',
      status: 'PAID',
      number: ref1.number,
      clientName: 'Odběratel s.r.o.',
      proformaId: zf.id,
      proformaNumber: zf.number,
      subtotal: '8474.58',
      vatTotal: '1525.42',
      total: '10000.00',
      paidAmount: '10000.00',
      remainingAmount: '0.00',
    });
    expect(zd1.number).to.match(/^ZD/);
    // Dated the Prague day of receipt, which is its taxable supply date.
    expect(zd1.issuedAt).to.equal('2026-03-01T23:00:00.000Z');
    expect(zd1.taxableSupplyDate).to.equal('2026-03-01T23:00:00.000Z');
    expect(zd1.items.map((i: any) => [i.vatRate, i.base, i.vat, i.total])).to.deep.equal([
      [21, '5649.72', '1186.44', '6836.16'],
      [12, '2824.86', '338.98', '3163.84'],
    ]);
    const events = await orgEventEntries(app, company.organizationId, before);
    expect(events.map((e) => [e.event, e.data.id])).to.deep.equal([
      ['payment.matched', first.id],
      ['document.created', zd1.id],
      ['document.paid', zd1.id],
      ['document.updated', zf.id],
    ]);

    // The advance split the VAT by the proforma's lines: they stay, and the proforma is not cancelled.
    const edit = await app.patch(`/api/v1/documents/${zf.id}`, { items: [line(1, 21)] }, company.token);
    expect(edit.status, edit.text).to.equal(409);
    expect(edit.body.code).to.equal('DOCUMENT_LOCKED');
    const cancel = await app.post(`/api/v1/documents/${zf.id}/transition`, { status: 'CANCELLED' }, company.token);
    expect(cancel.status, cancel.text).to.equal(409);
    expect(cancel.body.code).to.equal('TRANSITION_NOT_ALLOWED');

    // A second, partial payment: a second advance tax document, split the same way.
    const second = await receive('5000.00', '2026-04-15T08:00:00Z');
    expect((await match(second.id, zf.id)).status).to.equal(200);
    const afterSecond = await read(zf.id);
    expect(afterSecond).to.deep.include({ status: 'ISSUED', paidAmount: '15000.00', remainingAmount: '2700.00' });
    expect(afterSecond.advanceDocuments.map((a: any) => a.amount)).to.deep.equal(['10000.00', '5000.00']);
    const zd2 = await read(afterSecond.advanceDocuments[1].id);
    expect(zd2.issuedAt).to.equal('2026-04-14T22:00:00.000Z');
    expect(zd2.items.map((i: any) => [i.vatRate, i.base, i.vat, i.total])).to.deep.equal([
      [21, '2824.86', '593.22', '3418.08'],
      [12, '1412.43', '169.49', '1581.92'],
    ]);
    expect(zd2.number).not.to.equal(zd1.number);

    // The proforma (issued 1 March) is never in the VAT report; each advance is, in its month.
    expect(await vat('2026-03')).to.deep.equal(MARCH);
    expect(await vat('2026-04')).to.deep.equal(APRIL);
  });

  it('the final invoice deducts each advance at its rates: VAT only on the rest, asks for total − advances', async () => {
    const { company, proforma, receive, match, read, finalInvoice, vat } = await setUp();
    const zf = await proforma();
    expect((await match((await receive('10000.00', '2026-03-02T09:15:00Z')).id, zf.id)).status).to.equal(200);
    expect((await match((await receive('5000.00', '2026-04-15T08:00:00Z')).id, zf.id)).status).to.equal(200);
    const [zd1, zd2] = (await read(zf.id)).advanceDocuments;

    const before = await lastEventSeq(app);
    const res = await finalInvoice(zf.id, { issuedAt: '2026-05-20' });
    expect(res.status, res.text).to.equal(201);
    const fv = res.body;
    expect(fv).to.deep.include({
      type: 'INVOICE',
      status: 'ISSUED',
      clientName: 'Odběratel s.r.o.',
      proformaId: zf.id,
      proformaNumber: zf.number,
      subtotal: '2288.13',
      vatTotal: '411.87',
      total: '2700.00',
      remainingAmount: '2700.00',
    });
    expect(fv.settledAdvances).to.deep.equal([
      { id: zd1.id, number: zd1.number, amount: '10000.00', paymentId: null },
      { id: zd2.id, number: zd2.number, amount: '5000.00', paymentId: null },
    ]);
    expect(fv.items.map((i: any) => [i.name, i.vatRate, i.base, i.vat, i.total])).to.deep.equal([
      ['Konzultace', 21, '10000.00', '2100.00', '12100.00'],
      ['Knihy', 12, '5000.00', '600.00', '5600.00'],
      [`Odpočet zálohy ${zd1.number}`, 21, '-5649.72', '-1186.44', '-6836.16'],
      [`Odpočet zálohy ${zd1.number}`, 12, '-2824.86', '-338.98', '-3163.84'],
      [`Odpočet zálohy ${zd2.number}`, 21, '-2824.86', '-593.22', '-3418.08'],
      [`Odpočet zálohy ${zd2.number}`, 12, '-1412.43', '-169.49', '-1581.92'],
    ]);
    // The proforma, paid in part, is archived: the final invoice asks for the rest.
    const settled = await read(zf.id);
    expect(settled).to.deep.include({ status: 'ARCHIVED', finalInvoiceId: fv.id });
    const events = await orgEventEntries(app, company.organizationId, before);
    expect(events.map((e) => [e.event, e.data.id])).to.deep.equal([
      ['document.created', fv.id],
      ['document.updated', zf.id],
      ['document.status_changed', zf.id],
      ['document.archived', zf.id],
    ]);

    // The final invoice counts in May only what the advances did not tax; March and April keep theirs.
    expect(await vat('2026-05')).to.deep.equal([
      rate(21, '1525.42', '320.34', '1845.76'),
      rate(12, '762.71', '91.53', '854.24'),
    ]);
    expect(await vat('2026-03')).to.deep.equal(MARCH);
    expect(await vat('2026-04')).to.deep.equal(APRIL);

    // The final invoice is corrected by a credit note, not cancelled.
    const cancel = await app.post(`/api/v1/documents/${fv.id}/transition`, { status: 'CANCELLED' }, company.token);
    expect(cancel.status, cancel.text).to.equal(409);
    expect(cancel.body.message).to.include(zf.number);

    // One final invoice per proforma; its payments stay.
    const again = await finalInvoice(zf.id);
    expect(again.status, again.text).to.equal(409);
    expect(again.body.code).to.equal('PROFORMA_SETTLED');
    expect(again.body.message).to.include(fv.number);
    const payment = (await app.get(`/api/v1/payments?documentId=${zf.id}`, company.token)).body.data[0];
    const unmatch = await app.del(`/api/v1/payments/${payment.id}/match`, company.token);
    expect(unmatch.status, unmatch.text).to.equal(409);
    expect(unmatch.body.code).to.equal('PROFORMA_SETTLED');
  });

  it('a payment matched on import pays the proforma; its final invoice asks for nothing and is born PAID', async () => {
    const { company, proforma, receive, read, finalInvoice } = await setUp();
    const zf = await proforma([line(1000, 21)]);
    const payment = await receive('1210.00', '2026-03-31T22:30:00Z', zf.variableSymbol);
    expect(payment).to.include({ matchStatus: 'AUTO_MATCHED', documentId: zf.id });
    const paid = await read(zf.id);
    expect(paid.status).to.equal('PAID');
    // 23:30 UTC on 31 March is 1 April in Prague: the advance is April's.
    const zd = await read(paid.advanceDocuments[0].id);
    expect(zd).to.deep.include({ taxableSupplyDate: '2026-03-31T22:00:00.000Z', vatTotal: '210.00', total: '1210.00' });

    const res = await finalInvoice(zf.id, { issuedAt: '2026-04-10' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({ status: 'PAID', subtotal: '0.00', vatTotal: '0.00', total: '0.00' });
    expect(res.body.dueAt).to.equal(res.body.issuedAt);
    expect((await read(zf.id)).status).to.equal('PAID');
    // A paid proforma with a final invoice is not reopened.
    const reopen = await app.post(`/api/v1/documents/${zf.id}/transition`, { status: 'ISSUED' }, company.token);
    expect(reopen.status, reopen.text).to.equal(409);
    expect(reopen.body.code).to.equal('TRANSITION_NOT_ALLOWED');
  });

  it('unmatching a payment before the final invoice cancels its advance tax document and takes it off the VAT report', async () => {
    const { company, proforma, receive, match, read, vat } = await setUp();
    const zf = await proforma();
    const payment = await receive('10000.00', '2026-03-02T09:15:00Z');
    await match(payment.id, zf.id);
    const [ref] = (await read(zf.id)).advanceDocuments;
    // An advance tax document follows its payment: no hand-made transitions but archiving.
    const cancel = await app.post(`/api/v1/documents/${ref.id}/transition`, { status: 'CANCELLED' }, company.token);
    expect(cancel.status, cancel.text).to.equal(409);
    expect(cancel.body.code).to.equal('TRANSITION_NOT_ALLOWED');

    const unmatched = await app.del(`/api/v1/payments/${payment.id}/match`, company.token);
    expect(unmatched.status, unmatched.text).to.equal(200);
    expect(await read(zf.id)).to.deep.include({ paidAmount: '0.00', advanceDocuments: [] });
    expect(await read(ref.id)).to.deep.include({ status: 'CANCELLED' });
    expect(await vat('2026-03')).to.deep.equal([]);
    // Nothing received: no final invoice (the proforma is converted instead).
    const none = await app.post(`/api/v1/documents/${zf.id}/final-invoice`, {}, company.token);
    expect(none.status, none.text).to.equal(409);
    expect(none.body.code).to.equal('PROFORMA_NOT_SETTLEABLE');
    const invoice = await makeDocument(app, company.token, { status: 'ISSUED', items: [line(100, 21)] });
    const notProforma = await app.post(`/api/v1/documents/${invoice.id}/final-invoice`, {}, company.token);
    expect(notProforma.status).to.equal(409);
    expect(notProforma.body.code).to.equal('PROFORMA_NOT_SETTLEABLE');
  });

  it('not a VAT payer: no advance tax document; the final invoice deducts the payment without VAT', async () => {
    const { company, proforma, receive, match, read, finalInvoice, vat } = await setUp(false);
    const zf = await proforma([line(10000, 0, 'Konzultace'), line(5000, 0, 'Knihy')]);
    const payment = await receive('6000.00', '2026-03-02T09:15:00Z');
    expect((await match(payment.id, zf.id)).status).to.equal(200);
    expect(await read(zf.id)).to.deep.include({ paidAmount: '6000.00', advanceDocuments: [] });
    const listed = await app.get('/api/v1/documents?type=ADVANCE_TAX_DOCUMENT', company.token);
    expect(listed.body.data).to.deep.equal([]);

    const res = await finalInvoice(zf.id, { issuedAt: '2026-05-20' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({ status: 'ISSUED', subtotal: '9000.00', vatTotal: '0.00', total: '9000.00' });
    expect(res.body.items.slice(2).map((i: any) => [i.name, i.vatRate, i.base, i.vat, i.total])).to.deep.equal([
      [`Uhrazeno zálohou ${zf.number}`, 0, '-6000.00', '0.00', '-6000.00'],
    ]);
    expect(res.body.settledAdvances).to.deep.equal([
      { id: zf.id, number: zf.number, amount: '6000.00', paymentId: null },
    ]);
    expect(await vat('2026-03')).to.deep.equal([]);
    const printed = await text(app, res.body.id, company.token);
    expect(printed).to.include(`Uhrazeno zálohou ${zf.number}`);
    expect(printed).not.to.include('daňový doklad');
  });

  it('prints the advance tax document, the proforma and the final invoice as the law requires', async () => {
    const { company, proforma, receive, match, read, finalInvoice } = await setUp();
    const zf = await proforma();
    await match((await receive('10000.00', '2026-03-02T09:15:00Z')).id, zf.id);
    const [ref] = (await read(zf.id)).advanceDocuments;

    const zfText = await text(app, zf.id, company.token);
    expect(zfText).to.include('Zálohová faktura');
    expect(zfText).to.include('Nejedná se o daňový doklad.');

    const zdText = await text(app, ref.id, company.token);
    expect(zdText).to.include('Daňový doklad k přijaté platbě');
    expect(zdText).to.include('Datum zdanitelného plnění: 2. 3. 2026');
    expect(zdText).to.include(`Zálohová faktura č.: ${zf.number}`);
    expect(zdText).to.match(/21 % 5 649,72 1 186,44 6 836,16/);
    expect(zdText).to.match(/12 % 2 824,86 338,98 3 163,84/);
    expect(zdText).not.to.include('Nejedná se o daňový doklad');

    const fv = (await finalInvoice(zf.id, { issuedAt: '2026-05-20' })).body;
    const fvText = await text(app, fv.id, company.token);
    expect(fvText).to.include('Faktura – daňový doklad');
    expect(fvText).to.include(`Zúčtované zálohy: ${ref.number} (10 000,00 CZK)`);
    expect(fvText).to.include(`Odpočet zálohy ${ref.number}`);
    // 21 %: 10,000 − 5,649.72 = 4,350.28 base, 2,100 − 1,186.44 = 913.56 VAT.
    expect(fvText).to.match(/21 % 4 350,28 913,56 5 263,84/);
    expect(fvText).to.include('Zbývá uhradit 7 700,00 CZK');

    const page = (url: string) =>
      app.request('GET', `/public/documents/${url.split('/').pop()}`, { headers: { accept: 'text/html' } });
    expect((await page(fv.publicUrl)).text).to.include(
      `<dd data-field="settled-advances">${ref.number} (10 000,00 CZK)</dd>`,
    );
    expect((await page(zf.publicUrl)).text).to.include('<p data-field="notice">Nejedná se o daňový doklad.</p>');
    expect((await page((await read(ref.id)).publicUrl)).text).to.include(
      `<h1 data-field="title">Daňový doklad k přijaté platbě</h1>`,
    );
  });

  it('parallel matches of two payments to one proforma issue two correct advance tax documents', async () => {
    const { proforma, receive, match, read } = await setUp();
    const zf = await proforma();
    const first = await receive('10000.00', '2026-03-02T09:15:00Z');
    const second = await receive('5000.00', '2026-03-02T09:16:00Z');
    const answers = await Promise.all([match(first.id, zf.id), match(second.id, zf.id)]);
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200]);
    const record = await read(zf.id);
    expect(record.paidAmount).to.equal('15000.00');
    const byAmount = new Map<string, any>(record.advanceDocuments.map((a: any) => [a.amount, a]));
    expect([...byAmount.keys()].sort()).to.deep.equal(['10000.00', '5000.00']);
    const big = await read(byAmount.get('10000.00').id);
    const small = await read(byAmount.get('5000.00').id);
    expect(big.items.map((i: any) => i.total)).to.deep.equal(['6836.16', '3163.84']);
    expect(small.items.map((i: any) => i.total)).to.deep.equal(['3418.08', '1581.92']);
    expect(big.number).not.to.equal(small.number);
  });

  it('parallel final invoices of one proforma queue on its row: one is made, the other is 409', async () => {
    const { proforma, receive, match, read, finalInvoice } = await setUp();
    const zf = await proforma([line(1000, 21)]);
    await match((await receive('500.00', '2026-03-02T09:15:00Z')).id, zf.id);
    const answers = await Promise.all([finalInvoice(zf.id), finalInvoice(zf.id), finalInvoice(zf.id)]);
    expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 409, 409]);
    const made = answers.find((a) => a.status === 201)!.body;
    expect((await read(zf.id)).finalInvoiceId).to.equal(made.id);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).to.deep.equal([
      'PROFORMA_SETTLED',
      'PROFORMA_SETTLED',
    ]);
  });

  it('a foreign-currency advance takes the proforma’s rate when ČNB has none; the final invoice takes one given', async () => {
    const { company, read, finalInvoice, vat } = await setUp();
    // Nothing serves ČNB's file here (test/helpers/app.ts): only explicit rates exist.
    const zf = await makeDocument(app, company.token, {
      type: 'PROFORMA',
      status: 'ISSUED',
      issuedAt: '2026-03-01',
      currency: 'EUR',
      exchangeRate: '25',
      items: [line(100, 21)],
    });
    const euros = await makeBankAccount(app, company.token, { currency: 'EUR', accountNumber: '2000145400/2010' });
    const result = await importPayments(app, company.token, euros.id, [
      makePaymentLine({ amount: '121.00', currency: 'EUR', variableSymbol: zf.variableSymbol }),
    ]);
    expect(result.summary.matched).to.equal(1);
    const zd = await read((await read(zf.id)).advanceDocuments[0].id);
    // 121 EUR: 100 + 21 VAT, at 25 CZK: 2,500.00 + 525.00.
    expect(zd).to.deep.include({ currency: 'EUR', exchangeRate: '25', vatTotal: '21.00', vatTotalCzk: '525.00' });
    expect(await vat('2026-03')).to.deep.equal([rate(21, '2500.00', '525.00', '3025.00')]);
    const fv = await finalInvoice(zf.id, { issuedAt: '2026-04-02', exchangeRate: '24.5' });
    expect(fv.status, fv.text).to.equal(201);
    expect(fv.body).to.deep.include({ currency: 'EUR', exchangeRate: '24.5', total: '0.00' });
  });

  it('GraphQL: createFinalInvoice and the proforma’s advances, as REST', async () => {
    const { company, proforma, receive, match } = await setUp();
    const zf = await proforma([line(1000, 21)]);
    await match((await receive('605.00', '2026-03-02T09:15:00Z')).id, zf.id);
    const read = await app.graphql(
      `query ($id: ID!) { document(id: $id) { advanceDocuments { number amount paymentId } finalInvoiceId } }`,
      { id: zf.id },
      company.token,
    );
    expect(read.body.errors, JSON.stringify(read.body.errors)).to.equal(undefined);
    expect(read.body.data.document.advanceDocuments[0].amount).to.equal('605.00');
    const created = await app.graphql(
      `mutation ($id: ID!) { createFinalInvoice(id: $id, input: { issuedAt: "2026-04-01" }) {
        type total vatTotal proformaNumber settledAdvances { number amount } } }`,
      { id: zf.id },
      company.token,
    );
    expect(created.body.errors, JSON.stringify(created.body.errors)).to.equal(undefined);
    // 1,210.00 − 605.00 (500.00 + 105.00 VAT) = 605.00, VAT 210.00 − 105.00.
    expect(created.body.data.createFinalInvoice).to.deep.include({
      type: 'INVOICE',
      total: '605.00',
      vatTotal: '105.00',
      proformaNumber: zf.number,
    });
    const again = await app.graphql(
      `mutation ($id: ID!) { createFinalInvoice(id: $id) { id } }`,
      { id: zf.id },
      company.token,
    );
    expect(again.body.errors[0].extensions.code).to.equal('PROFORMA_SETTLED');
  });
});
