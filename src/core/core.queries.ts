import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from './db/sql';

/** The tables core owns itself: app_secrets (secrets kept across restarts); outbound_email is core/mail's (mail.queries.ts). */

/** Stores the secret unless one of that name exists (concurrent first starts: the first insert wins). */
export async function insertAppSecretIfAbsent(
  em: EntityManager,
  name: string,
  value: string,
  now: Date,
): Promise<void> {
  await query(em, 'INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', [
    name,
    value,
    now,
  ]);
}

export async function appSecret(em: EntityManager, name: string): Promise<string> {
  const [row] = await query<{ value: string }>(em, 'SELECT value FROM app_secrets WHERE name = ?', [name]);
  return row.value;
}

// Declared sealed columns (src/core/sealed-secrets.ts): the table and column names come from the
// modules' manifests, never from a request, and are checked to be plain identifiers before use.

interface SealedColumnName {
  table: string;
  column: string;
  idColumn: string;
}

function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

function names(c: SealedColumnName): { table: string; column: string; id: string } {
  return { table: identifier(c.table), column: identifier(c.column), id: identifier(c.idColumn) };
}

/** The key id of one value of the column sealed under another master key than `keyId`, or null. */
export async function foreignSealedValue(
  em: EntityManager,
  c: SealedColumnName,
  keyId: string,
): Promise<string | null> {
  const { table, column } = names(c);
  const [row] = await query<{ keyId: string }>(
    em,
    `SELECT split_part(${column}, '.', 2) AS "keyId" FROM ${table}
     WHERE ${column} LIKE 'v1.%' AND split_part(${column}, '.', 2) <> ? LIMIT 1`,
    [keyId],
  );
  return row ? row.keyId : null;
}

/** Values of the column that are not sealed (left by a version before sealing). */
export async function plainSealedValues(
  em: EntityManager,
  c: SealedColumnName,
): Promise<{ id: string; value: string }[]> {
  const { table, column, id } = names(c);
  return query(
    em,
    `SELECT ${id}::text AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND ${column} NOT LIKE 'v1.%'`,
  );
}

/** Every value of the column, locked until the transaction ends (a rotation). */
export async function sealedValuesForUpdate(
  em: EntityManager,
  c: SealedColumnName,
): Promise<{ id: string; value: string }[]> {
  const { table, column, id } = names(c);
  return query(
    em,
    `SELECT ${id}::text AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL ORDER BY 1 FOR UPDATE`,
  );
}

/** Replaces the value of one row where it still is `expected` (compare and set); whether it did. */
export async function replaceSealedValue(
  em: EntityManager,
  c: SealedColumnName,
  rowId: string,
  expected: string,
  value: string,
): Promise<boolean> {
  const { table, column, id } = names(c);
  const rows = await query(
    em,
    `UPDATE ${table} SET ${column} = ? WHERE ${id}::text = ? AND ${column} = ? RETURNING 1 AS done`,
    [value, rowId, expected],
  );
  return rows.length > 0;
}
