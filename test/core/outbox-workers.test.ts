import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { RecordedEvent } from '../../src/core/outbox/event-outbox';
import { startTestApp } from '../helpers/app';
import { recordContactEvents } from '../helpers/outbox';
import { freePort, freshDatabaseUrl } from '../helpers/postgres';
import { spawnApp, type AppProcess } from '../helpers/process';

async function call(proc: AppProcess, method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(proc.url + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

describe('outbox across processes', () => {
  it('loses no event when the process is killed with SIGKILL between commit and dispatch', async function () {
    this.timeout(120_000);
    const env = {
      DATABASE_URL: await freshDatabaseUrl(),
      TEST_CONTROLS: '1',
      TEST_OUTBOX_RECORDER: '1',
      LOG_LEVEL: 'warn',
    };
    // An hour between polls: nothing dispatches in the first process before it is killed.
    const first = await spawnApp({ ...env, OUTBOX_POLL_MS: '3600000' }, await freePort());
    let seqs: string[];
    try {
      const signup = await call(first, 'POST', '/api/v1/auth/signup', {
        companyName: 'Acme s.r.o.',
        email: `owner-${randomUUID()}@example.cz`,
        password: 'correct horse battery',
      });
      for (let i = 0; i < 5; i++)
        await call(first, 'POST', '/api/v1/contacts', { name: `Zákazník ${i}` }, signup.token);
      const events = ((await call(first, 'GET', '/api/test/events')).events as RecordedEvent[]).filter(
        (e) => e.organizationId === signup.organization.id,
      );
      seqs = events.map((e) => e.seq);
      expect(events.map((e) => e.event)).to.deep.equal(Array(5).fill('contact.created'));
      expect((await call(first, 'GET', '/api/test/outbox/received')).events).to.deep.equal([]);
    } finally {
      first.child.kill('SIGKILL');
      await first.terminate();
    }
    expect(first.child.signalCode).to.equal('SIGKILL');

    const second = await spawnApp(env, await freePort());
    try {
      const deadline = Date.now() + 20_000;
      let received: RecordedEvent[] = [];
      while (Date.now() < deadline) {
        received = (await call(second, 'GET', '/api/test/outbox/received')).events;
        if (seqs.every((s) => received.some((e) => e.seq === s))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(received.map((e) => e.seq).filter((s) => seqs.includes(s))).to.deep.equal(seqs);
    } finally {
      await second.terminate();
    }
  });

  it('two workers on one database dispatch 2,000 events with no duplicate per consumer', async function () {
    this.timeout(120_000);
    const handed = new Map<string, { seq: string; worker: string }[]>([
      ['alpha', []],
      ['beta', []],
    ]);
    const subscribe =
      (worker: string) =>
      (c: {
        dispatcher: { subscribe: (name: string, consume: (em: unknown, e: RecordedEvent) => void) => unknown };
      }) => {
        for (const [name, list] of handed)
          c.dispatcher.subscribe(name, (_em, e) => void list.push({ seq: e.seq, worker }));
      };
    const one = await startTestApp({ OUTBOX_POLL_MS: '20' }, { onContainer: subscribe('one') });
    const two = await startTestApp(
      { DATABASE_URL: one.databaseUrl, OUTBOX_POLL_MS: '20' },
      { onContainer: subscribe('two') },
    );
    try {
      // Five organizations recorded while both workers poll (each takes whichever consumer is free).
      await Promise.all(Array.from({ length: 5 }, () => recordContactEvents(one, randomUUID(), 100, 20)));
      await Promise.all([one.app.container.dispatcher.drain(), two.app.container.dispatcher.drain()]);
      // Then 1,500 more with polling stopped, drained by both at once: they take turns on each consumer
      // (a pass reads up to 500 events, so there are several passes to share).
      await Promise.all([one.app.container.dispatcher.stop(), two.app.container.dispatcher.stop()]);
      const before = new Map([...handed].map(([name, list]) => [name, list.length]));
      await Promise.all(Array.from({ length: 5 }, () => recordContactEvents(two, randomUUID(), 300, 50)));
      await Promise.all([one.app.container.dispatcher.drain(), two.app.container.dispatcher.drain()]);
      for (const [name, list] of handed) {
        const seqs = list.map((h) => h.seq);
        expect(seqs, name).to.have.length(2000);
        expect(new Set(seqs).size, name).to.equal(2000);
        expect(
          new Set(list.slice(before.get(name)).map((h) => h.worker)),
          `${name} was served by both workers`,
        ).to.deep.equal(new Set(['one', 'two']));
      }
    } finally {
      await two.stop();
      await one.stop();
    }
  });
});
