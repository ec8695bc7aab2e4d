import { expect } from 'chai';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { plainRecord } from '../../src/core/db/plain-record';
import { query } from '../../src/core/db/sql';
import type { Orm } from '../../src/core/db/orm';
import { Document } from '../../src/modules/documents/document.entity';
import { documentView } from '../../src/modules/documents/document.views';
import { startTestApp, type TestApp } from '../helpers/app';
import { ITEM, makeApiKey, makeCompany, makeContact, makeDocument } from '../helpers/fixtures';

/**
 * core/db/plain-record.ts reads a row as the ORM's hydrator does, without an entity: for every row,
 * every hydrated property of the plain record equals the entity's (references by their id, dates by
 * their instant), and a document's view is the same from either.
 */
describe('core: a plain record is what the ORM hydrates, without the entity', () => {
  let app: TestApp;
  let orm: Orm;
  let db: pg.Client;

  before(async () => {
    app = await startTestApp({}, { onContainer: (c) => (orm = c.orm) });
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db.end();
    await app.stop();
  });

  /** The document rows of a company as the app's own statements read them (its connection's type parsers). */
  const rowsOf = (em: EntityManager, organizationId: string) =>
    query<Record<string, unknown>>(em, 'SELECT * FROM documents WHERE organization_id = ? ORDER BY number', [
      organizationId,
    ]);

  function expectSame(em: EntityManager, row: Record<string, unknown>): void {
    const plain = plainRecord(em, Document, row) as unknown as Record<string, unknown>;
    const entity = em.getEntityFactory().create(Document, em.getDriver().mapResult(row, em.getMetadata(Document))!, {
      merge: false,
      convertCustomTypes: true,
    }) as unknown as Record<string, unknown>;
    expect(plain).not.to.be.instanceOf(Document);
    for (const prop of em.getMetadata(Document).hydrateProps) {
      const [a, b] = [plain[prop.name], entity[prop.name]];
      const where = `${prop.name} of ${String(row.number)}`;
      expect(Object.keys(plain), where).to.include(prop.name);
      if (b instanceof Date) expect((a as Date).getTime(), where).to.equal(b.getTime());
      else if (b !== null && typeof b === 'object' && prop.targetMeta)
        expect((a as { id: string }).id, where).to.equal((b as { id: string }).id);
      else expect(a, where).to.deep.equal(b);
    }
    const view = (doc: unknown) => documentView(doc as Document, 'http://faktura.test');
    expect(view(plain)).to.deep.equal(view(entity));
  }

  it('for documents of every kind the API makes, and for a row with every nullable column filled', async () => {
    const company = await makeCompany(app);
    const { key } = await makeApiKey(app, company);
    const contact = await makeContact(app, key);
    await makeDocument(app, key);
    await makeDocument(app, key, {
      status: 'ISSUED',
      contactId: contact.id,
      variableSymbol: '20260042',
      tags: ['a', 'b'],
      customFields: { order: 'PO-1' },
      note: 'Díky',
      language: 'en',
      issuedAt: '2026-06-01',
      dueAt: '2026-06-20',
      taxableSupplyDate: '2026-05-31',
      items: [ITEM, { name: 'Books', quantity: 1.5, unit: 'ks', unitPrice: 99.99, vatRate: 12 }],
    });
    await makeDocument(app, key, {
      status: 'ISSUED',
      clientName: 'GmbH',
      currency: 'EUR',
      exchangeRate: '25.125',
      items: [ITEM],
    });
    await makeDocument(app, key, { type: 'QUOTE', status: 'ISSUED', clientName: 'Q', validUntil: '2026-07-01' });
    await makeDocument(app, key, { type: 'PROFORMA', status: 'ISSUED', clientName: 'P' });
    const paid = await makeDocument(app, key, { status: 'PAID', clientName: 'Paid' });

    // Every nullable column of one document given a value of its type, where the table's constraints allow it.
    const columns = await db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_name = 'documents' AND is_nullable = 'YES' ORDER BY ordinal_position`,
    );
    const samples: Record<string, string> = {
      text: `'x'`,
      uuid: 'gen_random_uuid()',
      'timestamp with time zone': `'2026-03-29 01:30:00.123+01'`,
      numeric: '1234.5',
      jsonb: `'{"a": [1, "b"]}'`,
      integer: '7',
    };
    let filled = 0;
    await db.query('BEGIN');
    for (const { column_name: column, data_type: type } of columns.rows) {
      const value = column === 'contact_id' ? `'${contact.id}'` : samples[type];
      if (!value) continue;
      await db.query('SAVEPOINT one');
      try {
        await db.query(`UPDATE documents SET ${column} = ${value} WHERE id = $1`, [paid.id]);
        await db.query('RELEASE SAVEPOINT one');
        filled++;
      } catch {
        await db.query('ROLLBACK TO SAVEPOINT one');
      }
    }
    await db.query('COMMIT');
    expect(filled).to.be.greaterThan(20);

    const em = orm.em.fork();
    const rows = await rowsOf(em, company.organizationId);
    expect(rows).to.have.length(6);
    for (const row of rows) expectSame(em, row);
  });

  it('leaves out a column that is no property, and a property whose column the row lacks', async () => {
    const em = orm.em.fork();
    const company = await makeCompany(app);
    await makeDocument(app, company.token);
    const [row] = await rowsOf(em, company.organizationId);
    const plain = plainRecord(em, Document, { ...row, not_a_column: 1, note: undefined }) as unknown as Record<
      string,
      unknown
    >;
    expect(plain).not.to.have.property('not_a_column');
    expect(plain).not.to.have.property('note');
    expect(plain.organization).to.deep.equal({ id: company.organizationId });
  });
});
