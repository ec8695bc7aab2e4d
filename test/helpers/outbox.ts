import { expect } from 'chai';
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
export async function orgEventEntries(app: TestApp, organizationId: string, after = '0'): Promise<{ event: string; data: any }[]> {
  return (await orgEventRecords(app, organizationId, after)).map((e) => ({ event: e.event, data: e.data }));
}

/** One organization's events after `after` as `[event, data]` pairs, for exact comparisons. */
export async function orgEvents(app: TestApp, organizationId: string, after = '0'): Promise<[string, Record<string, unknown>][]> {
  return (await orgEventRecords(app, organizationId, after)).map((e) => [e.event, e.data]);
}
