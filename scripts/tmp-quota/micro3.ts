import 'reflect-metadata';
import { initOrm, migrate } from '/work/main/src/core/db/orm';
import { freshDatabaseUrl, stopSharedPostgres } from '/work/main/test/helpers/postgres';
import { CountingApiKeyVerifier } from '/work/main/src/modules/quota/counting-api-key.verifier';
import { SystemClock } from '/work/main/src/core/clock';
import { sha256Hex } from '/work/main/src/core/secrets';
import { API_KEY_LOOKUP } from '/work/main/src/modules/apikeys/api-key.verifier';

(async () => {
  const url = await freshDatabaseUrl();
  const orm = await initOrm(url, 16, () => undefined);
  await migrate(orm, url);
  const em = orm.em.fork();
  const org = '00000000-0000-0000-0000-000000000001';
  await em.getConnection().execute(`INSERT INTO organizations (id, name, plan, created_at) VALUES ('${org}', 'x', 'AI', now())`);
  const token = 'fk_' + '0'.repeat(64);
  await em.getConnection().execute(`INSERT INTO api_keys (id, organization_id, name, key_hash, redacted, created_at) VALUES (gen_random_uuid(), '${org}', 'k', '${sha256Hex(token)}', 'r', now())`);
  const v = new CountingApiKeyVerifier(new SystemClock(), new WeakMap());
  const wal = async () => (await em.getConnection().execute(`SELECT * FROM pg_stat_wal`))[0];
  for (const plan of ['AI', 'FREE']) {
    await em.getConnection().execute(`UPDATE organizations SET plan = '${plan}'`);
    const w0 = await wal();
    let t0 = Date.now();
    for (let i = 0; i < 500; i++) await v.verify(em, { token, organizationId: null });
    console.log(plan, 'counting seq', (Date.now() - t0) / 500, 'ms/op', w0, await wal());
  }
  let t0 = Date.now();
  for (let i = 0; i < 500; i++) await em.getConnection().execute(API_KEY_LOOKUP, [sha256Hex(token), null, null]);
  console.log('lookup seq', (Date.now() - t0) / 500, 'ms/op');
  await orm.close(true);
  await stopSharedPostgres();
})();
