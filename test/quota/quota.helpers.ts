import { expect } from 'chai';
import type { HttpResult, TestApp } from '../helpers/app';

export const FREE_LIMIT = 1000;

export interface RateLimit {
  limit: string | null;
  remaining: string | null;
  used: string | null;
  reset: string | null;
}

export function rateLimitOf(res: { headers: Headers }): RateLimit {
  return {
    limit: res.headers.get('x-ratelimit-limit'),
    remaining: res.headers.get('x-ratelimit-remaining'),
    used: res.headers.get('x-ratelimit-used'),
    reset: res.headers.get('x-ratelimit-reset'),
  };
}

export const NO_RATE_LIMIT: RateLimit = { limit: null, remaining: null, used: null, reset: null };

/** Unix seconds of an ISO instant, as the headers and bodies carry it. */
export function unix(iso: string): number {
  return Date.parse(iso) / 1000;
}

/** `total` calls of `send`, `batch` at a time in parallel; results in call order. */
export async function inParallelBatches<T>(
  total: number,
  batch: number,
  send: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < total; start += batch) {
    const size = Math.min(batch, total - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, j) => send(start + j)))));
  }
  return results;
}

/** Uses up a FREE credential's month: exactly FREE_LIMIT successful requests. */
export async function exhaust(app: TestApp, key: string): Promise<void> {
  const statuses = await inParallelBatches(
    FREE_LIMIT,
    50,
    async () => (await app.get('/api/v1/organization', key)).status,
  );
  expect(statuses.filter((s) => s === 200)).to.have.length(FREE_LIMIT);
}

export function statusCounts(results: HttpResult[] | number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of results) {
    const status = typeof r === 'number' ? r : r.status;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}
