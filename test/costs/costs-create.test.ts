import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeContact } from '../helpers/fixtures';
import { costPayload } from '../helpers/payloads';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { COST_ITEM, costBody, makeCost, makeSupplier } from './costs.helpers';

describe('costs: creating a received cost', () => {
  let app: TestApp;
  let company: Company;
  let supplier: any;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    supplier = await makeSupplier(app, company.token);
  });
  after(() => app.stop());

  async function refused(body: Record<string, unknown>, path: string): Promise<void> {
    const res = await app.post('/api/v1/costs', body, company.token);
    expect(res.status, `${path}: ${res.text}`).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_FAILED');
    expect(
      res.body.details.map((d: { path: string }) => d.path),
      res.text,
    ).to.include(path);
  }

  it('creates an OPEN cost numbered from the COST series, with totals, VAT summary and the supplier snapshot', async () => {
    const fresh = await makeCompany(app);
    const own = await makeSupplier(app, fresh.token);
    const seq = await lastEventSeq(app);
    const res = await app.post(
      '/api/v1/costs',
      {
        kind: 'INVOICE',
        supplierId: own.id,
        supplierDocumentNumber: ' 2026/0042-a ',
        variableSymbol: '20260042',
        issuedAt: '2026-06-01',
        taxableSupplyDate: '2026-05-31',
        receivedAt: '2026-06-03T09:00:00Z',
        dueAt: '2026-06-15',
        currency: 'CZK',
        items: [
          { name: 'Papír', quantity: '3', unit: 'bal', unitPrice: '99.90', vatRate: 21 },
          { name: 'Káva', quantity: 2, unitPrice: '224.00', vatRate: 12, priceIncludesVat: true },
          { name: 'Poštovné', quantity: 1, unitPrice: 50, vatRate: 0 },
        ],
        reverseCharge: false,
        taxDeductible: false,
        tags: ['kancelář', 'kancelář', 'q2'],
        note: 'Objednávka 17',
      },
      fresh.token,
    );
    expect(res.status, res.text).to.equal(201);
    const cost = res.body;
    // 3 × 99.90 = 299.70, VAT 21 % = 62.937 → 62.94; gross 448.00 at 12 %: VAT = 448 × 12 / 112 = 48.00, base 400.00; 50.00 at 0 %.
    expect(cost).to.deep.include({
      number: 'N000001',
      kind: 'INVOICE',
      status: 'OPEN',
      supplierId: own.id,
      supplier: {
        name: 'Dodavatel s.r.o.',
        street: 'Dlouhá 1',
        city: 'Praha',
        zip: '11000',
        country: 'CZ',
        taxId: '12345678',
        vatId: 'CZ12345678',
      },
      supplierDocumentNumber: '2026/0042-a',
      variableSymbol: '20260042',
      issuedAt: '2026-05-31T22:00:00.000Z',
      taxableSupplyDate: '2026-05-30T22:00:00.000Z',
      receivedAt: '2026-06-03T09:00:00.000Z',
      vatClaimDate: '2026-06-03T09:00:00.000Z',
      dueAt: '2026-06-14T22:00:00.000Z',
      currency: 'CZK',
      subtotal: '749.70',
      vatTotal: '110.94',
      total: '860.64',
      reverseCharge: false,
      taxDeductible: false,
      tags: ['kancelář', 'q2'],
      note: 'Objednávka 17',
      paidAmount: '0.00',
      remainingAmount: '860.64',
      // Due 2026-06-15; the test clock is on 2026-06-17.
      overdue: true,
      paidAt: null,
      cancelledAt: null,
    });
    expect(cost.vatSummary).to.deep.equal([
      { vatRate: 21, subtotal: '299.70', vatTotal: '62.94', total: '362.64' },
      { vatRate: 12, subtotal: '400.00', vatTotal: '48.00', total: '448.00' },
      { vatRate: 0, subtotal: '50.00', vatTotal: '0.00', total: '50.00' },
    ]);
    expect(cost.items[1]).to.deep.equal({
      name: 'Káva',
      quantity: 2,
      unit: 'ks',
      unitPrice: 224,
      vatRate: 12,
      priceIncludesVat: true,
      base: '400.00',
      vat: '48.00',
      total: '448.00',
    });
    expect(await orgEvents(app, fresh.organizationId, seq)).to.deep.equal([['cost.created', costPayload(cost)]]);
    // Renaming the contact later does not rewrite the printed supplier.
    await app.patch(`/api/v1/contacts/${own.id}`, { name: 'Jiný název' }, fresh.token);
    expect((await app.get(`/api/v1/costs/${cost.id}`, fresh.token)).body.supplier.name).to.equal('Dodavatel s.r.o.');
    const second = await makeCost(app, fresh.token, own.id);
    expect(second.number).to.equal('N000002');
  });

  it('applies the defaults: CZK, DUZP = issuedAt, received now, claimed on receipt, due in 14 days', async () => {
    const cost = await makeCost(app, company.token, supplier.id, {
      issuedAt: '2026-06-10',
      receivedAt: undefined,
      items: [COST_ITEM],
    });
    expect(cost).to.deep.include({
      currency: 'CZK',
      issuedAt: '2026-06-09T22:00:00.000Z',
      taxableSupplyDate: '2026-06-09T22:00:00.000Z',
      dueAt: '2026-06-23T22:00:00.000Z',
      reverseCharge: false,
      taxDeductible: true,
      tags: [],
      note: null,
      variableSymbol: null,
    });
    // The test clock starts at 2026-06-17T08:30Z and flows.
    expect(cost.receivedAt.slice(0, 13)).to.equal('2026-06-17T08');
    expect(cost.vatClaimDate).to.equal(cost.receivedAt);
  });

  it('claims VAT on DUZP when the cost was received before it, and refuses a claim date before DUZP', async () => {
    const early = await makeCost(app, company.token, supplier.id, {
      issuedAt: '2026-06-01',
      taxableSupplyDate: '2026-06-20',
      receivedAt: '2026-06-05',
      dueAt: '2026-06-30',
    });
    expect(early.vatClaimDate).to.equal(early.taxableSupplyDate);
    // The same Czech day is not before DUZP; the day before is.
    const sameDay = await makeCost(app, company.token, supplier.id, {
      taxableSupplyDate: '2026-06-10T15:00:00+02:00',
      vatClaimDate: '2026-06-10',
    });
    expect(sameDay.vatClaimDate).to.equal('2026-06-09T22:00:00.000Z');
    await refused(
      costBody(supplier.id, { taxableSupplyDate: '2026-06-10', vatClaimDate: '2026-06-09T23:59:59+02:00' }),
      'vatClaimDate',
    );
  });

  it('requires supplierDocumentNumber for INVOICE and RECEIPT, not for OTHER', async () => {
    for (const kind of ['INVOICE', 'RECEIPT']) {
      await refused(costBody(supplier.id, { kind, supplierDocumentNumber: undefined }), 'supplierDocumentNumber');
      await refused(costBody(supplier.id, { kind, supplierDocumentNumber: null }), 'supplierDocumentNumber');
      await refused(costBody(supplier.id, { kind, supplierDocumentNumber: '   ' }), 'supplierDocumentNumber');
    }
    const other = await makeCost(app, company.token, supplier.id, { kind: 'OTHER', supplierDocumentNumber: undefined });
    expect(other).to.include({ kind: 'OTHER', supplierDocumentNumber: null });
    const receipt = await makeCost(app, company.token, supplier.id, {
      kind: 'RECEIPT',
      supplierDocumentNumber: 'Účtenka 0007',
    });
    expect(receipt.supplierDocumentNumber).to.equal('Účtenka 0007');
    await refused(costBody(supplier.id, { supplierDocumentNumber: 'x'.repeat(101) }), 'supplierDocumentNumber');
    expect(
      (
        await app.post(
          '/api/v1/costs',
          costBody(supplier.id, { supplierDocumentNumber: 'x'.repeat(100) }),
          company.token,
        )
      ).status,
    ).to.equal(201);
    await refused(costBody(supplier.id, { kind: 'BILL' }), 'kind');
  });

  it('takes a supplier only of type SUPPLIER or BOTH, in the caller’s company', async () => {
    const client = await makeContact(app, company.token, { type: 'CLIENT' });
    await refused(costBody(client.id), 'supplierId');
    const both = await makeContact(app, company.token, { name: 'Obojí a.s.', type: 'BOTH' });
    expect(both.type).to.equal('BOTH');
    expect((await makeCost(app, company.token, both.id)).supplier.name).to.equal('Obojí a.s.');
    const other = await makeCompany(app);
    const foreign = await makeSupplier(app, other.token);
    await refused(costBody(foreign.id), 'supplierId');
    await refused(costBody('not-a-uuid'), 'supplierId');
    await refused(costBody(supplier.id, { supplierId: undefined }), 'supplierId');
  });

  it('takes VAT rates 21, 12 and 0 only', async () => {
    for (const vatRate of [21, '12', '0', '21.00']) {
      const res = await app.post(
        '/api/v1/costs',
        costBody(supplier.id, { items: [{ ...COST_ITEM, vatRate }] }),
        company.token,
      );
      expect(res.status, `${vatRate}: ${res.text}`).to.equal(201);
    }
    for (const vatRate of [15, 10, 20.99, 21.01, -21, 22, '12.5', 'abc', null]) {
      await refused(costBody(supplier.id, { items: [{ ...COST_ITEM, vatRate }] }), 'items[0].vatRate');
    }
  });

  it('keeps items, amounts and dates within bounds', async () => {
    await refused(costBody(supplier.id, { items: [] }), 'items');
    await refused(costBody(supplier.id, { items: Array(501).fill(COST_ITEM) }), 'items');
    await refused(costBody(supplier.id, { items: [{ ...COST_ITEM, quantity: 0 }] }), 'items[0].quantity');
    await refused(costBody(supplier.id, { items: [{ ...COST_ITEM, quantity: '100000000' }] }), 'items[0].quantity');
    await refused(
      costBody(supplier.id, { items: [{ ...COST_ITEM, unitPrice: '10000000000.00' }] }),
      'items[0].unitPrice',
    );
    await refused(costBody(supplier.id, { items: [{ ...COST_ITEM, unitPrice: '1.00001' }] }), 'items[0].unitPrice');
    await refused(costBody(supplier.id, { items: [{ ...COST_ITEM, name: '' }] }), 'items[0].name');
    await refused(costBody(supplier.id, { items: [{ ...COST_ITEM, unitPrice: '-5' }] }), 'items');
    await refused(costBody(supplier.id, { issuedAt: undefined }), 'issuedAt');
    await refused(costBody(supplier.id, { issuedAt: '1999-12-31' }), 'issuedAt');
    await refused(costBody(supplier.id, { dueAt: '2026-06-09' }), 'dueAt');
    await refused(costBody(supplier.id, { currency: 'czk' }), 'currency');
    await refused(costBody(supplier.id, { variableSymbol: '12345678901' }), 'variableSymbol');
    await refused(costBody(supplier.id, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }), 'tags');
    await refused(costBody(supplier.id, { note: 'x'.repeat(5001) }), 'note');
    await refused(costBody(supplier.id, { reverseCharge: 'yes' }), 'reverseCharge');
    // The largest line within bounds, and a due date on the issue day.
    const big = await makeCost(app, company.token, supplier.id, {
      dueAt: '2026-06-10',
      items: [{ ...COST_ITEM, quantity: '1', unitPrice: '9999999999.99', vatRate: 0 }],
    });
    expect(big.total).to.equal('9999999999.99');
  });
});
