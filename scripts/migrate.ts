import 'reflect-metadata';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { startEmbeddedPostgres } from '../src/core/db/embedded';
import { initOrm, migrate } from '../src/core/db/orm';

/** `npm run migrate`: applies pending migrations (the app also does this on start). */
async function main(): Promise<void> {
  const config = loadConfig();
  let url = config.DATABASE_URL;
  let stop: (() => Promise<void>) | null = null;
  if (!url) {
    const db = await startEmbeddedPostgres({ dataDir: path.join(config.DATA_DIR, 'pg'), port: config.EMBEDDED_PG_PORT, database: 'faktura' });
    url = db.url;
    stop = db.stop;
  }
  const orm = await initOrm(url, 2, () => undefined);
  try {
    const applied = await migrate(orm, url);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await orm.close(true);
    await stop?.();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
