import 'reflect-metadata';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db/database';
import { initOrm, migrate } from '../src/core/db/orm';
import { persistence } from '../src/modules';

/** `npm run migrate`: applies pending migrations (the app also does this on start). */
async function main(): Promise<void> {
  const database = await openDatabase(loadConfig());
  const orm = await initOrm(database.url, persistence, 2, () => undefined);
  try {
    const applied = await migrate(orm, database.url);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await orm.close(true);
    await database.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
