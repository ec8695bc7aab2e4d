import 'reflect-metadata';
import { initOrm, migrate } from '/work/main/src/core/db/orm';
import { freshDatabaseUrl, stopSharedPostgres } from '/work/main/test/helpers/postgres';

async function run(name: string, n: number, conc: number, fn: () => Promise<unknown>) {
  const c0 = process.cpuUsage(); const t0 = Date.now();
  let i = 0;
  await Promise.all(Array.from({ length: conc }, async () => { while (i++ < n) await fn(); }));
  const cpu = process.cpuUsage(c0); const ms = Date.now() - t0;
  console.log(name, Math.round(n / ms * 1000), 'ops/s', ((cpu.user + cpu.system) / n).toFixed(1), 'us cpu/op');
}
(async () => {
  const url = await freshDatabaseUrl();
  const orm = await initOrm(url, 16, () => undefined);
  await migrate(orm, url);
  const em = orm.em.fork();
  const knex = em.getKnex();
  const org = '00000000-0000-0000-0000-000000000001';
  await em.getConnection().execute(`INSERT INTO organizations (id, name, plan, created_at) VALUES ('${org}', 'x', 'FREE', now())`);
  const up = `INSERT INTO quota_usage AS q (organization_id, credential_id, period, credential_type, used)
  SELECT $1, $2, $3, $4, 1 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
  ON CONFLICT (organization_id, credential_id, period) DO UPDATE SET used = q.used + 1 WHERE q.used < $5 RETURNING q.used`;
  const upSync = up.replace("(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit", "(SELECT 1) AS x");
  const params = [org, org, '2026-11-01', 'apiKey', 1e12];
  for (let round = 0; round < 2; round++) {
    await run('mikro SELECT 1', 20000, 32, () => em.getConnection().execute('SELECT 1'));
    await run('knex raw SELECT 1', 20000, 32, () => knex.raw('SELECT 1'));
    await run('pg SELECT 1', 20000, 32, async () => { const c = await (knex.client as any).acquireConnection(); try { await c.query('SELECT 1'); } finally { (knex.client as any).releaseConnection(c); } });
    await run('pg named upsert async', 20000, 32, async () => { const c = await (knex.client as any).acquireConnection(); try { await c.query({ name: 'qa', text: up, values: params }); } finally { (knex.client as any).releaseConnection(c); } });
    await run('pg named upsert sync', 20000, 32, async () => { const c = await (knex.client as any).acquireConnection(); try { await c.query({ name: 'qs', text: upSync, values: params }); } finally { (knex.client as any).releaseConnection(c); } });
    await run('mikro upsert async', 20000, 32, () => em.getConnection().execute(up.replace(/\$\d/g, '?'), params));
  }
  await orm.close(true);
  await stopSharedPostgres();
})();
