import 'reflect-metadata';
import { initOrm, migrate } from '/work/main/src/core/db/orm';
import { freshDatabaseUrl, stopSharedPostgres } from '/work/main/test/helpers/postgres';
import { CountingApiKeyVerifier } from '/work/main/src/modules/quota/counting-api-key.verifier';
import { ApiKeyVerifier } from '/work/main/src/modules/apikeys/api-key.verifier';
import { SystemClock } from '/work/main/src/core/clock';
import { sha256Hex } from '/work/main/src/core/secrets';

async function run(name: string, n: number, conc: number, fn: () => Promise<unknown>) {
  const c0 = process.cpuUsage(); const t0 = Date.now();
  let i = 0;
  await Promise.all(Array.from({ length: conc }, async () => { while (i++ < n) await fn(); }));
  const cpu = process.cpuUsage(c0); const ms = Date.now() - t0;
  console.log(name.padEnd(24), String(Math.round(n / ms * 1000)).padStart(6), 'ops/s', ((cpu.user + cpu.system) / n).toFixed(1), 'us node cpu/op');
}
(async () => {
  const url = await freshDatabaseUrl();
  const orm = await initOrm(url, 16, () => undefined);
  await migrate(orm, url);
  const em = orm.em.fork();
  const org = '00000000-0000-0000-0000-000000000001';
  await em.getConnection().execute(`INSERT INTO organizations (id, name, plan, created_at) VALUES ('${org}', 'x', 'AI', now())`);
  const token = 'fk_' + '0'.repeat(64);
  await em.getConnection().execute(`INSERT INTO api_keys (id, organization_id, name, key_hash, redacted, created_at) VALUES (gen_random_uuid(), '${org}', 'k', '${sha256Hex(token)}', 'r', now())`);
  const counting = new CountingApiKeyVerifier(new SystemClock(), new WeakMap());
  const plain = new ApiKeyVerifier();
  const req = { token, organizationId: null };
  for (let r = 0; r < 3; r++) {
    await run('lookup (off)', 10000, 16, () => plain.verify(em, req));
    await run('lookup+count (on)', 10000, 16, () => counting.verify(em, req));
  }
  await orm.close(true);
  await stopSharedPostgres();
})();
