import 'reflect-metadata';
import { initOrm, migrate } from '/work/main/src/core/db/orm';
import { freshDatabaseUrl, stopSharedPostgres } from '/work/main/test/helpers/postgres';
import { countingStatement } from '/work/main/src/modules/quota/counting-statement';
import { API_KEY_LOOKUP } from '/work/main/src/modules/apikeys/api-key.verifier';
import { sha256Hex } from '/work/main/src/core/secrets';

(async () => {
  const url = await freshDatabaseUrl();
  const orm = await initOrm(url, 16, () => undefined);
  await migrate(orm, url);
  const em = orm.em.fork();
  const org = '00000000-0000-0000-0000-000000000001';
  await em.getConnection().execute(`INSERT INTO organizations (id, name, plan, created_at) VALUES ('${org}', 'x', 'AI', now())`);
  const token = 'fk_' + '0'.repeat(64);
  await em.getConnection().execute(`INSERT INTO api_keys (id, organization_id, name, key_hash, redacted, created_at) VALUES (gen_random_uuid(), '${org}', 'k', '${sha256Hex(token)}', 'r', now())`);
  const stmt = countingStatement(`api_key AS (${API_KEY_LOOKUP}), credential AS (SELECT organization_id, id AS credential_id, 'apiKey' AS credential_type, plan FROM api_key)`, 'SELECT k.*, (SELECT total FROM result) AS total FROM api_key k');
  const sync = stmt.replace("set_config('synchronous_commit', 'off', true)", "1");
  const params = [sha256Hex(token), null, null, '2026-11-01'];
  for (const plan of ['AI', 'FREE']) {
    await em.getConnection().execute(`UPDATE organizations SET plan = '${plan}'`);
    for (const [name, sql] of [['async', stmt], ['sync', sync], ['async', stmt]]) {
      const t0 = Date.now();
      for (let i = 0; i < 300; i++) await em.getConnection().execute(sql, params);
      console.log(plan, name, ((Date.now() - t0) / 300).toFixed(3), 'ms/op');
    }
  }
  const t0 = Date.now();
  for (let i = 0; i < 300; i++) await em.getConnection().execute(API_KEY_LOOKUP, params.slice(0, 3));
  console.log('lookup', ((Date.now() - t0) / 300).toFixed(3), 'ms/op');
  console.log((await em.getConnection().execute('EXPLAIN (ANALYZE, BUFFERS) ' + stmt, params)).map((r: any) => r['QUERY PLAN']).join('\n'));
  await orm.close(true);
  await stopSharedPostgres();
})();
