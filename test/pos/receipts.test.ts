import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import type { TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, makeDocument, type Company } from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import {
  type PosFixture,
  issueOk,
  makeDevice,
  nextNumber,
  posPost,
  receipt,
  startPosFixture,
  stopPosFixture,
} from './pos.helpers';

/** Issue 12 points 2, 6 and 8: POST /api/pos/documents, its rules in order, limits at their edges. */
describe('POS: issuing receipts and invoices', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;
  let device: PosFixture['device'];
  let db: Client;
  before(async () => ({ app, company, device, db } = await startPosFixture()));
  after(() => stopPosFixture({ app, db }));

  const issue = (body: unknown, key: string | null = randomUUID()) =>
    posPost(app, '/documents', device.token, body, key);
  async function expect400(body: unknown, path: string) {
    const res = await issue(body);
    expect(res.status, res.text).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_FAILED');
    expect(res.body.details, res.text).to.have.length(1);
    expect(res.body.details[0].path).to.equal(path);
    expect(res.body.message).to.include(path);
    return res;
  }

  it('refuses a missing Idempotency-Key with 400 IDEMPOTENCY_KEY_REQUIRED before reading the body', async () => {
    const res = await app.request('POST', '/api/pos/documents', {
      token: device.token,
      raw: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({
      error: 'Bad Request',
      message: 'The Idempotency-Key header is required',
      code: 'IDEMPOTENCY_KEY_REQUIRED',
    });
    const withKey = await app.request('POST', '/api/pos/documents', {
      token: device.token,
      raw: '{not json',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
    });
    expect(withKey.body.code).to.equal('INVALID_JSON');
  });

  it('issues a SIMPLIFIED receipt: 201, PAID, paidAt = dueAt = issuedAt, 2-place strings; events in the outbox', async () => {
    const after = await lastEventSeq(app);
    const number = nextNumber();
    const res = await issue(
      receipt({
        number,
        items: [
          { name: 'Chléb', quantity: 1, unitPrice: 121, vatRate: 21 },
          { name: 'Mléko', quantity: 3, unitPrice: 25, vatRate: 12, unit: 'l' },
        ],
      }),
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.body.replayed).to.equal(false);
    const d = res.body.data;
    expect(d).to.deep.equal({
      id: d.id,
      number,
      status: 'PAID',
      posDeviceId: device.id,
      posDocumentKind: 'SIMPLIFIED',
      issuedAt: '2026-06-17T08:30:00.000Z',
      dueAt: '2026-06-17T08:30:00.000Z',
      paidAt: '2026-06-17T08:30:00.000Z',
      currency: 'CZK',
      subtotal: '166.96',
      vatTotal: '29.04',
      roundingAmount: '0.00',
      total: '196.00',
      clientName: null,
      paymentMethod: 'CASH',
      variableSymbol: null,
      createdAt: d.createdAt,
    });
    const events = await orgEvents(app, company.organizationId, after);
    expect(events.map(([e]) => e)).to.deep.equal(['document.created', 'document.paid']);
    expect(events[0][1]).to.include({
      id: d.id,
      number,
      type: 'INVOICE',
      status: 'PAID',
      total: 196,
      clientName: null,
      contactId: null,
    });
  });

  it('TAX_DOCUMENT needs customer.name; INVOICE is ISSUED with dueAt, no paidAt, no paymentMethod and a variable symbol', async () => {
    await expect400(receipt({ documentType: 'TAX_DOCUMENT' }), 'customer.name');
    const tax = await issueOk(
      app,
      device.token,
      receipt({ documentType: 'TAX_DOCUMENT', customer: { name: 'Novák', vatId: 'CZ123' } }),
    );
    expect(tax).to.include({
      status: 'PAID',
      posDocumentKind: 'TAX_DOCUMENT',
      clientName: 'Novák',
      paymentMethod: 'CASH',
      variableSymbol: null,
    });
    expect(tax.dueAt).to.equal(tax.issuedAt);
    const after = await lastEventSeq(app);
    const inv = await issueOk(
      app,
      device.token,
      receipt({
        number: 'FV-2026/000123456789',
        documentType: 'INVOICE',
        customer: { name: 'Firma s.r.o.' },
        dueAt: '2026-07-01T00:00:00Z',
        paymentMethod: 'CARD',
      }),
    );
    expect(inv).to.include({
      status: 'ISSUED',
      posDocumentKind: 'INVOICE',
      paidAt: null,
      paymentMethod: null,
      variableSymbol: '0123456789',
      dueAt: '2026-07-01T00:00:00.000Z',
    });
    expect((await orgEvents(app, company.organizationId, after)).map(([e]) => e)).to.deep.equal(['document.created']);
    await expect400(receipt({ documentType: 'INVOICE', customer: { name: 'X' } }), 'dueAt');
    await expect400(receipt({ paymentMethod: undefined }), 'paymentMethod');
  });

  it('checks the rules in order and stops at the first, naming one field', async () => {
    const bad = {
      documentType: 'SIMPLIFIED',
      customer: { name: 'Named' },
      currency: 'EUR',
      items: [{ name: 'x', quantity: 1, unitPrice: 1, vatRate: 15 }],
    };
    await expect400(receipt(bad), 'customer.name'); // rule 2 before 6 and 8
    await expect400(receipt({ ...bad, customer: undefined }), 'items[0].vatRate'); // rule 6 before 8
    await expect400(
      receipt({ ...bad, customer: undefined, items: [{ name: 'x', quantity: -1, unitPrice: 1, vatRate: 21 }] }),
      'items[0].quantity',
    ); // rule 7 before 8
    await expect400(receipt({ currency: 'EUR' }), 'currency');
    await expect400(receipt({ documentType: 'INVOICE', customer: { name: 'A' }, items: [LINE_15] }), 'dueAt'); // rule 5 before 6
    await expect400(receipt({ items: [] }), 'items');
    await expect400(receipt({ documentType: 'SALE_RECEIPT' }), 'documentType');
    await expect400(receipt({ items: [LINE_OK, LINE_OK, { ...LINE_OK, vatRate: 15 }] }), 'items[2].vatRate');
    await expect400(receipt({ items: [{ ...LINE_OK, name: '' }] }), 'items[0].name');
    const ok = await issueOk(app, device.token, receipt({ currency: 'CZK', customer: { name: '' } }));
    expect(ok.clientName).to.equal(null);
  });

  it('vatRate 15, 12.5 and -21 are refused naming the item; 21, 12 and 0 pass', async () => {
    for (const vatRate of [15, 12.5, -21, '21.5'])
      await expect400(receipt({ items: [LINE_OK, { ...LINE_OK, vatRate }] }), 'items[1].vatRate');
    for (const vatRate of [21, 12, 0]) await issueOk(app, device.token, receipt({ items: [{ ...LINE_OK, vatRate }] }));
  });

  it('issue 24 point 7: a number sent as a string ("vatRate": "21") is 400 naming the field, and nothing is issued', async () => {
    const number = nextNumber();
    const key = randomUUID();
    for (const [field, value] of [
      ['vatRate', '21'],
      ['quantity', '1'],
      ['unitPrice', '45.50'],
    ] as const) {
      const res = await issue(receipt({ number, items: [LINE_OK, { ...LINE_OK, [field]: value }] }), key);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details).to.deep.equal([
        { path: `items[1].${field}`, message: 'Invalid input: expected number, received string' },
      ]);
    }
    const stored = await db.query('SELECT 1 FROM documents WHERE number = $1', [number]);
    expect(stored.rowCount).to.equal(0);
    // The key and the number stayed free: the same receipt with numbers is issued under them.
    const ok = await issue(receipt({ number, items: [LINE_OK, { ...LINE_OK, vatRate: 21 }] }), key);
    expect(ok.status, ok.text).to.equal(201);
  });

  it('quantity: 99,999,999.9999 passes, more or zero does not', async () => {
    await issueOk(
      app,
      device.token,
      receipt({
        documentType: 'TAX_DOCUMENT',
        customer: { name: 'Velkoodběr' },
        items: [{ name: 'Šroub', quantity: 99999999.9999, unitPrice: 0.01, vatRate: 21 }],
      }),
    );
    await expect400(receipt({ items: [{ ...LINE_OK, quantity: 100000000 }] }), 'items[0].quantity');
    await expect400(receipt({ items: [{ ...LINE_OK, quantity: 99999999.99991 }] }), 'items[0].quantity');
    await expect400(receipt({ items: [{ ...LINE_OK, quantity: 0 }] }), 'items[0].quantity');
  });

  it('unitPrice and computed amounts stop at 9,999,999,999.99', async () => {
    const big = { name: 'Stavba', quantity: 1, unitPrice: 9999999999.99, vatRate: 21 };
    const inv = await issueOk(
      app,
      device.token,
      receipt({ documentType: 'TAX_DOCUMENT', customer: { name: 'Stát' }, items: [big] }),
    );
    expect(inv.total).to.equal('9999999999.99');
    await expect400(receipt({ items: [{ ...big, unitPrice: 10000000000 }] }), 'items[0].unitPrice');
    await expect400(
      receipt({ documentType: 'TAX_DOCUMENT', customer: { name: 'Stát' }, items: [{ ...big, quantity: 2 }] }),
      'items[0]',
    );
    await expect400(
      receipt({
        documentType: 'TAX_DOCUMENT',
        customer: { name: 'Stát' },
        items: [big, { ...big, unitPrice: 0.01 }],
      }),
      'items',
    );
  });

  it('SIMPLIFIED limit: 10,000.00 passes, 10,000.01 is refused, overSimplifiedLimit makes a SALE_RECEIPT; judged after rounding', async () => {
    const line = (unitPrice: string) => [{ name: 'Zboží', quantity: 1, unitPrice: Number(unitPrice), vatRate: 21 }];
    expect((await issueOk(app, device.token, receipt({ items: line('10000.00') }))).total).to.equal('10000.00');
    const over = await expect400(receipt({ items: line('10000.01') }), 'total');
    expect(over.body.message).to.include('overSimplifiedLimit');
    const sale = await issueOk(app, device.token, receipt({ items: line('10000.01'), overSimplifiedLimit: true }));
    expect(sale).to.include({ posDocumentKind: 'SALE_RECEIPT', status: 'PAID', total: '10000.01' });
    // 10,000.49 rounds to 10,000 (allowed); 10,000.50 rounds half up to 10,001 (refused).
    const rounded = await issueOk(app, device.token, receipt({ items: line('10000.49'), roundingEnabled: true }));
    expect(rounded).to.include({ total: '10000.00', roundingAmount: '-0.49' });
    await expect400(receipt({ items: line('10000.50'), roundingEnabled: true }), 'total');
    // Discounts count: 10,500 − 600 = 9,900.
    const discounted = await issueOk(
      app,
      device.token,
      receipt({ items: [...line('10500'), { name: 'Sleva', quantity: 1, unitPrice: -600, vatRate: 21 }] }),
    );
    expect(discounted.total).to.equal('9900.00');
  });

  it('rounding: half up at .50, roundingAmount apart from subtotal and vatTotal', async () => {
    const r = await issueOk(
      app,
      device.token,
      receipt({ roundingEnabled: true, items: [{ name: 'Rohlík', quantity: 1, unitPrice: 10.5, vatRate: 12 }] }),
    );
    expect(r).to.include({ subtotal: '9.37', vatTotal: '1.13', roundingAmount: '0.50', total: '11.00' });
    const down = await issueOk(
      app,
      device.token,
      receipt({ roundingEnabled: true, items: [{ name: 'Rohlík', quantity: 1, unitPrice: 10.49, vatRate: 12 }] }),
    );
    expect(down).to.include({ roundingAmount: '-0.49', total: '10.00' });
    const exact = await issueOk(
      app,
      device.token,
      receipt({ items: [{ name: 'Rohlík', quantity: 1, unitPrice: 10.49, vatRate: 12 }] }),
    );
    expect(exact).to.include({ roundingAmount: '0.00', total: '10.49' });
  });

  it('discounts are negative unit prices; a negative total is refused', async () => {
    const r = await issueOk(
      app,
      device.token,
      receipt({
        items: [
          { name: 'Pivo', quantity: 4, unitPrice: 50, vatRate: 21 },
          { name: 'Sleva 10 %', quantity: 1, unitPrice: -20, vatRate: 21 },
        ],
      }),
    );
    expect(r).to.include({ total: '180.00', vatTotal: '31.24', subtotal: '148.76' });
    await expect400(
      receipt({
        items: [
          { name: 'Pivo', quantity: 1, unitPrice: 50, vatRate: 21 },
          { name: 'Sleva', quantity: 1, unitPrice: -60, vatRate: 21 },
        ],
      }),
      'items',
    );
  });

  it('replays a known key with 200 and replayed true without comparing the content; keys are per device', async () => {
    const key = randomUUID();
    const first = await issue(receipt(), key);
    expect(first.status).to.equal(201);
    const again = await issue({ totally: 'different' }, key);
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal({ data: first.body.data, replayed: true });
    const other = await makeDevice(app, company, { name: 'Pokladna 2' });
    const sameKeyOtherDevice = await posPost(app, '/documents', other.token, receipt(), key);
    expect(sameKeyOtherDevice.status).to.equal(201);
    expect(sameKeyOtherDevice.body.data.id).not.to.equal(first.body.data.id);
  });

  it('binds a key only on success: a 400 or 409 leaves it free for the corrected retry', async () => {
    const key = randomUUID();
    expect((await issue(receipt({ items: [{ ...LINE_OK, vatRate: 15 }] }), key)).status).to.equal(400);
    const taken = await issueOk(app, device.token);
    const conflict = await issue(receipt({ number: taken.number }), key);
    expect(conflict.status).to.equal(409);
    expect(conflict.body).to.deep.include({ code: 'CONFLICT', error: 'Conflict' });
    const fixed = await issue(receipt(), key);
    expect(fixed.status).to.equal(201);
  });

  it('numbers are unique per company across registers and ordinary invoices (409 CONFLICT), not across companies', async () => {
    const key = await makeApiKey(app, company);
    const ordinary = await makeDocument(app, key.key, { status: 'ISSUED' });
    const clash = await issue(receipt({ number: ordinary.number }));
    expect(clash.status).to.equal(409);
    expect(clash.body.code).to.equal('CONFLICT');
    const first = await issueOk(app, device.token);
    const other = await makeDevice(app, company, { name: 'Pokladna 3' });
    expect((await posPost(app, '/documents', other.token, receipt({ number: first.number }))).status).to.equal(409);
    const elsewhere = await makeCompany(app);
    const theirs = await makeDevice(app, elsewhere);
    expect((await posPost(app, '/documents', theirs.token, receipt({ number: first.number }))).status).to.equal(201);
  });

  it('POS documents are ordinary documents in the general list, with posDocumentKind and posDeviceId', async () => {
    const r = await issueOk(app, device.token);
    const key = await makeApiKey(app, company);
    const doc = await app.get(`/api/v1/documents/${r.id}`, key.key);
    expect(doc.status).to.equal(200);
    expect(doc.body).to.include({
      type: 'INVOICE',
      status: 'PAID',
      posDocumentKind: 'SIMPLIFIED',
      posDeviceId: device.id,
      total: r.total,
      number: r.number,
    });
    const list = await app.get('/api/v1/documents?limit=200', key.key);
    expect(list.body.data.some((d: any) => d.id === r.id && d.posDeviceId === device.id)).to.equal(true);
    const ordinary = await makeDocument(app, key.key);
    expect(ordinary).to.include({ posDocumentKind: null, posDeviceId: null });
  });

  it('refuses NUL and lone surrogates in the body with 400 like everywhere else, and unknown fields are ignored', async () => {
    const res = await issue(receipt({ note: 'a\u0000b' }));
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_FAILED');
    expect(res.body.details[0].path).to.equal('note');
    const lone = await app.request('POST', '/api/pos/documents', {
      token: device.token,
      raw: `{"number":"X-\\ud800","documentType":"SIMPLIFIED"}`,
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    });
    expect(lone.status).to.equal(400);
    expect(lone.body.details[0].path).to.equal('number');
    expect((await issue(receipt({ whatever: 1 }))).status).to.equal(201);
  });

  it('has no read, edit or delete operations under /api/pos', async () => {
    const r = await issueOk(app, device.token);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await app.request(method, `/api/pos/documents/${r.id}`, { token: device.token });
      expect(res.status, method).to.be.oneOf([404, 405]);
    }
  });
});

const LINE_OK = { name: 'Káva', quantity: 1, unitPrice: 50, vatRate: 21 };
const LINE_15 = { ...LINE_OK, vatRate: 15 };
