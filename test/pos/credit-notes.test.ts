import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, type Company } from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { issueOk, makeDevice, posPost, receipt } from './pos.helpers';

/** Issue 12 point 5: POST /api/pos/documents/credit-notes (SPEC 4.5, DESIGN 5). */
describe('POS: credit notes', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;
  let device: { id: string; token: string };

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    device = await makeDevice(app, company);
  });
  after(async () => app?.stop());

  const cnNumber = () => `DB-${randomUUID().slice(0, 12)}`;
  const creditNote = (body: Record<string, unknown>, key: string | null = randomUUID()) =>
    posPost(
      app,
      '/documents/credit-notes',
      device.token,
      {
        number: cnNumber(),
        issuedAt: '2026-05-01T10:00:00Z',
        reason: 'Reklamace',
        items: [{ name: 'Vratka', quantity: -1, unitPrice: 121, vatRate: 21 }],
        ...body,
      },
      key,
    );

  it('by originalNumber: customer copied from the original (body customer ignored), correctedDocumentId set', async () => {
    const original = await issueOk(
      app,
      device.token,
      receipt({ documentType: 'TAX_DOCUMENT', customer: { name: 'Novák s.r.o.', vatId: 'CZ1' } }),
    );
    const after = await lastEventSeq(app);
    const res = await creditNote({ originalNumber: original.number, customer: { name: 'Someone else' } });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.equal({
      data: {
        id: res.body.data.id,
        number: res.body.data.number,
        status: 'ISSUED',
        correctedDocumentId: original.id,
        creditNoteReason: 'Reklamace',
        clientName: 'Novák s.r.o.',
        total: '-121.00',
      },
      replayed: false,
    });
    // The original is credited (its remainingAmount follows): document.updated.
    expect((await orgEvents(app, company.organizationId, after)).map(([e, d]) => [e, d.type, d.status])).to.deep.equal([
      ['document.created', 'CREDIT_NOTE', 'ISSUED'],
      ['document.updated', 'INVOICE', 'PAID'],
    ]);
    const key = await makeApiKey(app, company);
    const doc = (await app.get(`/api/v1/documents/${res.body.data.id}`, key.key)).body;
    expect(doc).to.include({
      type: 'CREDIT_NOTE',
      posDeviceId: device.id,
      posDocumentKind: null,
      subtotal: '-100.00',
      vatTotal: '-21.00',
      total: '-121.00',
      correctedDocumentNumber: original.number,
      creditNoteReason: 'Reklamace',
    });
    expect((await app.get(`/api/v1/documents/${original.id}`, key.key)).body.creditedAmount).to.equal('-121.00');
  });

  it('from a simplified original the customer is null', async () => {
    const original = await issueOk(app, device.token);
    const res = await creditNote({ originalNumber: original.number });
    expect(res.body.data).to.include({ clientName: null, correctedDocumentId: original.id });
  });

  it('by customer.name without originalNumber: correctedDocumentId null; neither is 400', async () => {
    const res = await creditNote({ customer: { name: 'Dvořák', city: 'Brno' } });
    expect(res.status).to.equal(201);
    expect(res.body.data).to.include({ clientName: 'Dvořák', correctedDocumentId: null });
    const neither = await creditNote({ customer: { city: 'Brno' } });
    expect(neither.status).to.equal(400);
    expect(neither.body.code).to.equal('VALIDATION_FAILED');
    expect((await creditNote({ customer: { name: 'X' }, reason: undefined })).body.details[0].path).to.equal('reason');
    expect((await creditNote({ customer: { name: 'X' }, items: [] })).status).to.equal(400);
  });

  it('an unknown originalNumber is 409 ORIGINAL_NOT_SYNCED and leaves the key free', async () => {
    const number = `LATE-${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const res = await creditNote({ originalNumber: number }, key);
    expect(res.status).to.equal(409);
    expect(res.body.code).to.equal('ORIGINAL_NOT_SYNCED');
    await issueOk(app, device.token, receipt({ number }));
    expect((await creditNote({ originalNumber: number }, key)).status).to.equal(201);
  });

  it('items may be negative or zero; vatRate only 21, 12 or 0; the total is exact, without rounding', async () => {
    const res = await creditNote({
      customer: { name: 'Z' },
      items: [
        { name: 'Vratka', quantity: -1.5, unitPrice: 10.33, vatRate: 21 },
        { name: 'Nula', quantity: 0, unitPrice: 5, vatRate: 12 },
        { name: 'Dorovnání', quantity: 1, unitPrice: -0.49, vatRate: 0 },
        { name: 'Plus', quantity: 1, unitPrice: 3, vatRate: 12 },
      ],
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.body.data.total).to.equal('-12.99'); // -15.50 (round2 of -15.495) + 0 - 0.49 + 3
    for (const vatRate of [15, 12.5, -21]) {
      const bad = await creditNote({
        customer: { name: 'Z' },
        items: [{ name: 'x', quantity: 1, unitPrice: 1, vatRate }],
      });
      expect(bad.status).to.equal(400);
      expect(bad.body.details[0].path).to.equal('items[0].vatRate');
    }
  });

  it('has its own number namespace: an invoice number is free, a credit-note number is 409 CONFLICT', async () => {
    const inv = await issueOk(app, device.token);
    const first = await creditNote({ number: inv.number, customer: { name: 'Z' } });
    expect(first.status).to.equal(201);
    const again = await creditNote({ number: inv.number, customer: { name: 'Z' } });
    expect(again.status).to.equal(409);
    expect(again.body.code).to.equal('CONFLICT');
  });

  it('a repeated key never creates a second credit note', async () => {
    const key = randomUUID();
    const first = await creditNote({ customer: { name: 'Z' } }, key);
    const again = await creditNote({ customer: { name: 'Z' } }, key);
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal({ data: first.body.data, replayed: true });
    const parallel = await Promise.all(Array.from({ length: 10 }, () => creditNote({ customer: { name: 'Z' } }, key)));
    expect(new Set(parallel.map((r) => r.body.data.id))).to.deep.equal(new Set([first.body.data.id]));
    expect((await creditNote({ customer: { name: 'Z' } }, null)).body.code).to.equal('IDEMPOTENCY_KEY_REQUIRED');
  });
});
