import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../helpers/postgres';
import { run, spawnApp } from '../helpers/process';

/** The one line a failed start prints: no stack trace, the cause and the setting that fixes it. */
function expectOneClearLine(output: string, ...mentions: string[]): void {
  const lines = output.trim().split('\n');
  expect(lines, output).to.have.length(1);
  expect(lines[0]).to.match(/^Embedded PostgreSQL: /);
  for (const m of mentions) expect(lines[0]).to.include(m);
  expect(output).not.to.match(/\n\s+at /);
}

describe('embedded PostgreSQL: start failures end in one clear line', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-start-'));
    fs.chmodSync(dir, 0o777);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names EMBEDDED_PG_PORT when the port is taken', async () => {
    const port = await freePort();
    const squatter = net.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => squatter.once('listening', r));
    try {
      const res = await run(['src/main.ts'], {
        DATA_DIR: dir,
        EMBEDDED_PG_PORT: String(port),
        PORT: String(await freePort()),
      });
      expect(res.code).to.equal(1);
      expectOneClearLine(res.output, `port ${port}`, 'EMBEDDED_PG_PORT');
    } finally {
      squatter.close();
    }
  });

  it('names DATA_DIR when the data directory cannot be created', async () => {
    fs.writeFileSync(path.join(dir, 'a-file'), 'not a directory');
    const dataDir = path.join(dir, 'a-file', 'data');
    const res = await run(['src/main.ts'], {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    });
    expect(res.code).to.equal(1);
    expectOneClearLine(res.output, dataDir, 'DATA_DIR');
  });

  it('names DATA_DIR when the data directory is read-only for the server', async function () {
    // Root writes anywhere: for root the case above (a path it cannot create) is the unwritable one.
    if (process.getuid?.() === 0) this.skip();
    fs.chmodSync(dir, 0o555);
    const res = await run(['src/main.ts'], {
      DATA_DIR: path.join(dir, 'data'),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    });
    fs.chmodSync(dir, 0o777);
    expect(res.code).to.equal(1);
    expectOneClearLine(res.output, 'DATA_DIR');
  });

  it('names DATA_DIR when the data is from another PostgreSQL major version', async () => {
    fs.mkdirSync(path.join(dir, 'pg'));
    fs.writeFileSync(path.join(dir, 'pg', 'PG_VERSION'), '16\n');
    const res = await run(['src/main.ts'], {
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    });
    expect(res.code).to.equal(1);
    expectOneClearLine(res.output, 'PostgreSQL 16', 'PostgreSQL 18', 'DATA_DIR');
  });
});

describe('embedded PostgreSQL as root from a private (0700) directory', function () {
  this.timeout(120_000);
  let home: string;
  before(function () {
    if (process.getuid?.() !== 0) this.skip(); // the case exists only for root
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-home-')); // 0700, as /root is
  });
  after(() => home && fs.rmSync(home, { recursive: true, force: true }));

  it('keeps the data where the server user can reach it, says where, and reuses it on the next start', async () => {
    expect(fs.statSync(home).mode & 0o777).to.equal(0o700);
    const env = { DATA_DIR: path.join(home, '.data'), EMBEDDED_PG_PORT: String(await freePort()) };
    const first = await spawnApp(env, await freePort());
    const signup = await fetch(`${first.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyName: 'Root s.r.o.', email: 'root@example.cz', password: 'root password 1' }),
    });
    expect(signup.status).to.equal(201);
    expect(await first.terminate(), first.output().slice(-3000)).to.equal(0);
    const relocated = /its data is in (\S+)/.exec(first.output())?.[1];
    expect(relocated, first.output()).to.match(/^\/var\/lib\/faktura\/data\//);
    // The home directory kept its permissions.
    expect(fs.statSync(home).mode & 0o777).to.equal(0o700);

    const second = await spawnApp(env, await freePort());
    try {
      const login = await fetch(`${second.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'root@example.cz', password: 'root password 1' }),
      });
      expect(login.status).to.equal(200);
      expect(second.output()).to.include(`its data is in ${relocated}`);
      // The backup finds the running app's relocated server (README "Backup and restore").
      const backup = await run(['scripts/cli.ts', 'backup', path.join(home, 'root.backup')], {
        ...env,
        EMBEDDED_PG_PORT: String(await freePort()),
      });
      expect(backup.code, backup.output).to.equal(0);
      expect(backup.output).to.match(/backup written to .*root\.backup: \d+ tables, [1-9]\d* rows/);
    } finally {
      expect(await second.terminate(), second.output().slice(-3000)).to.equal(0);
      fs.rmSync(path.dirname(relocated!), { recursive: true, force: true });
    }
  });
});
