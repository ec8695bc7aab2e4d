import 'reflect-metadata';
import { Client } from 'pg';
import { freshDatabaseUrl, stopSharedPostgres } from '/work/main/test/helpers/postgres';
import { initOrm, migrate } from '/work/main/src/core/db/orm';
(async () => {
  const url = await freshDatabaseUrl();
  const orm = await initOrm(url, 4, () => undefined); await migrate(orm, url); await orm.close(true);
  const c = new Client({ connectionString: url }); await c.connect();
  const org = '00000000-0000-0000-0000-000000000001', key = '00000000-0000-0000-0000-000000000002';
  await c.query(`INSERT INTO organizations (id, name, plan, created_at) VALUES ($1, 'x', 'FREE', now())`, [org]);
  await c.query(`INSERT INTO api_keys (id, organization_id, name, key_hash, redacted, created_at) VALUES ($1, $2, 'k', 'h', 'r', now())`, [key, org]);
  const sql = `WITH credential AS (
    SELECT k.id, o.id AS organization_id, o.name, o.plan, l.monthly
      FROM api_keys k JOIN organizations o ON o.id = k.organization_id
      JOIN (VALUES ('FREE', 3::bigint), ('AI', NULL)) AS l(plan, monthly) ON l.plan = o.plan
     WHERE k.key_hash = $1 AND ($2::uuid IS NULL OR o.id = $2::uuid)
  ), counted AS (
    INSERT INTO quota_usage AS q (organization_id, credential_id, period, credential_type, used)
    SELECT c.organization_id, c.id, $3, 'apiKey', 1 FROM credential c, (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
    ON CONFLICT (organization_id, credential_id, period) DO UPDATE SET used = q.used + 1
     WHERE q.used < COALESCE((SELECT monthly FROM credential), 9223372036854775807)
    RETURNING q.used
  )
  SELECT c.*, (SELECT used FROM counted) AS used, current_setting('synchronous_commit') sc FROM credential c`;
  for (let i = 0; i < 5; i++) console.log((await c.query({ name: 'x', text: sql, values: ['h', null, '2026-11-01'] })).rows);
  console.log((await c.query({ name: 'x', text: sql, values: ['h', key, '2026-11-01'] })).rows);
  console.log((await c.query({ name: 'x', text: sql, values: ['nope', null, '2026-11-01'] })).rows);
  await c.query(`UPDATE organizations SET plan='AI'`);
  console.log((await c.query({ name: 'x', text: sql, values: ['h', null, '2026-11-01'] })).rows);
  console.log((await c.query('SELECT * FROM quota_usage')).rows);
  await c.end(); await stopSharedPostgres();
})();
