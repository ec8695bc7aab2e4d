import { expect } from 'chai';
import { Client } from 'pg';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { spawnApp, type AppProcess } from '../helpers/process';

/**
 * Issue 24's motivating case: a process killed (SIGKILL, no graceful stop) under load leaves invoices
 * committed whose answers never reached their clients, and claims of requests it never finished.
 * Retried with the same Idempotency-Key on a new process, each request gives at most one invoice: the
 * stored answer is replayed; a request cut before it committed runs now, its dead process's claim
 * taken over at once (ClaimHolder) rather than answered 409 for STALE_CLAIM_SECONDS; a request that
 * committed but was cut before its answer was stored (its claim marked committed in its own
 * transaction, claim-context.ts) is not run again: 409 IDEMPOTENCY_ANSWER_LOST.
 */

const invoice = (note: string) => ({
  type: 'INVOICE',
  status: 'ISSUED',
  clientName: 'Odběratel s.r.o.',
  currency: 'CZK',
  note,
  items: [{ name: 'Consulting', quantity: 1, unit: 'h', unitPrice: '1000.00', vatRate: 21 }],
});

interface Answer {
  status: number | null;
  id?: string;
  replayed?: boolean;
  error?: string;
}

async function post(url: string, apiKey: string, key: string): Promise<Answer> {
  try {
    const res = await fetch(`${url}/api/v1/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, 'idempotency-key': key },
      body: JSON.stringify(invoice(key)),
    });
    const body = (await res.json()) as { id?: string; code?: string };
    return {
      status: res.status,
      id: body.id,
      replayed: res.headers.get('idempotent-replayed') === 'true',
      error: body.code,
    };
  } catch (err) {
    return { status: null, error: (err as Error).message };
  }
}

async function json(url: string, body: unknown, token?: string): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  expect(res.status, url).to.be.below(300);
  return res.json();
}

describe('Idempotency-Key after a SIGKILL under load', function () {
  this.timeout(180_000);
  const running: AppProcess[] = [];
  after(async () => {
    for (const p of running) await p.terminate();
  });

  it('a retry with the same key never makes a second invoice', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const first = await spawnApp({ DATABASE_URL: databaseUrl }, await freePort());
    running.push(first);
    const signup = await json(`${first.url}/api/v1/auth/signup`, {
      companyName: 'Crash s.r.o.',
      email: `crash-${Date.now()}@example.cz`,
      password: 'long enough pass',
    });
    const { key: apiKey } = await json(`${first.url}/api/v1/api-keys`, { name: 'load' }, signup.token);

    // 16 clients posting invoices back to back, each with a key of its own, until the process is killed.
    const sent: { key: string; first: Answer }[] = [];
    let loading = true;
    const clients = Array.from({ length: 16 }, async (_, c) => {
      for (let n = 0; loading; n++) {
        const key = `crash-${c}-${n}`;
        sent.push({ key, first: await post(first.url, apiKey, key) });
      }
    });
    while (sent.filter((s) => s.first.status === 201).length < 60) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    loading = false;
    await Promise.all(clients);
    running.pop();
    expect(
      sent.some((s) => s.first.status === null),
      'requests cut by the kill',
    ).to.equal(true);

    const second = await spawnApp({ DATABASE_URL: databaseUrl }, await freePort());
    running.push(second);
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const retried = await Promise.all(
        sent.map(async (s) => ({ ...s, retry: await post(second.url, apiKey, s.key) })),
      );
      const { rows } = await db.query<{ id: string; note: string; number: string }>(
        'SELECT id, note, number FROM documents WHERE organization_id = $1',
        [signup.organization.id],
      );
      const byKey = new Map<string, string[]>();
      for (const row of rows) byKey.set(row.note, [...(byKey.get(row.note) ?? []), row.id]);

      const lost: string[] = [];
      for (const { key, first: answer, retry } of retried) {
        const made = byKey.get(key) ?? [];
        expect(made, `invoices of key ${key}`).to.have.length.at.most(1);
        if (answer.status === 201) {
          // Answered before the kill: the retry replays that answer.
          expect(retry, key).to.deep.include({ status: 201, id: answer.id, replayed: true });
        } else if (retry.status === 201) {
          // Cut by the kill before it committed (its dead process's claim taken over at once, no 409
          // IDEMPOTENCY_KEY_IN_USE), or committed and answered: the one invoice there is.
          expect(made, key).to.deep.equal([retry.id]);
        } else {
          // Committed, but killed before its answer was stored: not run again.
          expect(retry, key).to.deep.include({ status: 409, error: 'IDEMPOTENCY_ANSWER_LOST' });
          expect(made, key).to.have.length(1);
          lost.push(key);
        }
      }
      // Only requests under way at the kill: at most one per client.
      expect(lost.length).to.be.at.most(16);
      // Every invoice belongs to a key, and the numbers have no gap.
      expect(rows.every((r) => byKey.has(r.note))).to.equal(true);
      const serials = rows.map((r) => Number(/(\d+)$/.exec(r.number)![1])).sort((a, b) => a - b);
      expect(serials).to.deep.equal(serials.map((_, i) => i + 1));
    } finally {
      await db.end();
    }
  });
});
