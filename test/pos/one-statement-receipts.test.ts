import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { RegisterSale } from '../../src/modules/documents/documents.module';
import { OneStatementReceipts } from '../../src/modules/pos/one-statement-receipts';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { nextNumber, startPosFixture, stopPosFixture, type PosFixture } from './pos.helpers';

/**
 * The POS fast path (one statement per receipt or batch): it must write exactly what the documents
 * factory writes through the ORM, bind its keys in the same statement, and write nothing for a bound
 * key or when a number is taken.
 */
describe('POS: the one-statement fast path', function () {
  this.timeout(60_000);
  let f: PosFixture;
  let fastPath: OneStatementReceipts;
  before(async () => {
    f = await startPosFixture();
    const c = f.app.app.container;
    fastPath = new OneStatementReceipts(c.clock, c.services.documents.factory);
  });
  after(() => stopPosFixture(f));

  const owner = () => ({ organizationId: f.company.organizationId, deviceId: f.device.id });
  const em = () => f.app.app.container.orm.em.fork();
  const sale = (overrides: Partial<RegisterSale> = {}): RegisterSale => ({
    organizationId: f.company.organizationId,
    posDeviceId: f.device.id,
    kind: 'INVOICE',
    number: nextNumber('FS-'),
    issuedAt: new Date('2026-06-17T08:00:00Z'),
    dueAt: new Date('2026-07-01T00:00:00Z'),
    items: [
      {
        name: 'Rohlík',
        quantity: '3.5',
        unit: 'ks',
        unitPrice: '2.90',
        vatRate: '12',
        priceIncludesVat: true,
        base: '9.06',
        vat: '1.09',
        total: '10.15',
      },
    ],
    subtotal: '9.06',
    vatTotal: '1.09',
    roundingAmount: '-0.15',
    total: '10.00',
    clientName: 'Firma s.r.o.',
    customerDetails: { city: 'Brno', zip: '602 00' },
    paymentMethod: 'CARD',
    note: 'Díky',
    ...overrides,
  });
  const row = async (number: string) =>
    (await f.db.query('SELECT * FROM documents WHERE number = $1', [number])).rows[0] as Record<string, unknown>;
  /** Everything but what differs by nature: id, number, variable symbol (from the number), token, moments. */
  const comparable = (r: Record<string, unknown>) => {
    expect(r.public_token).to.match(/^fpd_[0-9a-f]{64}$/);
    const differing = ['id', 'number', 'variable_symbol', 'public_token', 'created_at', 'updated_at'];
    return Object.fromEntries(Object.entries(r).filter(([column]) => !differing.includes(column)));
  };

  for (const kind of ['INVOICE', 'SIMPLIFIED'] as const) {
    it(`writes a ${kind} as the factory writes it through the ORM: every column, the key, the same events`, async () => {
      const after = await lastEventSeq(f.app);
      const viaOrm = sale({ kind });
      const ormEm = em();
      await ormEm.transactional(async (tx) => {
        f.app.app.container.services.documents.factory.createRegisterSale(tx, viaOrm);
        await tx.flush();
      });
      const viaStatement = sale({ kind });
      const key = randomUUID();
      const written = await fastPath.write(em(), owner(), [{ key, sale: viaStatement }]);
      expect([...written.keys()]).to.deep.equal([key]);
      const [a, b] = [await row(viaOrm.number), await row(viaStatement.number)];
      expect(comparable(b)).to.deep.equal(comparable(a));
      expect(b).to.include({ status: kind === 'INVOICE' ? 'ISSUED' : 'PAID', pos_device_id: f.device.id });
      expect(written.get(key)).to.include({ id: b.id, number: viaStatement.number, status: b.status });
      const bound = await f.db.query(
        `SELECT document_id FROM pos_idempotency_keys WHERE device_id = $1 AND operation = 'issue' AND key = $2`,
        [f.device.id, key],
      );
      expect(bound.rows).to.deep.equal([{ document_id: b.id }]);
      const events = await orgEvents(f.app, f.company.organizationId, after);
      const of = (id: unknown) =>
        events.filter(([, d]) => d.id === id).map(([e, d]) => [e, { ...d, id: 0, number: 0 }] as const);
      expect(of(b.id)).to.deep.equal(of(a.id));
      expect(of(b.id).map(([e]) => e)).to.deep.equal(
        kind === 'INVOICE' ? ['document.created'] : ['document.created', 'document.paid'],
      );
    });
  }

  it('writes nothing for a bound key, and nothing at all when a number is taken', async () => {
    const key = randomUUID();
    const first = sale();
    await fastPath.write(em(), owner(), [{ key, sale: first }]);
    const again = sale();
    expect((await fastPath.write(em(), owner(), [{ key, sale: again }])).size).to.equal(0);
    expect(await row(again.number)).to.equal(undefined);

    const [freshKey, freshSale] = [randomUUID(), sale()];
    let error: unknown = null;
    await fastPath
      .write(em(), owner(), [
        { key: freshKey, sale: freshSale },
        { key: randomUUID(), sale: sale({ number: first.number }) },
      ])
      .catch((err: unknown) => (error = err));
    expect((error as { code?: string } | null)?.code).to.equal('23505');
    expect(await row(freshSale.number)).to.equal(undefined);
    const keys = await f.db.query('SELECT 1 FROM pos_idempotency_keys WHERE key = $1', [freshKey]);
    expect(keys.rowCount).to.equal(0);
  });
});
