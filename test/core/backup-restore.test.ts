import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
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
import { freePort } from '../helpers/postgres';
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
    const backup = await cli(['backup', file], { ...first, EMBEDDED_PG_PORT: String(await freePort()) });
    expect(backup.code, backup.output).to.equal(0);
    expect(backup.output).to.match(/backup written to .*faktura\.backup/);
    expect(backup.output).to.match(/master key \(id [0-9a-f]{8}\) is NOT in the backup/);
    expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
    expect(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')[0]).to.equal('FAKTURA-BACKUP 1');
    // The app kept serving.
    expect((await api1.get(`/api/v1/documents/${draft.id}`, apiKey.key)).status).to.equal(200);
    expect(await app1.terminate()).to.equal(0);
    running.pop();

    const second = { DATA_DIR: path.join(dir, 'second'), EMBEDDED_PG_PORT: String(await freePort()), PUBLIC_URL };
    // Without the backup's master key the restore refuses, before touching anything.
    const keyless = await cli(['restore', file], second);
    expect(keyless.code, keyless.output).to.equal(1);
    expect(keyless.output.trim().split('\n')).to.have.length(1);
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
    const docs2 = await api2.get('/api/v1/documents', apiKey.key);
    expect(docs2.status, docs2.text).to.equal(200);
    expect(docs2.body).to.deep.equal(documents);
    expect((await api2.get('/api/v1/payments', company.token)).body).to.deep.equal(payments);
    expect((await api2.get(`/api/v1/documents/${invoice.id}`, apiKey.key)).body).to.deep.equal(paid);
    const login = await api2.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(login.status, login.text).to.equal(200);
    // Numbering goes on after the restored documents (sequences and counters came back too).
    const next = await makeInvoice(api2, company.token, { total: '10.00' });
    expect(next.number).to.be.a('string').and.not.equal(invoice.number);
    expect(await app2.terminate()).to.equal(0);
    running.pop();
  });
});
