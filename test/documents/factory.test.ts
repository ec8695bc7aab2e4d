import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { RegisterSale } from '../../src/modules/documents/documents.module';
import { makeDocument } from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { nextNumber, posPost, receipt, startPosFixture, stopPosFixture, type PosFixture } from '../pos/pos.helpers';

/**
 * Every new document comes from the documents module's factory (DocumentFactory): the general API,
 * a register's single issue (the one-statement fast path), a batch entry written on its own (the
 * ORM), and a register's credit note. A document born PAID is the same however it was born.
 */
describe('documents: one writer of new documents', function () {
  this.timeout(60_000);
  let f: PosFixture;
  before(async () => (f = await startPosFixture()));
  after(() => stopPosFixture(f));

  const PAID_COLUMNS =
    'status, total, paid_amount, auto_paid_amount, status_before_paid, paid_at, issued_at, public_token, variable_symbol';
  const paidColumns = async (id: string) =>
    (await f.db.query(`SELECT ${PAID_COLUMNS} FROM documents WHERE id = $1`, [id])).rows[0];

  it('a document born PAID has the same paid fields and events on every path', async () => {
    const after = await lastEventSeq(f.app);
    const general = await makeDocument(f.app, f.company.token, { status: 'PAID', clientName: 'Walk-in' });
    const single = await posPost(f.app, '/documents', f.device.token, receipt());
    expect(single.status, single.text).to.equal(201);
    // Two entries with one number never go together: the first is written on its own, the ORM way.
    const number = nextNumber();
    const batch = await posPost(
      f.app,
      '/documents/batch',
      f.device.token,
      {
        documents: [
          { ...receipt({ number }), idempotencyKey: randomUUID() },
          { ...receipt({ number }), idempotencyKey: randomUUID() },
        ],
      },
      null,
    );
    expect(batch.body.data.results.map((r: any) => r.status)).to.deep.equal(['CREATED', 'ERROR']);
    const ids = [general.id, single.body.data.id, batch.body.data.results[0].document.id];

    for (const id of ids) {
      const row = await paidColumns(id);
      expect(row, id).to.include({ status: 'PAID', status_before_paid: 'ISSUED' });
      expect(row.paid_amount, id).to.equal(row.total);
      expect(row.auto_paid_amount, id).to.equal(row.total);
      expect(row.paid_at, id).to.be.an.instanceOf(Date);
      expect(row.public_token, id).to.match(/^fpd_[0-9a-f]{64}$/);
    }
    // A register's receipt is paid at issue and carries no variable symbol; the general API's is paid when created.
    for (const id of ids.slice(1)) {
      const row = await paidColumns(id);
      expect([row.paid_at.getTime(), row.variable_symbol], id).to.deep.equal([row.issued_at.getTime(), null]);
    }
    const events = await orgEvents(f.app, f.company.organizationId, after);
    for (const id of ids) {
      const own = events.filter(([, d]) => d.id === id);
      expect(
        own.map(([e]) => e),
        id,
      ).to.deep.equal(['document.created', 'document.paid']);
      expect(own[1][1], id).to.deep.equal(own[0][1]);
      expect(own[0][1], id).to.include({ status: 'PAID' });
      expect(own[0][1].paidAmount, id).to.equal(own[0][1].total);
    }
  });

  it('a register sale takes its status, due date and variable symbol from its kind (SPEC 2.6)', () => {
    const factory = f.app.app.container.services.documents.factory;
    const issuedAt = new Date('2026-06-17T08:00:00Z');
    const dueAt = new Date('2026-07-01T00:00:00Z');
    const sale = (kind: RegisterSale['kind']): RegisterSale => ({
      organizationId: f.company.organizationId,
      posDeviceId: f.device.id,
      kind,
      number: 'P-2026/0042',
      issuedAt,
      dueAt,
      items: [],
      subtotal: '0.00',
      vatTotal: '0.00',
      total: '0.00',
      clientName: null,
    });
    const seen = (['SIMPLIFIED', 'TAX_DOCUMENT', 'SALE_RECEIPT', 'INVOICE'] as const).map((kind) => {
      const { fields, events } = factory.planRegisterSale(sale(kind));
      return [kind, fields.type, fields.status, fields.dueAt, fields.paidAt, fields.variableSymbol, events.length];
    });
    expect(seen).to.deep.equal([
      ['SIMPLIFIED', 'INVOICE', 'PAID', issuedAt, issuedAt, null, 2],
      ['TAX_DOCUMENT', 'INVOICE', 'PAID', issuedAt, issuedAt, null, 2],
      ['SALE_RECEIPT', 'INVOICE', 'PAID', issuedAt, issuedAt, null, 2],
      ['INVOICE', 'INVOICE', 'ISSUED', dueAt, null, '20260042', 1],
    ]);
  });

  it("a register's credit note is an ISSUED CREDIT_NOTE with document.created only", async () => {
    const after = await lastEventSeq(f.app);
    const res = await posPost(f.app, '/documents/credit-notes', f.device.token, {
      number: nextNumber('D-'),
      issuedAt: new Date().toISOString(),
      reason: 'Vratka',
      customer: { name: 'Jan Novák' },
      items: [{ name: 'Káva', quantity: -1, unitPrice: 45.5, vatRate: 12 }],
    });
    expect(res.status, res.text).to.equal(201);
    const row = (
      await f.db.query(
        'SELECT type, status, paid_amount, paid_at, variable_symbol, pos_device_id FROM documents WHERE id = $1',
        [res.body.data.id],
      )
    ).rows[0];
    expect(row).to.deep.equal({
      type: 'CREDIT_NOTE',
      status: 'ISSUED',
      paid_amount: '0.00',
      paid_at: null,
      variable_symbol: null,
      pos_device_id: f.device.id,
    });
    const events = await orgEvents(f.app, f.company.organizationId, after);
    expect(events.map(([e, d]) => [e, d.id])).to.deep.equal([['document.created', res.body.data.id]]);
  });
});
