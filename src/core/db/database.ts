import path from 'node:path';
import type { Config } from '../../config';
import { attachOrStartEmbedded, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

export interface Database {
  url: string;
  /** Stops the embedded server; nothing to do for an external DATABASE_URL. */
  stop(): Promise<void>;
  /** The embedded server's data directory and what was placed outside the checkout; null for DATABASE_URL. */
  embedded: Pick<EmbeddedDatabase, 'dataDir' | 'relocated'> | null;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL with its data in DATA_DIR/pg. */
export async function openDatabase(config: Config, onLog?: (line: string) => void): Promise<Database> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: () => Promise.resolve(), embedded: null };
  const db = await startEmbeddedPostgres({
    dataDir: path.join(config.DATA_DIR, 'pg'),
    port: config.EMBEDDED_PG_PORT,
    database: 'faktura',
    onLog,
  });
  return { url: db.url, stop: () => db.stop(), embedded: { dataDir: db.dataDir, relocated: db.relocated } };
}

/**
 * For operator commands that may run beside the app (backup): DATABASE_URL when set; otherwise the
 * embedded server a running Faktura started in DATA_DIR/pg, or one started here when none runs.
 */
export async function attachDatabase(config: Config, onLog?: (line: string) => void): Promise<Database> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: () => Promise.resolve(), embedded: null };
  const db = await attachOrStartEmbedded({
    dataDir: path.join(config.DATA_DIR, 'pg'),
    port: config.EMBEDDED_PG_PORT,
    database: 'faktura',
    onLog,
  });
  return { url: db.url, stop: () => db.stop(), embedded: { dataDir: db.dataDir, relocated: db.relocated } };
}
