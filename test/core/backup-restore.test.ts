import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Migration } from '@mikro-orm/migrations';
import { expect } from 'chai';
import { Client } from 'pg';
import { backupDatabase, restoreDatabase } from '../../src/core/db/backup';
import { initOrm } from '../../src/core/db/orm';
import type { TestApp } from '../helpers/app';
import {
  importPayments,
  makeApiKey,
  makeBankAccount,
  makeCompany,
  makeDocument,
  makeInvoice,
  makePaymentLine,
} from '../helpers/fixtures';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { run, spawnApp, type AppProcess } from '../helpers/process';

/** The fixtures' HTTP calls against an app running as its own process. */
function client(proc: AppProcess): TestApp {
  async function request(method: string, p: string, options: { token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(proc.url + p, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    const body: unknown = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: res.status, headers: res.headers, body, text };
  }
  return {
    url: proc.url,
    request: (method: string, p: string, options?: { token?: string; body?: unknown }) => request(method, p, options),
    get: (p: string, token?: string) => request('GET', p, { token }),
    post: (p: string, body: unknown, token?: string) => request('POST', p, { body, token }),
  } as unknown as TestApp;
}

/** The running number at the end of a document number. */
const serial = (n: string) => Number(/(\d+)$/.exec(n)![1]);

const cli = (args: string[], env: Record<string, string>) => run(['scripts/cli.ts', ...args], env);

describe('backup and restore of the embedded database (npm run cli -- backup / restore)', function () {
  this.timeout(180_000);
  let dir: string;
  const running: AppProcess[] = [];
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-backup-'));
    // Under root the server runs as `postgres`, which must reach the data directories.
    fs.chmodSync(dir, 0o777);
  });
  after(async () => {
    for (const p of running) await p.terminate();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a running app and restores every document, payment and API key into a fresh DATA_DIR', async () => {
    // One public address on both sides, as when a server is rebuilt from its backup.
    const PUBLIC_URL = 'https://faktura.example.cz';
    const first = { DATA_DIR: path.join(dir, 'first'), EMBEDDED_PG_PORT: String(await freePort()), PUBLIC_URL };
    const app1 = await spawnApp(first, await freePort());
    running.push(app1);
    const api1 = client(app1);

    const company = await makeCompany(api1);
    const apiKey = await makeApiKey(api1, company);
    const invoice = await makeInvoice(api1, company.token, { total: '1234.56', variableSymbol: '20260042' });
    const draft = await makeDocument(api1, company.token, {
      clientName: 'Žluťoučký kůň, a.s.',
      note: 'řádek 1\nřádek 2',
    });
    const account = await makeBankAccount(api1, company.token);
    await importPayments(api1, company.token, account.id, [
      makePaymentLine({ amount: '1234.56', variableSymbol: '20260042' }),
      makePaymentLine({ amount: '99.90', variableSymbol: null }),
    ]);
    const documents = (await api1.get('/api/v1/documents', apiKey.key)).body;
    const payments = (await api1.get('/api/v1/payments', company.token)).body;
    const paid = (await api1.get(`/api/v1/documents/${invoice.id}`, company.token)).body;
    expect(paid.status).to.equal('PAID');

    // Taken while the app runs: the CLI attaches to the app's embedded server (another port is
    // configured here on purpose: it reads the running server's port from its data directory).
    const file = path.join(dir, 'faktura.backup');
    // Invoices keep being issued while the backup runs: the snapshot holds a prefix of them, with the
    // number series at exactly the last one it holds.
    const during: { id: string; number: string }[] = [];
    let backingUp = true;
    const writer = (async () => {
      while (backingUp) during.push(await makeInvoice(api1, company.token, { total: '5.00' }));
    })();
    const backup = await cli(['backup', file], { ...first, EMBEDDED_PG_PORT: String(await freePort()) });
    backingUp = false;
    await writer;
    expect(during.length, 'invoices issued while the backup ran').to.be.greaterThan(0);
    expect(backup.code, backup.output).to.equal(0);
    expect(backup.output).to.match(/backup written to .*faktura\.backup/);
    expect(backup.output).to.match(/master key \(id [0-9a-f]{8}\) is NOT in the backup/);
    expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
    const content = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(content.split('\n')[0]).to.equal('FAKTURA-BACKUP 1');
    // Credentials are stored hashed and secrets sealed: the file holds none usable, nor the master key.
    expect(content).to.include(draft.id);
    for (const secret of [
      apiKey.key,
      company.token,
      fs.readFileSync(path.join(first.DATA_DIR, 'master.key'), 'utf8').trim(),
    ])
      expect(content).not.to.include(secret);
    // The app kept serving.
    expect((await api1.get(`/api/v1/documents/${draft.id}`, apiKey.key)).status).to.equal(200);
    expect(await app1.terminate()).to.equal(0);
    running.pop();

    const second = { DATA_DIR: path.join(dir, 'second'), EMBEDDED_PG_PORT: String(await freePort()), PUBLIC_URL };
    // Without the backup's master key the restore refuses, before touching anything.
    const keyless = await cli(['restore', file], second);
    expect(keyless.code, keyless.output).to.equal(1);
    expect(keyless.output.trim().split('\n'), keyless.output).to.have.length(1);
    expect(keyless.output).to.match(/needs the backup's master key/);
    expect(fs.existsSync(path.join(second.DATA_DIR, 'pg'))).to.equal(false);

    fs.mkdirSync(second.DATA_DIR, { recursive: true });
    fs.copyFileSync(path.join(first.DATA_DIR, 'master.key'), path.join(second.DATA_DIR, 'master.key'));
    const restore = await cli(['restore', file], second);
    expect(restore.code, restore.output).to.equal(0);
    expect(restore.output).to.match(/^restored \d+ rows in \d+ tables/);

    // A second restore into the same, now filled, database is refused in one line.
    const again = await cli(['restore', file], second);
    expect(again.code, again.output).to.equal(1);
    expect(again.output.trim().split('\n'), again.output).to.have.length(1);
    expect(again.output).to.match(/the database is not empty/);

    const app2 = await spawnApp(second, await freePort());
    running.push(app2);
    const api2 = client(app2);
    // The API key authenticates, the session of the owner still holds, and all data is there.
    const docs2 = await api2.get(`/api/v1/documents/${draft.id}`, apiKey.key);
    expect(docs2.status, docs2.text).to.equal(200);
    for (const doc of documents.data)
      expect((await api2.get(`/api/v1/documents/${doc.id}`, apiKey.key)).body).to.deep.equal({ ...doc, reminders: [] });
    expect((await api2.get('/api/v1/payments', company.token)).body).to.deep.equal(payments);
    expect((await api2.get(`/api/v1/documents/${invoice.id}`, apiKey.key)).body).to.deep.equal(paid);
    const login = await api2.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(login.status, login.text).to.equal(200);
    // Numbering goes on after the restored documents (sequences and counters came back too).
    const held = [];
    for (const doc of during) held.push((await api2.get(`/api/v1/documents/${doc.id}`, apiKey.key)).status);
    const kept = held.filter((status) => status === 200).length;
    expect(held, 'the backup holds a prefix of the invoices issued during it').to.deep.equal([
      ...Array(kept).fill(200),
      ...Array(during.length - kept).fill(404),
    ]);
    const last = kept > 0 ? during[kept - 1].number : invoice.number;
    const next = await makeInvoice(api2, company.token, { total: '10.00' });
    expect(serial(next.number), `${last} then ${next.number}`).to.equal(serial(last) + 1);
    expect(await app2.terminate()).to.equal(0);
    running.pop();
  });
});

class MigrationTypes extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE parent (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, label text NOT NULL)`);
    this.addSql(`CREATE TABLE child (
      id bigserial PRIMARY KEY,
      parent_id int NOT NULL REFERENCES parent(id),
      amount numeric(30, 12), ratio double precision, at timestamptz, day date, raw bytea,
      doc jsonb, doc_json json, tags text[], note text,
      doubled numeric GENERATED ALWAYS AS (amount * 2) STORED)`);
    this.addSql(`CREATE TABLE seeded (code text PRIMARY KEY)`);
    this.addSql(`INSERT INTO seeded VALUES ('from-the-migration')`);
  }
}
const typesSchema = { entities: [], migrations: [{ name: 'MigrationTypes', class: MigrationTypes }] };

async function rows(url: string, statement: string): Promise<unknown[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(statement)).rows;
  } finally {
    await c.end();
  }
}

describe('backup format: values come back exactly, damaged files restore nothing', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-backup-types-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const DUMP = `SELECT row_to_json(t)::text AS j FROM (
      SELECT p.label, c.* FROM child c JOIN parent p ON p.id = c.parent_id ORDER BY c.id) t`;

  it('round-trips numbers, timestamps, bytea, json, arrays, identity, generated columns and sequences', async () => {
    const source = await freshDatabaseUrl();
    const orm = await initOrm(source, typesSchema, 2, () => undefined);
    await orm.getMigrator().up();
    await orm.close(true);
    await rows(
      source,
      `INSERT INTO parent (label) VALUES ('a'), ('Žluťoučký "kůň"\n\\ tab\t');
       INSERT INTO child (parent_id, amount, ratio, at, day, raw, doc, doc_json, tags, note) VALUES
        (1, 123456789012345678.123456789012, 0.1 + 0.2, '2026-03-29 01:59:59.999999+00', '2026-02-28',
         '\\x00ff0a0d', '{"a": [1, 2.50, null], "s": "x\\ny"}', '"just a string"', ARRAY['a,b', 'c"d', NULL, ''], NULL),
        (2, -0.000000000001, 'NaN', NULL, NULL, '', 'null', 'null', '{}', '');
       SELECT setval('child_id_seq', 41);`,
    );
    const before = await rows(source, DUMP);
    const file = path.join(dir, 'types.backup');
    const done = await backupDatabase(source, file, 'abcd1234');
    expect(done.header.migrations).to.deep.equal(['MigrationTypes']);
    expect(done.header.masterKeyId).to.equal('abcd1234');

    const target = await freshDatabaseUrl();
    await restoreDatabase(target, file, typesSchema);
    expect(await rows(target, DUMP)).to.deep.equal(before);
    // A jsonb `null` stays a JSON null, apart from SQL NULL (row_to_json would merge them).
    const nulls =
      'SELECT id, doc IS NULL AS sql_null, doc_json IS NULL AS json_sql_null, note IS NULL AS note_null FROM child ORDER BY id';
    expect(await rows(target, nulls)).to.deep.equal(await rows(source, nulls));
    expect(await rows(target, nulls)).to.deep.include({
      id: '2',
      sql_null: false,
      json_sql_null: false,
      note_null: false,
    });
    // The sequence goes on where the backup saw it, the identity column after the restored rows.
    expect(await rows(target, "SELECT nextval('child_id_seq')::int AS n")).to.deep.equal([{ n: 42 }]);
    expect(await rows(target, 'SELECT code FROM seeded')).to.deep.equal([{ code: 'from-the-migration' }]);
    const id = await rows(target, "INSERT INTO parent (label) VALUES ('new') RETURNING id");
    expect(id).to.deep.equal([{ id: 3 }]);

    // Not into a database that holds data.
    await expectRefusal(restoreDatabase(target, file, typesSchema), /the database is not empty/);

    // A truncated file restores nothing.
    const whole = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    const cut = path.join(dir, 'cut.backup');
    fs.writeFileSync(cut, zlib.gzipSync(whole.slice(0, whole.indexOf('\nS '))));
    const fresh = await freshDatabaseUrl();
    await expectRefusal(restoreDatabase(fresh, cut, typesSchema), /incomplete/);
    expect(await rows(fresh, 'SELECT count(*)::int AS n FROM child')).to.deep.equal([{ n: 0 }]);
    // A row count that does not match restores nothing either.
    const lost = path.join(dir, 'lost.backup');
    const lines = whole.split('\n');
    lines.splice(lines.findIndex((l) => l.startsWith('T {"schema":"public","name":"child"')) + 1, 1);
    fs.writeFileSync(lost, zlib.gzipSync(lines.join('\n')));
    const fresh2 = await freshDatabaseUrl();
    await expectRefusal(restoreDatabase(fresh2, lost, typesSchema), /damaged/);
    expect(await rows(fresh2, 'SELECT count(*)::int AS n FROM parent')).to.deep.equal([{ n: 0 }]);
    // A backup from a newer version (a migration unknown here) is refused before anything is done.
    await expectRefusal(
      restoreDatabase(await freshDatabaseUrl(), file, { entities: [], migrations: [] }),
      /newer Faktura \(migration MigrationTypes is unknown here\)/,
    );
  });
});

async function expectRefusal(p: Promise<unknown>, message: RegExp): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(err, 'expected a refusal').to.be.instanceOf(Error);
  expect(err!.message).to.match(message);
}
