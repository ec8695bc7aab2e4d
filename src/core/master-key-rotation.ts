import { randomBytes } from 'node:crypto';
import { chmod, copyFile, open, readFile, rename } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { replaceSealedValue, sealedValuesForUpdate } from './core.queries';
import { isSealed, pendingKeyFile, purposeOf, type SealedColumn } from './sealed-secrets';
import { loadMasterKey, SecretBox, SecretBoxError } from './secret-box';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/**
 * `npm run cli -- master-key:rotate` (stop the app first; every process must restart with the new key).
 *
 * Key file (FAKTURA_MASTER_KEY unset), crash-safe at every step:
 * 1. the new key is written to `master.key.new` (0600, synced) — or read from there when an earlier
 *    run was interrupted (or taken from FAKTURA_NEW_MASTER_KEY);
 * 2. every declared sealed column is re-sealed under it in one transaction (values already sealed
 *    under the new key, from an interrupted run, are left as they are);
 * 3. `master.key` is copied to `master.key.old`, then `master.key.new` is renamed over `master.key`.
 * A crash before 2 commits leaves the old key in use; after it, a start refuses with a line saying to
 * run the command again, which finishes 3. `master.key.old` opens backups taken before the rotation.
 *
 * FAKTURA_MASTER_KEY set: the operator brings the new key in FAKTURA_NEW_MASTER_KEY; the command
 * re-seals under it, and the operator then sets FAKTURA_MASTER_KEY to it and restarts.
 */
export async function rotateMasterKey(
  em: EntityManager,
  config: Pick<Config, 'FAKTURA_MASTER_KEY' | 'DATA_DIR'>,
  columns: readonly SealedColumn[],
  newKeyHex: string | undefined,
): Promise<string> {
  if (newKeyHex !== undefined && !HEX_KEY.test(newKeyHex))
    throw new SecretBoxError('FAKTURA_NEW_MASTER_KEY must be 64 hexadecimal characters (e.g. `openssl rand -hex 32`)');
  const current = await loadMasterKey(config);
  const oldBox = new SecretBox(current.key);
  let newKey: Buffer;
  if (current.file) {
    newKey = await pendingKey(pendingKeyFile(current.file), newKeyHex);
  } else {
    if (newKeyHex === undefined)
      throw new SecretBoxError(
        `The master key comes from FAKTURA_MASTER_KEY: run again with the new key in FAKTURA_NEW_MASTER_KEY ` +
          `(64 hex characters, e.g. ${randomBytes(32).toString('hex')} or one from \`openssl rand -hex 32\`); ` +
          `nothing was changed`,
      );
    newKey = Buffer.from(newKeyHex, 'hex');
  }
  const newBox = new SecretBox(newKey);
  if (newBox.keyId === oldBox.keyId) throw new SecretBoxError('The new master key is the current one');

  let resealed = 0;
  await em.transactional(async (tx) => {
    for (const column of columns) {
      for (const row of await sealedValuesForUpdate(tx, column)) {
        if (isSealed(row.value) && newBox.sealedHere(row.value)) continue;
        const purpose = purposeOf(column, row.id);
        let plain: string;
        try {
          plain = isSealed(row.value) ? oldBox.open(row.value, purpose) : row.value;
        } catch (err) {
          throw new SecretBoxError(
            `${column.table}.${column.column} (${row.id}) does not open with the current master key: ` +
              `${(err as Error).message}; nothing was changed`,
          );
        }
        await replaceSealedValue(tx, column, row.id, row.value, newBox.seal(plain, purpose));
        resealed += 1;
      }
    }
  });

  const counted = `${resealed} secret${resealed === 1 ? '' : 's'} re-sealed under the new master key (id ${newBox.keyId})`;
  if (current.file) {
    const old = `${current.file}.old`;
    await copyFile(current.file, old);
    await chmod(old, 0o600);
    await rename(pendingKeyFile(current.file), current.file);
    return (
      `${counted}; ${current.file} holds it now. Back it up with the database, restart every process, and keep ` +
      `${old} (the previous key) only with the backups taken before now, which it opens`
    );
  }
  return `${counted}. Set FAKTURA_MASTER_KEY to the value of FAKTURA_NEW_MASTER_KEY in every process's environment and restart them`;
}

/** The key of `master.key.new`: the one an interrupted run left there, else a new one written there first. */
async function pendingKey(file: string, given: string | undefined): Promise<Buffer> {
  if (existsSync(file)) {
    const text = (await readFile(file, 'utf8')).trim();
    if (!HEX_KEY.test(text)) throw new SecretBoxError(`${file} does not hold a key; remove it and run again`);
    if (given !== undefined && given.toLowerCase() !== text.toLowerCase())
      throw new SecretBoxError(
        `${file} (an interrupted rotation) holds another key than FAKTURA_NEW_MASTER_KEY; unset FAKTURA_NEW_MASTER_KEY to finish that rotation`,
      );
    return Buffer.from(text, 'hex');
  }
  const hex = given ?? randomBytes(32).toString('hex');
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(`${hex.toLowerCase()}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return Buffer.from(hex, 'hex');
}
