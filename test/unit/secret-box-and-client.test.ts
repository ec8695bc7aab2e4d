import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { clientIp, clientUserAgent } from '../../src/core/http/client-ip';
import { loadMasterKey, SecretBox, SecretBoxError } from '../../src/core/secret-box';

describe('unit: SecretBox (AES-256-GCM under the master key)', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and the sealed text names the key but holds no plain text', () => {
    const sealed = box.seal('whsec_very-secret', 'webhook_secret');
    expect(sealed).to.match(new RegExp(`^v1\\.${box.keyId}\\.[\\w-]+$`));
    expect(sealed).not.to.contain('very-secret');
    expect(box.open(sealed, 'webhook_secret')).to.equal('whsec_very-secret');
    expect(box.sealedHere(sealed)).to.equal(true);
  });

  it('seals the same value differently each time (a fresh IV)', () => {
    expect(box.seal('x', 'p')).not.to.equal(box.seal('x', 'p'));
  });

  it('refuses a value sealed for another purpose, tampered with, or under another key', () => {
    const sealed = box.seal('secret', 'session_signing_key');
    expect(() => box.open(sealed, 'webhook_secret')).to.throw(SecretBoxError);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, 'session_signing_key')).to.throw(
      SecretBoxError,
    );
    const other = new SecretBox(randomBytes(32));
    expect(() => other.open(sealed, 'session_signing_key')).to.throw(SecretBoxError, /another master key/);
    expect(other.sealedHere(sealed)).to.equal(false);
    expect(() => box.open('plain-text-value', 'session_signing_key')).to.throw(SecretBoxError);
  });

  it('generates the key file once with mode 0600, and every later start reads the same key', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'faktura-key-'));
    const dataDir = path.join(dir, 'data');
    const first = await loadMasterKey({ DATA_DIR: dataDir });
    expect(first.created).to.equal(true);
    expect(first.file).to.equal(path.join(dataDir, 'master.key'));
    expect((await stat(first.file!)).mode & 0o777).to.equal(0o600);
    const [again, concurrent] = await Promise.all([
      loadMasterKey({ DATA_DIR: dataDir }),
      loadMasterKey({ DATA_DIR: dataDir }),
    ]);
    expect(again.created).to.equal(false);
    expect(again.key.equals(first.key)).to.equal(true);
    expect(concurrent.key.equals(first.key)).to.equal(true);
  });

  it('takes FAKTURA_MASTER_KEY over the file, and refuses a damaged key file naming it', async () => {
    const hex = randomBytes(32).toString('hex');
    const fromEnv = await loadMasterKey({ DATA_DIR: '/nonexistent', FAKTURA_MASTER_KEY: hex });
    expect(fromEnv.key.toString('hex')).to.equal(hex);
    expect(fromEnv.file).to.equal(null);
    const dir = await mkdtemp(path.join(tmpdir(), 'faktura-key-'));
    await writeFile(path.join(dir, 'master.key'), 'not a key\n');
    try {
      await loadMasterKey({ DATA_DIR: dir });
      expect.fail('a damaged key file must be refused');
    } catch (err) {
      expect((err as Error).message).to.contain(path.join(dir, 'master.key'));
    }
    expect(await readFile(path.join(dir, 'master.key'), 'utf8')).to.equal('not a key\n');
  });
});

describe('unit: the client address', () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

  it('is the socket peer, IPv4-mapped addresses given as IPv4, whatever X-Forwarded-For claims', () => {
    expect(clientIp(request('::ffff:10.0.0.7', { 'x-forwarded-for': '1.2.3.4' }), false)).to.equal('10.0.0.7');
    expect(clientIp(request('2001:db8::1'), false)).to.equal('2001:db8::1');
  });

  it('behind our one trusted proxy (TRUST_PROXY=1) is the last X-Forwarded-For entry, the one the proxy appended', () => {
    const req = request('10.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' });
    expect(clientIp(req, true)).to.equal('203.0.113.9');
    expect(clientIp(request('10.0.0.1', { 'x-forwarded-for': 'garbage' }), true)).to.equal('10.0.0.1');
    expect(clientIp(request('10.0.0.1'), true)).to.equal('10.0.0.1');
  });

  it('keeps at most 256 characters of the user agent', () => {
    expect(clientUserAgent(request('1.1.1.1', { 'user-agent': 'x'.repeat(1000) }))).to.have.length(256);
  });
});
