import type { EntityManager } from '@mikro-orm/postgresql';
import { existsSync } from 'node:fs';
import { foreignSealedValue, plainSealedValues, replaceSealedValue } from './core.queries';
import type { AnyModule } from './module';
import { SecretBoxError, type MasterKeySource, type SecretBox } from './secret-box';

/**
 * A database column holding secrets sealed by `infra.secretBox` (issue 23: "a dump of the database
 * holds no usable secret"). Every such column is declared once, by the module that owns the table,
 * in its manifest (`sealedSecrets` of defineModule); core declares its own (app_secrets) below. The
 * declarations drive two things:
 * - on every start, plain values left by a version before sealing are sealed, and a value sealed
 *   under another master key stops the start with a clear line (see `prepareSealedSecrets`);
 * - `npm run cli -- master-key:rotate` re-seals every declared column under a new key in one transaction.
 *
 * To keep a new secret (a bank token, a TOTP secret): store `infra.secretBox.seal(value, purpose)`
 * (never the plain value), read it with `openStored(infra.secretBox, stored, purpose)`, and declare
 * the column here-style in the owning module's manifest:
 * `sealedSecrets: [{ table: 'bank_connections', column: 'access_token', idColumn: 'id', purpose: 'bank_access_token' }]`.
 * The column is text; NULL means "no secret" and is left alone.
 */
export interface SealedColumn {
  table: string;
  column: string;
  /** A unique column of the table (its primary key), to write back each row. */
  idColumn: string;
  /**
   * The authenticated data the values are sealed with: a fixed string, or one built from the row's
   * id (app_secrets seals each named secret for its own name, so rows cannot be swapped).
   */
  purpose: string | ((id: string) => string);
}

/** Core's own: app_secrets, e.g. the key that signs session tokens and page CSRF tokens. */
export const CORE_SEALED_SECRETS: readonly SealedColumn[] = [
  { table: 'app_secrets', column: 'value', idColumn: 'name', purpose: (name) => `app_secret:${name}` },
];

/** Every sealed column: core's and those the modules declare. */
export function sealedColumns(list: readonly AnyModule[]): SealedColumn[] {
  return [...CORE_SEALED_SECRETS, ...list.flatMap((m) => m.sealedSecrets)];
}

export function purposeOf(column: SealedColumn, id: string): string {
  return typeof column.purpose === 'string' ? column.purpose : column.purpose(id);
}

/** Whether `value` is a SecretBox seal (`v1.<key id>.<payload>`) rather than a plain secret. */
export function isSealed(value: string): boolean {
  return /^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/.test(value);
}

/**
 * Opens a value read from a declared column. A plain value written by a version before sealing
 * (sealed at the next start) is returned as it is, so a process does not fail on a row another,
 * older process wrote meanwhile; anything sealed must open under the current master key.
 */
export function openStored(box: SecretBox, stored: string, purpose: string): string {
  return isSealed(stored) ? box.open(stored, purpose) : stored;
}

/** The start failure when the database was sealed under another key than the one this process has. */
export class MasterKeyMismatchError extends SecretBoxError {}

/** The name of the key file of an unfinished rotation (see scripts/cli.ts, master-key:rotate). */
export function pendingKeyFile(file: string): string {
  return `${file}.new`;
}

export function describeKeySource(source: Pick<MasterKeySource, 'file'>): string {
  return source.file ? `the key file ${source.file} (FAKTURA_MASTER_KEY unset)` : 'FAKTURA_MASTER_KEY';
}

/**
 * Run on every start, after the migrations: refuses a master key that did not seal what the database
 * holds, then seals the plain values an older version left. Safe with several processes starting at
 * once: each plain value is replaced only where it is still the same plain value (compare and set),
 * and every seal of it opens to the same secret. Returns how many values it sealed.
 */
export async function prepareSealedSecrets(
  em: EntityManager,
  box: SecretBox,
  source: Pick<MasterKeySource, 'file'>,
  columns: readonly SealedColumn[],
): Promise<number> {
  for (const column of columns) {
    const foreign = await foreignSealedValue(em, column, box.keyId);
    if (foreign !== null) {
      const interrupted = source.file && existsSync(pendingKeyFile(source.file));
      throw new MasterKeyMismatchError(
        `The master key from ${describeKeySource(source)} (id ${box.keyId}) did not seal the secrets in the database ` +
          `(${column.table}.${column.column} was sealed under key id ${foreign}): ` +
          (interrupted
            ? `a master key rotation was interrupted; run \`npm run cli -- master-key:rotate\` again to finish it`
            : `set FAKTURA_MASTER_KEY, or restore the key file, to the key they were sealed with`),
      );
    }
  }
  let sealed = 0;
  for (const column of columns) {
    for (const row of await plainSealedValues(em, column)) {
      if (await replaceSealedValue(em, column, row.id, row.value, box.seal(row.value, purposeOf(column, row.id))))
        sealed += 1;
    }
  }
  return sealed;
}
