import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAutomation, settle } from '../helpers/automations';
import { setClock } from '../helpers/controls';
import { makeApiKey, makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { ACCOUNT_NUMBER, getBytes, IBAN, pdfText, setBilling } from '../invoice-doc/helpers';

const CUSTOMER_IP = '203.0.113.7';
const FORM = 'application/x-www-form-urlencoded';

/** Issue 25 point 2: quotes the customer answers on the public page; orders and delivery notes print without payment. */
describe('documents: quotes the customer answers', () => {
  let app: TestApp;
  let company: Company;
  /** An API key: the Clock moves past the owner's session lifetime. */
  let token: string;
  before(async () => {
    // One reverse proxy in front: the customer's address is the last X-Forwarded-For entry.
    app = await startTestApp({ TRUST_PROXY: '1' });
    company = await makeCompany(app);
    await setBilling(app, company.token);
    token = (await makeApiKey(app, company)).key;
  });
  after(() => app.stop());

  const quote = (extra: Record<string, unknown> = {}) =>
    makeDocument(app, token, { type: 'QUOTE', status: 'ISSUED', clientName: 'Odběratel s.r.o.', ...extra });
  const pathOf = (doc: { publicUrl: string }) => new URL(doc.publicUrl).pathname;
  const page = (doc: { publicUrl: string }) => app.request('GET', pathOf(doc), { headers: { accept: 'text/html' } });
  const answer = (doc: { publicUrl: string }, body: Record<string, unknown>) =>
    app.request('POST', `${pathOf(doc)}/answer`, { body, headers: { 'x-forwarded-for': CUSTOMER_IP } });
  const formAnswer = (doc: { publicUrl: string }, fields: Record<string, string>) =>
    app.request('POST', `${pathOf(doc)}/answer`, {
      raw: new URLSearchParams(fields).toString(),
      headers: { 'content-type': FORM, 'x-forwarded-for': `198.51.100.1, ${CUSTOMER_IP}` },
    });
  const record = async (id: string) => (await app.get(`/api/v1/documents/${id}`, token)).body;

  it('keeps a validity on a quote only (create and patch)', async () => {
    const q = await quote({ validUntil: '2026-06-30' });
    expect(q.validUntil).to.equal('2026-06-29T22:00:00.000Z');
    const patched = await app.patch(`/api/v1/documents/${q.id}`, { validUntil: '2026-07-15' }, token);
    expect(patched.body.validUntil).to.equal('2026-07-14T22:00:00.000Z');
    const onInvoice = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', validUntil: '2026-06-30', items: [{ name: 'x', quantity: 1, unitPrice: 1, vatRate: 21 }] },
      token,
    );
    expect(onInvoice.status).to.equal(400);
    expect(onInvoice.body.details[0].path).to.equal('validUntil');
    const pdf = await pdfText((await getBytes(app, `/api/v1/documents/${q.id}/pdf`, token)).bytes);
    expect(pdf).to.include('Platnost nabídky do').and.include('15. 7. 2026');
  });

  it('accepts through the page’s form: time from the Clock, the client’s IP, the note; status event; once', async () => {
    await makeAutomation(app, token, {
      triggerEvent: 'document.status_changed',
      actions: [{ type: 'ADD_TAG', params: { tag: 'answered' } }],
    });
    const q = await quote({ validUntil: '2026-06-30' });
    const shown = await page(q);
    expect(shown.status).to.equal(200);
    expect(shown.text)
      .to.include('data-field="quote-answer"')
      .and.include('value="ACCEPT"')
      .and.include('value="DECLINE"');
    expect(shown.text)
      .to.include(`action="${pathOf(q)}/answer"`)
      .and.include('30. 6. 2026');
    expect(shown.headers.get('content-security-policy')).to.include("form-action 'self'");

    await setClock(app, '2026-06-20T09:15:00.000Z');
    const after = await lastEventSeq(app);
    const res = await formAnswer(q, { answer: 'ACCEPT', note: '  Souhlasíme, dodejte v červenci.  ' });
    expect(res.status, res.text).to.equal(303);
    expect(res.headers.get('location')).to.equal(pathOf(q));

    const accepted = await record(q.id);
    expect(accepted).to.deep.include({
      status: 'ACCEPTED',
      answeredIp: CUSTOMER_IP,
      answerNote: 'Souhlasíme, dodejte v červenci.',
    });
    expect(Date.parse(accepted.answeredAt) - Date.parse('2026-06-20T09:15:00.000Z')).to.be.within(0, 60_000);
    const events = await orgEventEntries(app, company.organizationId, after);
    expect(events.map((e) => [e.event, e.data.status, e.data.previousStatus])).to.deep.equal([
      ['document.status_changed', 'ACCEPTED', 'ISSUED'],
    ]);
    const history = (await app.get(`/api/v1/documents/${q.id}/history`, token)).body.data;
    expect(history.at(-1)).to.deep.include({ fromStatus: 'ISSUED', toStatus: 'ACCEPTED', userId: null });

    // Automations react to the new status.
    await settle(app);
    expect((await record(q.id)).tags).to.include('answered');

    // Once: a second answer (either way) is refused and changes nothing.
    for (const again of ['ACCEPT', 'DECLINE']) {
      const second = await answer(q, { answer: again });
      expect(second.status, second.text).to.equal(409);
      expect(second.body.code).to.equal('QUOTE_NOT_ANSWERABLE');
    }
    expect((await record(q.id)).status).to.equal('ACCEPTED');
    const later = await page(q);
    expect(later.text).to.include('Nabídka přijata').and.not.include('data-field="quote-answer"');
    expect(later.headers.get('content-security-policy')).to.include("form-action 'none'");

    // An accepted quote converts to an order.
    const order = await app.post(`/api/v1/documents/${q.id}/convert`, { type: 'ORDER' }, token);
    expect(order.status, order.text).to.equal(201);
  });

  it('declines by JSON with a bounded note; a declined quote is not converted', async () => {
    const q = await quote();
    const tooLong = await answer(q, { answer: 'DECLINE', note: 'x'.repeat(1001) });
    expect(tooLong.status).to.equal(400);
    const bad = await answer(q, { answer: 'MAYBE' });
    expect(bad.status).to.equal(400);
    const res = await answer(q, { answer: 'DECLINE', note: 'Příliš drahé' });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ status: 'DECLINED', number: q.number });
    expect(res.body.answeredAt).to.be.a('string');
    expect(await record(q.id)).to.deep.include({
      status: 'DECLINED',
      answerNote: 'Příliš drahé',
      answeredIp: CUSTOMER_IP,
    });
    const convert = await app.post(`/api/v1/documents/${q.id}/convert`, { type: 'ORDER' }, token);
    expect(convert.body.code).to.equal('DOCUMENT_NOT_CONVERTIBLE');
  });

  it('is not accepted after its validity (through the Clock), on the page too; it can still be declined', async () => {
    await setClock(app, '2026-06-25T08:00:00.000Z');
    const lastDay = await quote({ validUntil: '2026-06-30' });
    const expired = await quote({ validUntil: '2026-06-30' });
    // 23:30 in Prague on the last day: still valid.
    await setClock(app, '2026-06-30T21:30:00.000Z');
    expect((await answer(lastDay, { answer: 'ACCEPT' })).status).to.equal(200);
    // 00:30 in Prague the next day: expired.
    await setClock(app, '2026-06-30T22:30:00.000Z');
    const late = await answer(expired, { answer: 'ACCEPT' });
    expect(late.status, late.text).to.equal(409);
    expect(late.body.code).to.equal('QUOTE_EXPIRED');
    expect(late.body.message).to.include('2026-06-30');
    // By hand neither.
    const manual = await app.post(`/api/v1/documents/${expired.id}/transition`, { status: 'ACCEPTED' }, token);
    expect(manual.body.code).to.equal('QUOTE_EXPIRED');
    const shown = await page(expired);
    expect(shown.text).to.include('data-field="quote-expired"').and.include('Platnost nabídky vypršela');
    expect(shown.text).not.to.include('value="ACCEPT"');
    expect(shown.text).to.include('value="DECLINE"');
    expect((await answer(expired, { answer: 'DECLINE' })).status).to.equal(200);
  });

  it('records exactly one of parallel answers', async () => {
    const q = await quote();
    const after = await lastEventSeq(app);
    const answers = await Promise.all(
      ['ACCEPT', 'DECLINE', 'ACCEPT', 'DECLINE'].map((a) => answer(q, { answer: a, note: a })),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(won, answers.map((r) => r.text).join('\n')).to.have.length(1);
    expect(answers.filter((r) => r.body.code === 'QUOTE_NOT_ANSWERABLE')).to.have.length(3);
    const final = await record(q.id);
    expect(final.status).to.equal(won[0].body.status);
    expect(final.answerNote).to.equal(final.status === 'ACCEPTED' ? 'ACCEPT' : 'DECLINE');
    const events = await orgEventEntries(app, company.organizationId, after);
    expect(events.filter((e) => e.event === 'document.status_changed')).to.have.length(1);
  });

  it('answers only an issued or sent quote: drafts are not shown, other types and statuses are refused', async () => {
    const draft = await quote({ status: 'DRAFT' });
    expect((await answer(draft, { answer: 'ACCEPT' })).status).to.equal(404);
    const invoice = await makeDocument(app, token, { status: 'ISSUED' });
    const onInvoice = await answer(invoice, { answer: 'ACCEPT' });
    expect(onInvoice.status).to.equal(409);
    expect(onInvoice.body.code).to.equal('QUOTE_NOT_ANSWERABLE');
    expect((await page(invoice)).text).not.to.include('quote-answer');
    const cancelled = await quote();
    await app.post(`/api/v1/documents/${cancelled.id}/transition`, { status: 'CANCELLED' }, token);
    expect((await answer(cancelled, { answer: 'DECLINE' })).body.code).to.equal('QUOTE_NOT_ANSWERABLE');
    const malformed = await app.post('/public/documents/fpd_nope/answer', { answer: 'ACCEPT' });
    expect(malformed.status).to.equal(404);
    // ACCEPTED and DECLINED are a quote's: an order is not accepted by hand.
    const order = await makeDocument(app, token, { type: 'ORDER', status: 'ISSUED' });
    const moved = await app.post(`/api/v1/documents/${order.id}/transition`, { status: 'ACCEPTED' }, token);
    expect(moved.body.code).to.equal('TRANSITION_NOT_ALLOWED');
    const sent = await quote();
    expect((await record(sent.id)).allowedTransitions).to.include.members(['ACCEPTED', 'DECLINED']);
    expect((await record(order.id)).allowedTransitions).not.to.include('ACCEPTED');
  });

  describe('printing an order and a delivery note', () => {
    const items = [
      { name: 'Šroubky M6', quantity: 250, unit: 'ks', unitPrice: '1.20', vatRate: 21 },
      { name: 'Podložky', quantity: 100, unit: 'ks', unitPrice: '0.35', vatRate: 21 },
    ];
    const pdfOf = async (id: string, query = '') => {
      const res = await getBytes(app, `/api/v1/documents/${id}/pdf${query}`, token);
      expect(res.status).to.equal(200);
      return (await pdfText(res.bytes)).replace(/\s+/g, ' ');
    };
    const PAYMENT = [
      'Platební údaje',
      'Číslo účtu',
      ACCOUNT_NUMBER,
      'Datum splatnosti',
      'Variabilní symbol',
      'QR platba',
    ];

    it('an invoice has its payment details (the control)', async () => {
      const invoice = await makeDocument(app, token, { status: 'ISSUED', items });
      const text = await pdfOf(invoice.id);
      for (const words of PAYMENT) expect(text).to.include(words);
    });

    for (const type of ['ORDER', 'DELIVERY_NOTE']) {
      it(`${type} prints (PDF and page) without payment details`, async () => {
        const doc = await makeDocument(app, token, { type, status: 'ISSUED', items });
        const text = await pdfOf(doc.id);
        for (const words of PAYMENT) expect(text, words).not.to.include(words);
        expect(text).to.include('Šroubky M6').and.include('363,00'); // 300 + 63 VAT: prices stay
        const html = (await page(doc)).text;
        for (const field of ['account-number', 'iban', 'due-date', 'variable-symbol', 'remaining'])
          expect(html).not.to.include(`data-field="${field}"`);
        expect(html).not.to.include(IBAN).and.not.include('data-spayd');
        expect(html).to.include('data-field="total"');
      });
    }

    it('an order e-mailed to the customer names no amount due, due date or variable symbol', async () => {
      const contact = await makeContact(app, token, { email: 'nakup@odberatel.example' });
      const order = await makeDocument(app, token, { type: 'ORDER', status: 'ISSUED', contactId: contact.id, items });
      const sent = await app.post(`/api/v1/documents/${order.id}/send-email`, {}, token);
      expect(sent.status, sent.text).to.equal(200);
      const [mail] = await app.app.container.orm.em
        .fork()
        .execute("SELECT body FROM outbound_email WHERE recipient = 'nakup@odberatel.example'");
      // Faktura's DOCUMENT wording without its lines about paying.
      expect(mail.body).to.include(`v příloze Vám zasíláme doklad ${order.number}.`);
      for (const words of ['K úhradě', 'splatnost', 'variabilní symbol', '405,35'])
        expect(mail.body.toLowerCase()).not.to.include(words.toLowerCase());
    });

    it('a delivery note prints without prices on ?prices=false; other types refuse it', async () => {
      const note = await makeDocument(app, token, { type: 'DELIVERY_NOTE', status: 'ISSUED', items });
      const text = await pdfOf(note.id, '?prices=false');
      expect(text).to.include('Dodací list').and.include('Šroubky M6').and.include('250 ks').and.include('Podložky');
      for (const words of ['Cena za jednotku', 'Základ', 'DPH', 'Celkem', '1,20', '363,00', 'CZK'])
        expect(text, words).not.to.include(words);
      // The default still prints prices; the kept PDF is not the one without them.
      expect(await pdfOf(note.id)).to.include('Cena za jednotku');
      expect(await pdfOf(note.id, '?prices=true')).to.include('Cena za jednotku');
      const invoice = await makeDocument(app, token, { status: 'ISSUED', items });
      const refused = await app.get(`/api/v1/documents/${invoice.id}/pdf?prices=false`, token);
      expect(refused.status).to.equal(400);
      const nonsense = await app.get(`/api/v1/documents/${note.id}/pdf?prices=maybe`, token);
      expect(nonsense.status).to.equal(400);
    });
  });
});
