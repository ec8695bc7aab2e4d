import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const MASTER_KEY_FILE = 'master.key';

export class SecretBoxError extends Error {}

/**
 * Secrets at rest (session signing key, webhook secrets, TOTP secrets, third-party tokens):
 * AES-256-GCM under the master key. A sealed value reads `v1.<key id>.<iv|tag|ciphertext, base64url>`;
 * the key id (8 hex of the key's SHA-256) says which master key sealed it, so a rotation can tell
 * what it has re-sealed. `purpose` (e.g. `webhook_secret`) is authenticated data: a value sealed for
 * one purpose does not open as another, so a database row cannot be swapped into another column.
 */
export class SecretBox {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new SecretBoxError('The master key must be 32 bytes');
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  seal(plaintext: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${this.keyId}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string, purpose: string): string {
    const [version, keyId, payload] = sealed.split('.');
    if (version !== VERSION || payload === undefined) throw new SecretBoxError('Not a sealed secret');
    if (keyId !== this.keyId) throw new SecretBoxError(`Sealed under another master key (${keyId})`);
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('A sealed secret failed authentication');
    }
  }

  /** Whether `sealed` was sealed under this box's key (a rotation re-seals the others). */
  sealedHere(sealed: string): boolean {
    return sealed.split('.')[1] === this.keyId;
  }
}

export interface MasterKeySource {
  key: Buffer;
  /** The key file, when the key came from one (FAKTURA_MASTER_KEY unset). */
  file: string | null;
  created: boolean;
}

/**
 * The master key: FAKTURA_MASTER_KEY, else `<DATA_DIR>/master.key` (64 hex), generated with mode
 * 0600 on first start. Processes starting together agree: the file is created exclusively and a
 * loser reads the winner's key.
 */
export async function loadMasterKey(config: Pick<Config, 'FAKTURA_MASTER_KEY' | 'DATA_DIR'>): Promise<MasterKeySource> {
  if (config.FAKTURA_MASTER_KEY)
    return { key: Buffer.from(config.FAKTURA_MASTER_KEY, 'hex'), file: null, created: false };
  const file = path.resolve(config.DATA_DIR, MASTER_KEY_FILE);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  let created = true;
  try {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    created = false;
  }
  const text = (await readFile(file, 'utf8')).trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new SecretBoxError(
      `${file} does not hold a master key (64 hexadecimal characters); restore it from a backup`,
    );
  }
  return { key: Buffer.from(text, 'hex'), file, created };
}
