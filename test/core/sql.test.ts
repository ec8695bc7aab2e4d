import { expect } from 'chai';
import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../src/core/db/sql';
import { serializeError } from '../../src/core/observability/error-serializer';
import { startTestApp, type TestApp } from '../helpers/app';

describe('core/db/sql: hand-written statements', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
    await query(em(), 'CREATE TABLE sql_probe (id int PRIMARY KEY, note text NOT NULL)');
  });
  after(() => app.stop());

  const em = (): EntityManager => app.app.container.orm.em.fork();

  it('numbers the ? placeholders and binds a JS array as a PostgreSQL array, apart from the text', async () => {
    expect(sql('SELECT ? AS a, ? AS b').text).to.equal('SELECT $1 AS a, $2 AS b');
    const tricky = ["a'b", 'c,d', '{e}', 'f"g'];
    const [row] = await query<{ n: number; has: boolean; same: string[] }>(
      em(),
      'SELECT cardinality(?::text[]) AS n, ? = ANY(?::text[]) AS has, ?::text[] AS same',
      [tricky, 'c,d', tricky, tricky],
    );
    expect(row).to.deep.equal({ n: 4, has: true, same: tricky });
  });

  it("runs on the connection of em's transaction: its writes roll back with it", async () => {
    let inside: string | undefined;
    await em()
      .transactional(async (tx) => {
        await query(tx, 'INSERT INTO sql_probe (id, note) VALUES (?, ?)', [1, 'rolled back']);
        const [txid] = await query<{ id: string }>(tx, 'SELECT pg_current_xact_id()::text AS id');
        const [ormTxid] = await tx.execute<{ id: string }[]>('SELECT pg_current_xact_id()::text AS id');
        expect(txid.id).to.equal(ormTxid.id);
        inside = (await query<{ note: string }>(tx, 'SELECT note FROM sql_probe WHERE id = ?', [1]))[0]?.note;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(inside).to.equal('rolled back');
    expect(await query(em(), 'SELECT 1 FROM sql_probe WHERE id = ?', [1])).to.deep.equal([]);
  });

  it('names a failed statement for the log (its name, else verb and table) and the log never shows its values', async () => {
    const secret = 'secret-value-0815';
    await query(em(), 'INSERT INTO sql_probe (id, note) VALUES (?, ?)', [2, secret]);
    const failure = (run: Promise<unknown>) =>
      run.then(
        () => expect.fail('should have failed'),
        (err: unknown) => err,
      );

    const named = await failure(query(em(), sql('SELECT ?::int AS n', 'probe_named'), [secret]));
    expect(serializeError(named)).to.include({ statement: 'probe_named', code: '22P02' });

    const unnamed = await failure(query(em(), 'INSERT INTO sql_probe (id, note) VALUES (?, ?)', [2, secret]));
    expect(serializeError(unnamed)).to.include({ statement: 'insert sql_probe', code: '23505' });

    for (const err of [named, unnamed]) {
      expect(Object.keys(serializeError(err) as object).sort()).to.deep.equal(['code', 'stack', 'statement', 'type']);
      expect(JSON.stringify(serializeError(err))).not.to.include(secret);
    }
  });
});
