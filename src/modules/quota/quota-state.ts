import { nextUtcMonthStart, utcMonthKey } from '../../core/clock';

/** Where a credential stands this month: what the X-RateLimit headers and the 429 body report. */
export interface QuotaState {
  /** Monthly limit; null = unlimited. */
  limit: number | null;
  used: number;
  /** The next 1st of the month, 00:00 UTC. */
  resetAt: Date;
}

/** The UTC calendar month an instant falls in. */
export function quotaPeriod(now: Date): { period: string; resetAt: Date } {
  return { period: utcMonthKey(now), resetAt: nextUtcMonthStart(now) };
}

export function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** Remaining after this request; a downgraded plan can leave `used` above the limit, never below zero. */
export function remaining(state: QuotaState): number | 'unlimited' {
  return state.limit === null ? 'unlimited' : Math.max(0, state.limit - state.used);
}

export function rateLimitHeaders(state: QuotaState): Record<string, string> {
  return {
    'X-RateLimit-Limit': state.limit === null ? 'unlimited' : String(state.limit),
    'X-RateLimit-Remaining': String(remaining(state)),
    'X-RateLimit-Used': String(state.used),
    'X-RateLimit-Reset': String(unixSeconds(state.resetAt)),
  };
}
