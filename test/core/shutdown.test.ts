import net from 'node:net';
import http from 'node:http';
import { expect } from 'chai';
import { Client } from 'pg';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { spawnApp, type AppProcess } from '../helpers/process';
import type { RecordedEvent } from '../../src/core/outbox/event-outbox';
import { startTestApp } from '../helpers/app';
import { makeCompany, makeContact } from '../helpers/fixtures';
import { gate, until } from '../helpers/gate';

/** README "Stopping": SIGTERM under load, the grace period, a second signal, readiness. */

const INVOICE = {
  type: 'INVOICE',
  status: 'ISSUED',
  clientName: 'Odběratel s.r.o.',
  currency: 'CZK',
  items: [{ name: 'Consulting', quantity: 1, unit: 'h', unitPrice: '1000.00', vatRate: 0 }],
};

interface Outcome {
  /** When the connection was established (ms, Date.now()); null if it never was. */
  connectedAt: number | null;
  /** When the whole answer had arrived. */
  answeredAt?: number;
  status?: number;
  body?: { id: string; number: string };
  error?: string;
}

/** POST /api/v1/documents on a connection of its own. */
function postDocument(url: string, key: string): Promise<Outcome> {
  const outcome: Outcome = { connectedAt: null };
  return new Promise((resolve) => {
    const req = http.request(
      `${url}/api/v1/documents`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          outcome.answeredAt = Date.now();
          outcome.status = res.statusCode;
          try {
            outcome.body = JSON.parse(text);
          } catch {
            outcome.error = `incomplete body: ${text}`;
          }
          resolve(outcome);
        });
        res.on('error', (err) => resolve({ ...outcome, error: `response cut: ${err.message}` }));
      },
    );
    req.on('socket', (socket) => socket.once('connect', () => (outcome.connectedAt = Date.now())));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ ...outcome, error: err.code ?? err.message }));
    req.end(JSON.stringify(INVOICE));
  });
}

/**
 * A POST written by hand on a kept-alive connection: the headers and `first` now, the rest when
 * `finish` is called (never, for a client that stalls). `response` is everything the server sent
 * before it closed the connection.
 */
async function slowPost(
  url: string,
  path: string,
  key: string,
  body: string,
  firstBytes: number,
): Promise<{ finish(): void; response: Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (received += d));
  const response = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });
  const bytes = Buffer.from(body);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n` +
      `Content-Type: application/json\r\nAuthorization: Bearer ${key}\r\nContent-Length: ${bytes.length}\r\n\r\n`,
  );
  socket.write(bytes.subarray(0, firstBytes));
  return { finish: () => socket.write(bytes.subarray(firstBytes)), response };
}

async function json(url: string, init: RequestInit & { token?: string } = {}): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A company and one of its API keys on a running process. */
async function companyKey(proc: AppProcess): Promise<{ key: string; organizationId: string }> {
  const signup = await json(`${proc.url}/api/v1/auth/signup`, {
    method: 'POST',
    body: JSON.stringify({
      companyName: 'Shutdown s.r.o.',
      email: `stop-${Date.now()}@example.cz`,
      password: 'long enough pass',
    }),
  });
  const key = await json(`${proc.url}/api/v1/api-keys`, {
    method: 'POST',
    body: JSON.stringify({ name: 'load' }),
    token: signup.token,
  });
  return { key: key.key, organizationId: signup.organization.id };
}

/** Resolves once the process has written `text`. */
async function outputShows(proc: AppProcess, text: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!proc.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in: ${proc.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function connectOutcome(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/** A process with the grace period given, serving a client that sent its headers and half its body, then nothing more. */
async function stalledUpload(
  graceSeconds: string,
): Promise<{ proc: AppProcess; stalled: Awaited<ReturnType<typeof slowPost>> }> {
  const env = { DATABASE_URL: await freshDatabaseUrl(), SHUTDOWN_GRACE_SECONDS: graceSeconds };
  const proc = await spawnApp(env, await freePort());
  const { key } = await companyKey(proc);
  const stalled = await slowPost(proc.url, '/api/v1/documents', key, JSON.stringify(INVOICE), 40);
  await new Promise((r) => setTimeout(r, 200));
  return { proc, stalled };
}

describe('stopping (README "Stopping")', function () {
  this.timeout(180_000);

  it('answers every request it accepted before SIGTERM under load, refuses new connections, exits 0', async () => {
    const env = { DATABASE_URL: await freshDatabaseUrl(), SHUTDOWN_GRACE_SECONDS: '20', LOG_LEVEL: 'info' };
    const first = await spawnApp(env, await freePort());
    const { key, organizationId } = await companyKey(first);

    // Load: 16 clients posting invoices back to back, each on a new connection, until the process is gone.
    const outcomes: Outcome[] = [];
    let loading = true;
    const clients = Array.from({ length: 16 }, async () => {
      while (loading) outcomes.push(await postDocument(first.url, key));
    });
    // A slow upload under way at the signal: its body's second half is sent a second after it.
    const slow = await slowPost(first.url, '/api/v1/documents', key, JSON.stringify(INVOICE), 40);
    while (outcomes.filter((o) => o.status === 201).length < 40) await new Promise((r) => setTimeout(r, 10));

    const signalAt = Date.now();
    const exited = first.terminate();
    await outputShows(first, 'Faktura stopping');
    expect(await connectOutcome(first.url), 'a new connection after the signal').to.equal('ECONNREFUSED');
    await new Promise((r) => setTimeout(r, 1000));
    slow.finish();
    const code = await exited;
    const stoppedAfterMs = Date.now() - signalAt;
    loading = false;
    await Promise.all(clients);

    expect(code, first.output().slice(-3000)).to.equal(0);
    expect(stoppedAfterMs).to.be.below(20_000);
    expect(first.output()).to.include('Faktura stopped');
    expect(first.output()).not.to.include('"cut":');
    // The slow upload got its whole answer, which closed its kept-alive connection.
    const slowAnswer = await slow.response;
    expect(slowAnswer).to.match(/^HTTP\/1\.1 201 /);
    expect(slowAnswer).to.match(/\r\nConnection: close\r\n/i);
    const slowDocument = JSON.parse(slowAnswer.slice(slowAnswer.indexOf('\r\n\r\n') + 4));

    // Every answer that began is complete and a success; what failed never reached the server (refused).
    for (const o of outcomes) {
      if (o.status !== undefined) expect(o.status, JSON.stringify(o)).to.equal(201);
      else expect(['ECONNREFUSED', 'ECONNRESET'], JSON.stringify(o)).to.include(o.error);
    }
    // Requests were in flight at the signal and were answered after it.
    const inFlight = outcomes.filter(
      (o) => o.connectedAt !== null && o.connectedAt < signalAt && o.answeredAt! > signalAt,
    );
    expect(inFlight.length, 'requests in flight at the signal').to.be.greaterThan(0);
    expect(inFlight.every((o) => o.status === 201)).to.equal(true);
    const refused = outcomes.filter((o) => o.error === 'ECONNREFUSED');
    expect(refused.length, 'requests after the signal were refused').to.be.greaterThan(0);
    const answered = [...outcomes.filter((o) => o.status === 201).map((o) => o.body!), slowDocument];

    // Started again on the same database: exactly the answered invoices exist, numbered without gaps.
    const second = await spawnApp(env, await freePort());
    try {
      const db = new Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      const { rows } = await db
        .query<{ id: string; number: string }>('SELECT id, number FROM documents WHERE organization_id = $1', [
          organizationId,
        ])
        .finally(() => db.end());
      expect(rows.map((r) => r.id).sort()).to.deep.equal(answered.map((d) => d.id).sort());
      const serials = rows.map((r) => Number(/(\d+)$/.exec(r.number)![1])).sort((a, b) => a - b);
      expect(serials).to.deep.equal(serials.map((_, i) => serials[0] + i));
      expect((await fetch(`${second.url}/readyz`)).status).to.equal(200);
    } finally {
      expect(await second.terminate(), second.output().slice(-3000)).to.equal(0);
    }
  });

  it('cuts a request still unanswered when the grace period runs out: exit 1, one line saying what was cut', async () => {
    const { proc, stalled } = await stalledUpload('2');
    const signalAt = Date.now();
    const code = await proc.terminate();
    const tookMs = Date.now() - signalAt;
    expect(code, proc.output().slice(-3000)).to.equal(1);
    expect(tookMs).to.be.within(2000, 12_000);
    expect(await stalled.response, 'no answer, the connection closed').to.equal('');
    const cutLines = proc
      .output()
      .split('\n')
      .filter((l) => l.includes('"cut":'));
    expect(cutLines, proc.output().slice(-3000)).to.have.length(1);
    expect(cutLines[0]).to.include('the grace period of 2 s ran out').and.include('1 unanswered request');
  });

  it('cuts at once on a second SIGTERM', async () => {
    const { proc, stalled } = await stalledUpload('600');
    const signalAt = Date.now();
    const exited = proc.terminate();
    await outputShows(proc, 'Faktura stopping');
    proc.child.kill('SIGTERM');
    expect(await exited, proc.output().slice(-3000)).to.equal(1);
    expect(Date.now() - signalAt).to.be.below(12_000);
    expect(await stalled.response).to.equal('');
    expect(proc.output()).to.include('a second SIGTERM arrived').and.include('1 unanswered request');
  });

  it('lets the outbox pass under way finish and commit before it closes the database', async () => {
    const held = gate();
    const handed: string[] = [];
    const app = await startTestApp(
      { OUTBOX_POLL_MS: '20' },
      {
        onContainer: (c) =>
          void c.dispatcher.subscribe('held', async (_em, event: RecordedEvent) => {
            handed.push(event.seq);
            await held.wait;
          }),
      },
    );
    const company = await makeCompany(app);
    await makeContact(app, company.token);
    await until(() => handed.length > 0);
    const stopped = app.app.stop();
    // Longer than the 5 s the dispatcher used to wait before leaving its pass to roll back.
    setTimeout(() => held.open(), 6000);
    expect(await stopped).to.deep.equal([]);

    // The pass committed: the same consumer, started again on the database, is not handed those events again.
    const again: string[] = [];
    const next = await startTestApp(
      { DATABASE_URL: app.databaseUrl },
      {
        onContainer: (c) =>
          void c.dispatcher.subscribe('held', (_em, event: RecordedEvent) => void again.push(event.seq)),
      },
    );
    try {
      await makeContact(next, company.token);
      await next.app.container.dispatcher.drain();
      expect(again.length).to.be.greaterThan(0);
      expect(again.filter((seq) => handed.includes(seq))).to.deep.equal([]);
    } finally {
      await next.stop();
    }
  });

  it('answers /readyz 503 with Connection: close once stopping began', async () => {
    const app = await startTestApp();
    try {
      expect((await app.get('/readyz')).status).to.equal(200);
      app.app.container.lifecycle.beginStopping();
      const res = await new Promise<http.IncomingMessage & { text?: string }>((resolve, reject) =>
        http
          .get(`${app.url}/readyz`, { agent: new http.Agent({ keepAlive: true }) }, (r) => {
            let text = '';
            r.on('data', (d) => (text += d)).on('end', () => resolve(Object.assign(r, { text })));
          })
          .on('error', reject),
      );
      expect(res.statusCode).to.equal(503);
      expect(JSON.parse(res.text!)).to.deep.equal({ status: 'stopping' });
      expect(res.headers.connection).to.equal('close');
    } finally {
      await app.stop();
    }
  });
});
