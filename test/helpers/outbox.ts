import { expect } from 'chai';
import type { RecordedEvent } from '../../src/modules/events/event-outbox';
import type { TestApp } from './app';

/** Every outbox event after `after` (GET /api/test/events pages by 1000). */
export async function eventsAfter(app: TestApp, after = '0'): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const res = await app.get(`/api/test/events?after=${cursor}`);
    expect(res.status, res.text).to.equal(200);
    const page = res.body.events as RecordedEvent[];
    all.push(...page);
    if (page.length < 1000) return all;
    cursor = page[page.length - 1].seq;
  }
}

/** The seq of the newest outbox event: later events are those `eventsAfter(app, seq)` returns. */
export async function lastEventSeq(app: TestApp): Promise<string> {
  const events = await eventsAfter(app);
  return events.length ? events[events.length - 1].seq : '0';
}

/** `[event, data]` pairs of one organization after `after`, for exact comparisons. */
export async function orgEvents(app: TestApp, organizationId: string, after = '0'): Promise<[string, Record<string, unknown>][]> {
  return (await eventsAfter(app, after)).filter((e) => e.organizationId === organizationId).map((e) => [e.event, e.data]);
}
