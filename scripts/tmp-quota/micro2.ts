import 'reflect-metadata';
import { initOrm, migrate } from '/work/main/src/core/db/orm';
import { freshDatabaseUrl, stopSharedPostgres } from '/work/main/test/helpers/postgres';
import { API_KEY_LOOKUP } from '/work/main/src/modules/apikeys/api-key.verifier';
import { CountingApiKeyVerifier } from '/work/main/src/modules/quota/counting-api-key.verifier';
import { SystemClock } from '/work/main/src/core/clock';
import { sha256Hex } from '/work/main/src/core/secrets';

async function run(name: string, n: number, conc: number, fn: (i: number) => Promise<unknown>) {
  const c0 = process.cpuUsage(); const t0 = Date.now();
  let i = 0;
  await Promise.all(Array.from({ length: conc }, async () => { while (i < n) await fn(i++); }));
  const cpu = process.cpuUsage(c0); const ms = Date.now() - t0;
  console.log(name.padEnd(30), Math.round(n / ms * 1000), 'ops/s', ((cpu.user + cpu.system) / n).toFixed(1), 'us cpu/op');
}
(async () => {
  const url = await freshDatabaseUrl();
  const orm = await initOrm(url, 16, () => undefined);
  await migrate(orm, url);
  const em = orm.em.fork();
  const org = '00000000-0000-0000-0000-000000000001';
  await em.getConnection().execute(`INSERT INTO organizations (id, name, plan, created_at) VALUES ('${org}', 'x', 'AI', now())`);
  const tokens: string[] = [];
  for (let i = 0; i < 64; i++) {
    const token = 'fk_' + i.toString(16).padStart(64, '0');
    tokens.push(token);
    await em.getConnection().execute(`INSERT INTO api_keys (id, organization_id, name, key_hash, redacted, created_at) VALUES (gen_random_uuid(), '${org}', 'k', '${sha256Hex(token)}', 'r', now())`);
  }
  const v = new CountingApiKeyVerifier(new SystemClock(), new WeakMap());
  for (let round = 0; round < 2; round++) {
    await run('lookup only', 20000, 16, () => em.getConnection().execute(API_KEY_LOOKUP, [sha256Hex(tokens[0]), null, null]));
    await run('lookup+count same key', 20000, 16, () => v.verify(em, { token: tokens[0], organizationId: null }));
    await run('lookup+count 64 keys', 20000, 16, (i) => v.verify(em, { token: tokens[i % 64], organizationId: null }));
  }
  await orm.close(true);
  await stopSharedPostgres();
})();
