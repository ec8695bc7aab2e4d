import BigNumber from 'bignumber.js';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeDocument, type Company } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { getBytes, pdfText, setBilling } from '../invoice-doc/helpers';

const line = (unitPrice: number, vatRate: number, name = 'Line') => ({ name, quantity: 1, unitPrice, vatRate });

/** Issue 25 point 4: corrective tax documents (opravný daňový doklad, § 45 ZDPH) of issued invoices. */
describe('documents: credit notes of invoices', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    await setBilling(app, company.token);
  });
  after(() => app.stop());

  const creditNote = (invoiceId: string, body: Record<string, unknown>, token = company.token) =>
    app.post(`/api/v1/documents/${invoiceId}/credit-note`, body, token);
  // 10,000 + 2,100 at 21 %, 1,000 + 120 at 12 %: 13,220.00.
  const invoice = (extra: Record<string, unknown> = {}, token = company.token) =>
    makeDocument(app, token, {
      status: 'ISSUED',
      issuedAt: '2026-05-10',
      clientName: 'Odběratel s.r.o.',
      items: [line(10000, 21, 'Consulting'), line(1000, 12, 'Books')],
      ...extra,
    });
  const discount = { reason: 'Sleva za vadné plnění', issuedAt: '2026-06-03', items: [line(-2000, 21, 'Sleva')] };

  it('creates a CREDIT_NOTE linked to the invoice, in its own series; the invoice lists it and owes less', async () => {
    const original = await invoice();
    const after = await lastEventSeq(app);
    const res = await creditNote(original.id, discount);
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({
      type: 'CREDIT_NOTE',
      status: 'ISSUED',
      clientName: 'Odběratel s.r.o.',
      currency: 'CZK',
      subtotal: '-2000.00',
      vatTotal: '-420.00',
      total: '-2420.00',
      correctedDocumentId: original.id,
      correctedDocumentNumber: original.number,
      creditNoteReason: 'Sleva za vadné plnění',
      remainingAmount: '0.00',
    });
    expect(res.body.number).to.match(/^DB/).and.not.equal(original.number);
    // DUZP of the correction defaults to its issue date.
    expect(res.body.taxableSupplyDate).to.equal(res.body.issuedAt);

    const events = await orgEventEntries(app, company.organizationId, after);
    expect(events.map((e) => [e.event, e.data.id])).to.deep.equal([
      ['document.created', res.body.id],
      ['document.updated', original.id],
    ]);

    const record = (await app.get(`/api/v1/documents/${original.id}`, company.token)).body;
    expect(record).to.deep.include({ total: '13220.00', creditedAmount: '-2420.00', remainingAmount: '10800.00' });
    expect(record.creditNotes).to.deep.equal([{ id: res.body.id, number: res.body.number }]);
    // The credit note keeps its content: a further correction is another credit note.
    const edit = await app.patch(`/api/v1/documents/${res.body.id}`, { items: [line(-1, 21)] }, company.token);
    expect(edit.status, edit.text).to.equal(409);
    expect(edit.body.code).to.equal('DOCUMENT_LOCKED');
    // Neither the credit note nor the invoice it corrects is cancelled: they are counted together.
    for (const id of [res.body.id, original.id]) {
      const cancel = await app.post(`/api/v1/documents/${id}/transition`, { status: 'CANCELLED' }, company.token);
      expect(cancel.status, cancel.text).to.equal(409);
      expect(cancel.body.code).to.equal('TRANSITION_NOT_ALLOWED');
    }
    // The manual payment fills what is due after the credit note, not the original total.
    const paid = await app.post(`/api/v1/documents/${original.id}/transition`, { status: 'PAID' }, company.token);
    expect(paid.body).to.deep.include({ status: 'PAID', paidAmount: '10800.00', remainingAmount: '0.00' });
    // A second credit note on the PAID invoice lowers it further; the overpayment is the refund.
    const second = await creditNote(original.id, { ...discount, items: [line(-100, 12)] });
    expect(second.status, second.text).to.equal(201);
    const again = (await app.get(`/api/v1/documents/${original.id}`, company.token)).body;
    expect(again).to.deep.include({ status: 'PAID', creditedAmount: '-2532.00', remainingAmount: '0.00' });
    expect(again.creditNotes.map((n: any) => n.number)).to.deep.equal([res.body.number, second.body.number]);
  });

  it('a credit note raising the price reopens a PAID invoice; a fully credited invoice owes nothing', async () => {
    const raised = await invoice({ items: [line(1000, 21)] });
    await app.post(`/api/v1/documents/${raised.id}/transition`, { status: 'PAID' }, company.token);
    const up = await creditNote(raised.id, { ...discount, reason: 'Dodatečné práce', items: [line(100, 21)] });
    expect(up.status, up.text).to.equal(201);
    expect(up.body.total).to.equal('121.00');
    // The manual payment was computed, not a bank payment: it goes, and the invoice owes the new amount.
    const reopened = (await app.get(`/api/v1/documents/${raised.id}`, company.token)).body;
    expect(reopened).to.deep.include({
      status: 'ISSUED',
      creditedAmount: '121.00',
      paidAmount: '0.00',
      remainingAmount: '1331.00',
    });

    const credited = await invoice({ items: [line(1000, 21)] });
    const down = await creditNote(credited.id, { ...discount, items: [line(-1000, 21)] });
    expect(down.status, down.text).to.equal(201);
    const record = (await app.get(`/api/v1/documents/${credited.id}`, company.token)).body;
    expect(record).to.deep.include({ status: 'ISSUED', creditedAmount: '-1210.00', remainingAmount: '0.00' });
  });

  it('bank payments and credit notes settle together: reaching what is due pays the invoice, in either order', async () => {
    // What the payments module calls when a bank payment is matched (test/documents/payment-change.test.ts).
    const pay = (documentId: string, delta: string) => {
      const c = app.app.container;
      return c.orm.em
        .fork()
        .transactional((em) =>
          c.services.documents.documents.applyPaymentChange(
            em,
            company.organizationId,
            documentId,
            new BigNumber(delta),
          ),
        );
    };
    const read = async (id: string) => (await app.get(`/api/v1/documents/${id}`, company.token)).body;
    // −173.55 + −36.45 VAT at 21 % = −210.00: 1,210.00 becomes 1,000.00.
    const minus210 = { ...discount, items: [line(-173.55, 21)] };

    const paidFirst = await invoice({ items: [line(1000, 21)] });
    await pay(paidFirst.id, '1000.00');
    expect(await read(paidFirst.id)).to.deep.include({ status: 'ISSUED', remainingAmount: '210.00' });
    expect((await creditNote(paidFirst.id, minus210)).body.total).to.equal('-210.00');
    expect(await read(paidFirst.id)).to.deep.include({
      status: 'PAID',
      paidAmount: '1000.00',
      remainingAmount: '0.00',
    });

    const creditedFirst = await invoice({ items: [line(1000, 21)] });
    await creditNote(creditedFirst.id, minus210);
    await pay(creditedFirst.id, '1000.00');
    expect(await read(creditedFirst.id)).to.deep.include({ status: 'PAID', remainingAmount: '0.00' });
  });

  it('refuses a document that is not an issued invoice (409), a rate the invoice lacks (400 naming it), too much (400)', async () => {
    const proforma = await invoice({ type: 'PROFORMA' });
    const notInvoice = await creditNote(proforma.id, discount);
    expect(notInvoice.status, notInvoice.text).to.equal(409);
    expect(notInvoice.body.code).to.equal('DOCUMENT_NOT_CORRECTABLE');
    expect(notInvoice.body.message).to.include('PROFORMA');

    const draft = await invoice({ status: 'DRAFT' });
    const drafted = await creditNote(draft.id, discount);
    expect(drafted.status, drafted.text).to.equal(409);
    expect(drafted.body.message).to.include('DRAFT');

    const original = await invoice();
    const before = await lastEventSeq(app);
    const wrongRate = await creditNote(original.id, { ...discount, items: [line(-100, 21), line(-100, 15)] });
    expect(wrongRate.status, wrongRate.text).to.equal(400);
    expect(wrongRate.body.message).to.include('15 %').and.include(original.number);
    expect(wrongRate.body.details).to.deep.equal([{ path: 'items[1].vatRate', message: '15 % is not among 21, 12' }]);

    const tooMuch = await creditNote(original.id, { ...discount, items: [line(-20000, 21)] });
    expect(tooMuch.status, tooMuch.text).to.equal(400);
    expect(tooMuch.body.details[0].path).to.equal('items');

    const noReason = await creditNote(original.id, { ...discount, reason: '' });
    expect(noReason.status).to.equal(400);
    expect(noReason.body.details.map((d: any) => d.path)).to.include('reason');
    // Nothing was written, and the invoice is untouched.
    expect(await orgEventEntries(app, company.organizationId, before)).to.deep.equal([]);
    const record = (await app.get(`/api/v1/documents/${original.id}`, company.token)).body;
    expect(record).to.deep.include({ creditedAmount: '0.00', remainingAmount: '13220.00', creditNotes: [] });
  });

  it('parallel credit notes of one invoice queue on its row: none credits more than it asks for', async () => {
    const original = await invoice({ items: [line(1000, 21)] });
    // 15 credit notes of 121.00 race for 1,210.00: exactly 10 fit.
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => creditNote(original.id, { ...discount, items: [line(-100, 21)] })),
    );
    expect(answers.map((a) => a.status).sort()).to.deep.equal([...Array(10).fill(201), ...Array(5).fill(400)]);
    const record = (await app.get(`/api/v1/documents/${original.id}`, company.token)).body;
    expect(record).to.deep.include({ creditedAmount: '-1210.00', remainingAmount: '0.00' });
    const created = answers.filter((a) => a.status === 201).map((a) => a.body);
    expect(record.creditNotes.map((n: any) => n.id).sort()).to.deep.equal(created.map((c) => c.id).sort());
    // Each got its own consecutive number of the series.
    expect(new Set(created.map((c) => c.number)).size).to.equal(10);
  });

  it('prints what § 45 ZDPH requires: the title, the corrected number, the reason, the differences', async () => {
    const original = await invoice();
    const res = await creditNote(original.id, { ...discount, taxableSupplyDate: '2026-06-02' });
    const pdf = await getBytes(app, `/api/v1/documents/${res.body.id}/pdf`, company.token);
    expect(pdf.status).to.equal(200);
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    expect(text).to.include('Opravný daňový doklad');
    expect(text).not.to.include('Opravný daňový doklad – daňový doklad');
    expect(text).to.include(`Opravovaný daňový doklad č.: ${original.number}`);
    expect(text).to.include('Důvod opravy: Sleva za vadné plnění');
    expect(text).to.include('Rozdíl základu daně a daně (oprava)');
    expect(text).to.include('Datum zdanitelného plnění: 2. 6. 2026');
    // The differences per rate: base −2,000.00 and VAT −420.00 at 21 %.
    expect(text).to.match(/21 % -2 000,00 -420,00 -2 420,00/);
    // The invoice's own PDF asks for what is left.
    const invoicePdf = (
      await pdfText((await getBytes(app, `/api/v1/documents/${original.id}/pdf`, company.token)).bytes)
    ).replace(/\s+/g, ' ');
    expect(invoicePdf).to.include('Celkem 13 220,00 CZK Opravné daňové doklady -2 420,00 CZK');
    expect(invoicePdf).to.include('Zbývá uhradit 10 800,00 CZK');
  });

  it('GraphQL: createCreditNote and the invoice’s creditNotes, as REST', async () => {
    const original = await invoice();
    const created = await app.graphql(
      `mutation ($id: ID!, $input: CreditNoteInput!) {
        createCreditNote(id: $id, input: $input) {
          id type number total correctedDocumentId correctedDocumentNumber creditNoteReason
        }
      }`,
      {
        id: original.id,
        input: { ...discount, items: [{ name: 'Sleva', quantity: '1', unitPrice: '-2000', vatRate: '21' }] },
      },
      company.token,
    );
    expect(created.body.errors, JSON.stringify(created.body.errors)).to.equal(undefined);
    const note = created.body.data.createCreditNote;
    expect(note).to.deep.include({
      type: 'CREDIT_NOTE',
      total: '-2420.00',
      correctedDocumentId: original.id,
      correctedDocumentNumber: original.number,
      creditNoteReason: 'Sleva za vadné plnění',
    });
    const read = await app.graphql(
      `query ($id: ID!) { document(id: $id) { creditedAmount remainingAmount creditNotes { id number } } }`,
      { id: original.id },
      company.token,
    );
    expect(read.body.data.document).to.deep.equal({
      creditedAmount: '-2420.00',
      remainingAmount: '10800.00',
      creditNotes: [{ id: note.id, number: note.number }],
    });
    const wrongRate = await app.graphql(
      `mutation ($id: ID!, $input: CreditNoteInput!) { createCreditNote(id: $id, input: $input) { id } }`,
      {
        id: original.id,
        input: { ...discount, items: [{ name: 'x', quantity: '1', unitPrice: '-1', vatRate: '15' }] },
      },
      company.token,
    );
    expect(wrongRate.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(wrongRate.body.errors[0].message).to.include('15 %');
  });

  it('the VAT report counts a credit note in the month of its taxable supply date, and that month only', async () => {
    const other = await makeCompany(app);
    const original = await invoice({ items: [line(10000, 21)] }, other.token);
    const vat = async (from: string, to: string) => {
      const res = await app.get(`/api/v1/reports/vat?from=${from}&to=${to}`, other.token);
      expect(res.status, res.text).to.equal(200);
      return res.body.rates;
    };
    const may = [{ currency: 'CZK', vatRate: 21, base: '10000.00', vat: '2100.00', total: '12100.00' }];
    expect(await vat('2026-05-01', '2026-05-31')).to.deep.equal(may);
    // Issued on 1 July, its DUZP the last day of June (Prague): June's report, not July's nor May's.
    const res = await creditNote(
      original.id,
      { ...discount, issuedAt: '2026-07-01', taxableSupplyDate: '2026-06-30' },
      other.token,
    );
    expect(res.status, res.text).to.equal(201);
    expect(await vat('2026-05-01', '2026-05-31')).to.deep.equal(may);
    expect(await vat('2026-06-01', '2026-06-30')).to.deep.equal([
      { currency: 'CZK', vatRate: 21, base: '-2000.00', vat: '-420.00', total: '-2420.00' },
    ]);
    expect(await vat('2026-07-01', '2026-07-31')).to.deep.equal([]);
  });
});
