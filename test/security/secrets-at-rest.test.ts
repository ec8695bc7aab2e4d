import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Client } from 'pg';
import { Migration } from '@mikro-orm/migrations';
import { rotateMasterKey } from '../../src/core/master-key-rotation';
import { defineModule, type AnyModule } from '../../src/core/module';
import { openStored, sealedColumns } from '../../src/core/sealed-secrets';
import { SecretBox } from '../../src/core/secret-box';
import { modules } from '../../src/modules';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, makeContact, type Company } from '../helpers/fixtures';
import { run } from '../helpers/process';
import { registerApp } from '../oauth/oauth.helpers';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { makeWebhook, octokitVerify, settleWebhooks } from '../helpers/webhooks';

class Migration9901TestBankTokens extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE test_bank_tokens (id uuid PRIMARY KEY, access_token text)`);
  }
}

/** A module keeping a third-party credential, as README "Secrets at rest" says: one declaration in its manifest. */
const bankModule = defineModule({
  name: 'test_bank',
  migrations: [Migration9901TestBankTokens],
  sealedSecrets: [{ table: 'test_bank_tokens', column: 'access_token', idColumn: 'id', purpose: 'bank_access_token' }],
  build: () => ({}),
});

/**
 * Issue 23 point 7: the session signing key and webhook secrets are sealed under the master key (a
 * database dump holds no usable secret), plain values of an older version are sealed on start, a
 * wrong master key stops the start with one line, and `master-key:rotate` keeps everything working.
 */
describe('secrets at rest: sealed under the master key', () => {
  const dirs: string[] = [];
  const apps: TestApp[] = [];
  let receiver: Receiver;

  function dataDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-keys-'));
    dirs.push(dir);
    return dir;
  }
  async function start(env: Record<string, string>, extraModules: AnyModule[] = []): Promise<TestApp> {
    const app = await startTestApp({ WEBHOOK_TIMEOUT_MS: '2000', ...env }, { extraModules });
    apps.push(app);
    return app;
  }
  async function stop(app: TestApp): Promise<void> {
    apps.splice(apps.indexOf(app), 1);
    await app.stop();
  }
  async function sql<T = Record<string, string>>(databaseUrl: string, text: string, values: unknown[] = []) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }
  /** Every row of every table as text: what a dump would show. */
  async function dump(databaseUrl: string): Promise<string> {
    const tables = await sql<{ name: string }>(
      databaseUrl,
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.name)).to.include.members(['app_secrets', 'webhook_endpoints', 'users', 'api_keys']);
    const parts: string[] = [];
    for (const { name } of tables) {
      const [row] = await sql<{ rows: string | null }>(
        databaseUrl,
        `SELECT string_agg(t::text, E'\\n') AS rows FROM "${name}" t`,
      );
      parts.push(`${name}:\n${row.rows ?? ''}`);
    }
    return parts.join('\n');
  }
  /** Creates a contact and checks the receiver got its webhook signed with `secret`. */
  async function expectSignedWith(app: TestApp, company: Company, secret: string, name: string): Promise<void> {
    await makeContact(app, company.token, { name });
    await settleWebhooks(app);
    const got = receiver.received.find((r) => r.body.includes(name));
    expect(got, `a delivery of ${name}`).not.to.equal(undefined);
    const verify = await octokitVerify();
    expect(await verify(secret, got!.body, got!.headers['x-faktura-signature'] as string)).to.equal(true);
  }
  async function keyIds(databaseUrl: string): Promise<string[]> {
    const rows = await sql<{ value: string }>(
      databaseUrl,
      `SELECT value FROM app_secrets UNION ALL SELECT secret FROM webhook_endpoints`,
    );
    return [...new Set(rows.map((r) => r.value.split('.')[1]))];
  }
  const keyIdOf = (file: string) => new SecretBox(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex')).keyId;

  /** What a start printed besides its JSON log lines: the failure line of src/main.ts. */
  const printed = (output: string) => output.split('\n').filter((l) => l.trim() && !l.startsWith('{'));

  before(async () => {
    receiver = await startReceiver();
  });
  after(async () => {
    for (const app of apps) await app.stop();
    await receiver.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps no usable secret in the database: a dump holds no webhook secret, signing key or bearer token', async () => {
    const dir = dataDir();
    const app = await start({ DATA_DIR: dir });
    const keyFile = path.join(dir, 'master.key');
    expect(fs.statSync(keyFile).mode & 0o777).to.equal(0o600);
    expect(app.logs.join('\n')).to.include('master key generated').and.include(keyFile);
    const company = await makeCompany(app);
    const login = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(login.status, login.text).to.equal(200);
    const apiKey = await makeApiKey(app, company);
    const hook = await makeWebhook(app, company.token, { url: receiver.url });
    const oauthApp = await registerApp(app, company);
    const device = await app.post('/api/v1/pos-devices', { name: 'Kasa 1' }, company.token);
    expect(device.status, device.text).to.equal(201);
    const sessionKey = app.app.container.sessionSecret;
    expect(sessionKey).to.match(/^[0-9a-f]{64}$/);

    const text = await dump(app.databaseUrl);
    for (const [what, secret] of [
      ['webhook secret', hook.secret as string],
      ['session signing key', sessionKey],
      ['API key', apiKey.key],
      ['OAuth client secret', oauthApp.clientSecret!],
      ['POS device token', device.body.token as string],
      ['session token (signup)', company.token],
      ['session token (login)', login.body.token as string],
      ['master key', fs.readFileSync(keyFile, 'utf8').trim()],
    ]) {
      expect(text.includes(secret), `${what} in the dump`).to.equal(false);
    }
    const [stored] = await sql<{ secret: string }>(app.databaseUrl, 'SELECT secret FROM webhook_endpoints');
    expect(stored.secret).to.match(/^v1\.[0-9a-f]{8}\./);
    expect(await keyIds(app.databaseUrl)).to.deep.equal([keyIdOf(keyFile)]);
    // What is sealed still works: the webhook signs with its secret; sessions (server-side rows) still work.
    await expectSignedWith(app, company, hook.secret, 'Sealed Contact');
    expect((await app.get('/api/v1/auth/me', company.token)).status).to.equal(200);
  });

  it('seals the plain values an older version left on the next start, with two processes starting together', async () => {
    const dir = dataDir();
    const first = await start({ DATA_DIR: dir });
    const company = await makeCompany(first);
    const hook = await makeWebhook(first, company.token, { url: receiver.url });
    const sessionKey = first.app.container.sessionSecret;
    const url = first.databaseUrl;
    await stop(first);
    // As a version before sealing wrote them.
    await sql(url, `UPDATE app_secrets SET value = $1 WHERE name = 'session_signing_key'`, [sessionKey]);
    await sql(url, `UPDATE webhook_endpoints SET secret = $1`, [hook.secret]);
    expect((await dump(url)).includes(hook.secret)).to.equal(true);

    const [a, b] = await Promise.all([
      start({ DATA_DIR: dir, DATABASE_URL: url }),
      start({ DATA_DIR: dir, DATABASE_URL: url }),
    ]);
    const text = await dump(url);
    expect(text.includes(hook.secret), 'webhook secret').to.equal(false);
    expect(text.includes(sessionKey), 'session signing key').to.equal(false);
    expect(a.app.container.sessionSecret).to.equal(sessionKey);
    expect(b.app.container.sessionSecret).to.equal(sessionKey);
    expect(await keyIds(url)).to.deep.equal([keyIdOf(path.join(dir, 'master.key'))]);
    expect((await b.get('/api/v1/auth/me', company.token)).status).to.equal(200);
    await stop(b);
    await expectSignedWith(a, company, hook.secret, 'Legacy Contact');
    await stop(a);
  });

  it('refuses to start under another master key with one line naming FAKTURA_MASTER_KEY or the key file', async () => {
    const dir = dataDir();
    const app = await start({ DATA_DIR: dir });
    await makeWebhook(app, (await makeCompany(app)).token, { url: receiver.url });
    const url = app.databaseUrl;
    await stop(app);

    const byEnv = await run(['src/main.ts'], {
      DATABASE_URL: url,
      DATA_DIR: dir,
      PORT: '0',
      FAKTURA_MASTER_KEY: randomBytes(32).toString('hex'),
    });
    expect(byEnv.code, byEnv.output).to.equal(1);
    const [line, ...more] = printed(byEnv.output);
    expect(more, byEnv.output).to.deep.equal([]);
    expect(line).to.match(/^Faktura cannot start: The master key from FAKTURA_MASTER_KEY .* did not seal the secrets/);

    const otherDir = dataDir();
    fs.writeFileSync(path.join(otherDir, 'master.key'), `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    const byFile = await run(['src/main.ts'], { DATABASE_URL: url, DATA_DIR: otherDir, PORT: '0' });
    expect(byFile.code, byFile.output).to.equal(1);
    expect(printed(byFile.output), byFile.output).to.have.length(1);
    expect(byFile.output).to.include(path.join(otherDir, 'master.key')).and.include('restore the key file');
    // A rotation that re-sealed the database but did not get to replace the key file says so.
    fs.writeFileSync(path.join(otherDir, 'master.key.new'), `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    const interrupted = await run(['src/main.ts'], { DATABASE_URL: url, DATA_DIR: otherDir, PORT: '0' });
    expect(interrupted.code).to.equal(1);
    expect(interrupted.output).to.include(
      'a master key rotation was interrupted; run `npm run cli -- master-key:rotate` again',
    );
  });

  it('rotates a key file: master-key:rotate re-seals everything, webhooks sign with the same secret, sessions stay valid', async () => {
    const dir = dataDir();
    const keyFile = path.join(dir, 'master.key');
    const app = await start({ DATA_DIR: dir });
    const company = await makeCompany(app);
    const hook = await makeWebhook(app, company.token, { url: receiver.url });
    const url = app.databaseUrl;
    const oldKey = fs.readFileSync(keyFile, 'utf8');
    const oldId = keyIdOf(keyFile);
    await stop(app);

    // An interrupted earlier run left the new key in master.key.new: the command finishes with that one.
    const pending = randomBytes(32).toString('hex');
    fs.writeFileSync(`${keyFile}.new`, `${pending}\n`, { mode: 0o600 });

    const rotated = await run(['scripts/cli.ts', 'master-key:rotate'], { DATABASE_URL: url, DATA_DIR: dir });
    expect(rotated.code, rotated.output).to.equal(0);
    expect(rotated.output).to.include('2 secrets re-sealed').and.include(`${keyFile}.old`);
    expect(fs.readFileSync(keyFile, 'utf8').trim()).to.equal(pending);
    expect(fs.readFileSync(`${keyFile}.old`, 'utf8')).to.equal(oldKey);
    expect(fs.existsSync(`${keyFile}.new`)).to.equal(false);
    for (const file of [keyFile, `${keyFile}.old`]) expect(fs.statSync(file).mode & 0o777, file).to.equal(0o600);
    const newId = keyIdOf(keyFile);
    expect(newId).not.to.equal(oldId);
    expect(await keyIds(url)).to.deep.equal([newId]);

    const again = await start({ DATA_DIR: dir, DATABASE_URL: url });
    expect((await again.get('/api/v1/auth/me', company.token)).status).to.equal(200);
    await expectSignedWith(again, company, hook.secret, 'Rotated Contact');
    await stop(again);
  });

  it("covers a module's declared column: its plain values are sealed on start and re-sealed by the rotation", async () => {
    const dir = dataDir();
    const first = await start({ DATA_DIR: dir }, [bankModule]);
    const url = first.databaseUrl;
    const box = first.app.container.secretBox;
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await sql(url, `INSERT INTO test_bank_tokens (id, access_token) VALUES ($1, $2), ($3, $4), ($5, NULL)`, [
      ids[0],
      box.seal('sealed-token', 'bank_access_token'),
      ids[1],
      'plain-token-of-an-older-version',
      ids[2],
    ]);
    await stop(first);

    const second = await start({ DATA_DIR: dir, DATABASE_URL: url }, [bankModule]);
    const stored = async () =>
      sql<{ id: string; token: string | null }>(url, `SELECT id, access_token AS token FROM test_bank_tokens`);
    const opened = async (b: SecretBox) =>
      Object.fromEntries(
        (await stored()).map((row) => [
          row.id,
          row.token === null ? null : openStored(b, row.token, 'bank_access_token'),
        ]),
      );
    expect((await dump(url)).includes('plain-token-of-an-older-version')).to.equal(false);
    for (const row of await stored())
      if (row.token !== null) expect(row.token.startsWith(`v1.${box.keyId}.`)).to.equal(true);
    expect(await opened(box)).to.deep.equal({
      [ids[0]]: 'sealed-token',
      [ids[1]]: 'plain-token-of-an-older-version',
      [ids[2]]: null,
    });

    // The command's work, on this app's connection (the app is not used meanwhile).
    const newKey = randomBytes(32).toString('hex');
    const message = await rotateMasterKey(
      second.app.container.orm.em.fork(),
      { DATA_DIR: dir, FAKTURA_MASTER_KEY: undefined },
      sealedColumns([...modules, bankModule]),
      newKey,
    );
    await stop(second);
    expect(message).to.include('3 secrets re-sealed');
    const newBox = new SecretBox(Buffer.from(newKey, 'hex'));
    expect(await opened(newBox)).to.deep.equal({
      [ids[0]]: 'sealed-token',
      [ids[1]]: 'plain-token-of-an-older-version',
      [ids[2]]: null,
    });
  });

  it('rotates a key from FAKTURA_MASTER_KEY: the new key comes in FAKTURA_NEW_MASTER_KEY', async () => {
    const dir = dataDir();
    const oldKey = randomBytes(32).toString('hex');
    const newKey = randomBytes(32).toString('hex');
    const app = await start({ DATA_DIR: dir, FAKTURA_MASTER_KEY: oldKey });
    expect(fs.existsSync(path.join(dir, 'master.key'))).to.equal(false);
    const company = await makeCompany(app);
    const hook = await makeWebhook(app, company.token, { url: receiver.url });
    const url = app.databaseUrl;
    await stop(app);
    const before = await keyIds(url);

    const asked = await run(['scripts/cli.ts', 'master-key:rotate'], { DATABASE_URL: url, FAKTURA_MASTER_KEY: oldKey });
    expect(asked.code).to.equal(1);
    expect(asked.output).to.include('FAKTURA_NEW_MASTER_KEY').and.include('nothing was changed');
    expect(await keyIds(url)).to.deep.equal(before);

    const rotated = await run(['scripts/cli.ts', 'master-key:rotate'], {
      DATABASE_URL: url,
      FAKTURA_MASTER_KEY: oldKey,
      FAKTURA_NEW_MASTER_KEY: newKey,
    });
    expect(rotated.code, rotated.output).to.equal(0);
    expect(rotated.output).to.include('Set FAKTURA_MASTER_KEY');

    const again = await start({ DATA_DIR: dir, DATABASE_URL: url, FAKTURA_MASTER_KEY: newKey });
    expect((await again.get('/api/v1/auth/me', company.token)).status).to.equal(200);
    await expectSignedWith(again, company, hook.secret, 'Env Rotated Contact');
  });
});
