import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { until } from '../helpers/gate';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { spawnApp, type AppProcess } from '../helpers/process';
import { startReceiver } from '../helpers/receiver';

/** One call to a process; the status and the JSON body. */
async function call(
  proc: AppProcess,
  method: string,
  p: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(proc.url + p, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const CREATIONS = 40;
const READS = 40;
const INVOICE = {
  type: 'INVOICE',
  status: 'ISSUED',
  clientName: 'Odběratel s.r.o.',
  items: [
    { name: 'Konzultace', quantity: 2, unit: 'h', unitPrice: 1500, vatRate: 21 },
    { name: 'Kniha', quantity: 1, unit: 'ks', unitPrice: 350, vatRate: 12 },
  ],
};

/**
 * Production's shape (README "Deployment"): two ROLE=api processes and one ROLE=worker started at once on
 * one new database (so they also race on the migrations and on the master key file of their shared
 * DATA_DIR), requests raced through both API processes.
 */
describe('two ROLE=api processes and one ROLE=worker on one database', () => {
  it('numbers are gapless and unique, the quota counts every request once, each event reaches the endpoint once', async function () {
    this.timeout(150_000);
    const receiver = await startReceiver();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-processes-'));
    const env = {
      DATABASE_URL: await freshDatabaseUrl(),
      DATA_DIR: dataDir,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
      OUTBOX_POLL_MS: '100',
      WEBHOOK_POLL_MS: '100',
      LOG_LEVEL: 'warn',
    };
    const [one, two, worker] = await Promise.all(
      (['api', 'api', 'worker'] as const).map(async (role) => spawnApp({ ...env, ROLE: role }, await freePort())),
    );
    const db = new Client({ connectionString: env.DATABASE_URL });
    let codes: (number | null)[];
    try {
      const signup = await call(one, 'POST', '/api/v1/auth/signup', {
        companyName: 'Acme s.r.o.',
        email: `owner-${randomUUID()}@example.cz`,
        password: 'correct horse battery',
      });
      expect(signup.status).to.equal(201);
      const { token } = signup.body;
      const organizationId: string = signup.body.organization.id;
      const apiKey = await call(two, 'POST', '/api/v1/api-keys', { name: 'integration' }, token);
      expect(apiKey.status).to.equal(201);
      const hook = await call(
        one,
        'POST',
        '/api/v1/webhooks',
        { name: 'ERP', url: receiver.url, events: ['document.created'] },
        token,
      );
      expect(hook.status).to.equal(201);

      // The worker serves its health and metrics, not the API (README "Deployment": not behind the balancer).
      expect((await call(worker, 'GET', '/healthz')).body).to.deep.equal({ status: 'ok' });
      expect((await call(worker, 'GET', '/readyz')).body).to.deep.equal({ status: 'ready' });
      const metrics = await fetch(`${worker.url}/metrics`);
      expect(metrics.status).to.equal(200);
      expect(await metrics.text()).to.include('outbox_parked_events');
      for (const [method, p] of [
        ['GET', '/api/v1/organization'],
        ['POST', '/graphql'],
        ['GET', '/'],
      ])
        expect(await call(worker, method, p, undefined, token)).to.deep.equal({
          status: 404,
          body: { error: 'Not Found', message: `Route ${method} ${p} not found`, code: 'NOT_FOUND' },
        });

      // Creations in one series and quota-counted reads, all at once, alternating between the API processes.
      const key: string = apiKey.body.key;
      const answers = await Promise.all([
        ...Array.from({ length: CREATIONS }, (_, i) =>
          call(i % 2 ? two : one, 'POST', '/api/v1/documents', INVOICE, key),
        ),
        ...Array.from({ length: READS }, (_, i) =>
          call(i % 2 ? one : two, 'GET', '/api/v1/organization', undefined, key),
        ),
      ]);
      const created = answers.slice(0, CREATIONS);
      expect(created.map((a) => a.status)).to.deep.equal(Array(CREATIONS).fill(201));
      expect(answers.slice(CREATIONS).map((a) => a.status)).to.deep.equal(Array(READS).fill(200));
      const sequences = created.map((a) => Number(/(\d+)$/.exec(a.body.number)![1])).sort((a, b) => a - b);
      expect(sequences).to.deep.equal(Array.from({ length: CREATIONS }, (_, i) => i + 1));

      // Every request with the key counted once, whichever process answered it (this one included).
      const quota = await call(one, 'GET', '/api/v1/quota', undefined, key);
      expect(quota.body.used).to.equal(CREATIONS + READS + 1);

      // One outbox event per document; the worker delivers each once (the API processes dispatch nothing).
      const ids = created.map((a) => a.body.id as string).sort();
      await until(() => new Set(receiver.received.map((r) => JSON.parse(r.body).data.id)).size === CREATIONS, 60_000);
      await db.connect();
      const events = await db.query<{ id: string }>(
        `SELECT data->>'id' AS id FROM event_outbox WHERE organization_id = $1 AND event = 'document.created'`,
        [organizationId],
      );
      expect(events.rows.map((r) => r.id).sort()).to.deep.equal(ids);
      const statuses = async () =>
        (
          await db.query<{ status: string }>(`SELECT status FROM webhook_deliveries WHERE organization_id = $1`, [
            organizationId,
          ])
        ).rows.map((r) => r.status);
      // The receiver answers before the sender records the answer.
      await until(async () => (await statuses()).every((s) => s === 'DELIVERED'), 10_000);
      expect(await statuses()).to.deep.equal(Array(CREATIONS).fill('DELIVERED'));
      // Every delivery is recorded DELIVERED, so none is sent again: what the receiver got is final.
      expect(receiver.received.map((r) => JSON.parse(r.body).data.id as string).sort()).to.deep.equal(ids);
      expect(new Set(receiver.received.map((r) => r.headers['x-faktura-delivery'])).size).to.equal(CREATIONS);
    } finally {
      await db.end().catch(() => undefined);
      codes = await Promise.all([one, two, worker].map((p) => p.terminate()));
      await receiver.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Each stopped gracefully on SIGTERM.
    expect(codes, [one, two, worker].map((p) => p.output().slice(-2000)).join('\n')).to.deep.equal([0, 0, 0]);
  });
});
