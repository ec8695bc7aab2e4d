/**
 * The statements of the backup and restore (src/core/db/backup.ts): they read the catalog and every
 * table of the database, so they belong to no module. Table and column names are quoted with
 * `quoteIdent` from the catalog's own names, never from input.
 */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

export const SERVER_VERSION = 'SHOW server_version';

export const SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

/** Every ordinary and partitioned table outside the system schemas, in a stable order. */
export const TABLES = `
  SELECT n.nspname AS schema, c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
     AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
   ORDER BY n.nspname, c.relname`;

/** The stored columns (not generated ones) with their types: what a backup reads and a restore writes. */
export const WRITABLE_COLUMNS = `
  SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_attribute a
   WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
   ORDER BY a.attnum`;

export const SEQUENCES = `
  SELECT schemaname AS schema, sequencename AS name, last_value::text AS value
    FROM pg_sequences
   WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
   ORDER BY schemaname, sequencename`;

export const MIGRATIONS_APPLIED = `SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`;

export const MIGRATIONS_TABLE_EXISTS = `SELECT to_regclass('public.${MIGRATIONS_TABLE}') IS NOT NULL AS present`;

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/**
 * Each row as a JSON array of its columns' text forms (PostgreSQL's own output functions, as COPY
 * writes them; SQL NULL is JSON null, a jsonb `null` the string "null").
 */
export const readCursor = (table: string, columns: string[]) =>
  `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT array_to_json(ARRAY[${columns
    .map((c) => `${quoteIdent(c)}::text`)
    .join(', ')}]::text[])::text AS j FROM ONLY ${table}`;

export const FETCH_ROWS = (n: number) => `FETCH ${n} FROM backup_rows`;

export const CLOSE_CURSOR = 'CLOSE backup_rows';

/** Rows from their JSON arrays of text forms, each cast back through the column type's input function. */
export const insertRows = (table: string, columns: { name: string; type: string }[]) =>
  `INSERT INTO ${table} (${columns.map((c) => quoteIdent(c.name)).join(', ')}) OVERRIDING SYSTEM VALUE
   SELECT ${columns.map((c, i) => `(r->>${i})::${c.type}`).join(', ')} FROM json_array_elements($1::json) r`;

export const SET_SEQUENCE = 'SELECT setval($1::regclass, $2::bigint, true)';

export const truncateAll = (tables: string[]) => `TRUNCATE ${tables.join(', ')} CASCADE`;

export const REPLICA_ROLE = 'SET LOCAL session_replication_role = replica';
