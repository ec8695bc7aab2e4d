import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { RecordedEvent } from '../../src/core/outbox/event-outbox';
import type { AppRecordedEvent, EventName, EventPayloads } from '../../src/modules';
import type { ContactPayload } from '../../src/modules/contacts/contact.events';
import type { TestApp } from './app';

/** An outbox event as GET /api/test/events returns it. */
export interface OutboxEntry {
  seq: string;
  event: string;
  organizationId: string;
  data: Record<string, any>;
  createdAt?: string;
}

/** Every outbox event after `after` (GET /api/test/events pages by 1000). */
export async function eventsAfter(app: TestApp, after = '0'): Promise<OutboxEntry[]> {
  const all: OutboxEntry[] = [];
  let cursor = after;
  for (;;) {
    const res = await app.get(`/api/test/events?after=${cursor}`);
    expect(res.status, res.text).to.equal(200);
    const page = res.body.events as OutboxEntry[];
    all.push(...page);
    if (page.length < 1000) return all;
    cursor = page[page.length - 1].seq;
  }
}

const seenUpTo = new WeakMap<TestApp, string>();

/** The seq of the newest outbox event: events a test causes later are those after it. */
export async function lastEventSeq(app: TestApp): Promise<string> {
  // Seqs only grow, so the scan continues from the last one seen instead of the start.
  let after = seenUpTo.get(app) ?? '0';
  for (;;) {
    const res = await app.get(`/api/test/events?after=${after}`);
    expect(res.status, res.text).to.equal(200);
    const events: OutboxEntry[] = res.body.events;
    if (events.length === 0) break;
    after = events[events.length - 1].seq;
  }
  seenUpTo.set(app, after);
  return after;
}

/** One organization's events after `after`, in order, as recorded. */
export async function orgEventRecords(app: TestApp, organizationId: string, after = '0'): Promise<OutboxEntry[]> {
  return (await eventsAfter(app, after)).filter((e) => e.organizationId === organizationId);
}

/** One organization's events after `after` as `{ event, data }`, for exact comparisons. */
export async function orgEventEntries(
  app: TestApp,
  organizationId: string,
  after = '0',
): Promise<{ event: string; data: any }[]> {
  return (await orgEventRecords(app, organizationId, after)).map((e) => ({ event: e.event, data: e.data }));
}

/** One organization's events after `after` as `[event, data]` pairs, for exact comparisons. */
export async function orgEvents(
  app: TestApp,
  organizationId: string,
  after = '0',
): Promise<[string, Record<string, unknown>][]> {
  return (await orgEventRecords(app, organizationId, after)).map((e) => [e.event, e.data]);
}

/** A consumer's event as one of this app's: consumers get events untyped; `event` then narrows `data`. */
export function appEvent(e: RecordedEvent): AppRecordedEvent {
  return e as AppRecordedEvent;
}

/** A complete contact.* payload (the outbox accepts only whole payloads). */
export function makeContactPayload(overrides: Partial<ContactPayload> = {}): ContactPayload {
  return {
    id: randomUUID(),
    name: 'Novák s.r.o.',
    email: null,
    phone: null,
    type: 'CLIENT',
    taxId: null,
    vatId: null,
    archived: false,
    ...overrides,
  };
}

/** Records one event in a transaction of its own, as a service would; `fail` rolls it back. */
export async function recordEvent<E extends EventName>(
  app: TestApp,
  organizationId: string,
  event: E,
  data: EventPayloads[E],
  fail = false,
): Promise<void> {
  const c = app.app.container;
  await c.orm.em.fork().transactional((em) => {
    c.events.record(em, organizationId, event, data);
    if (fail) throw new Error('change failed');
    return Promise.resolve();
  });
}

/** Records `count` contact.created events of one organization, `perTransaction` to a transaction. */
export async function recordContactEvents(
  app: TestApp,
  organizationId: string,
  count: number,
  perTransaction = 50,
): Promise<void> {
  const c = app.app.container;
  for (let done = 0; done < count; done += perTransaction) {
    await c.orm.em.fork().transactional((em) => {
      for (let i = done; i < Math.min(count, done + perTransaction); i++)
        c.events.record(em, organizationId, 'contact.created', makeContactPayload({ name: `Contact ${i}` }));
      return Promise.resolve();
    });
  }
}
