import { AppError } from '../../core/errors';
import { rateLimitHeaders, unixSeconds, type QuotaState } from './quota-state';

/** SPEC 7.2: 429 with Retry-After up to the reset, and the counter's state in the body. */
export class QuotaExceededError extends AppError {
  constructor(state: QuotaState & { limit: number }, upgrade: boolean, now: Date) {
    const retryAfter = Math.max(1, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
    super(
      429,
      'RATE_LIMIT_EXCEEDED',
      `Monthly quota of ${state.limit} requests for this credential is used up; it resets at ${state.resetAt.toISOString()}`,
      undefined,
      { limit: state.limit, used: state.used, resetAt: unixSeconds(state.resetAt), upgrade },
      { ...rateLimitHeaders(state), 'Retry-After': String(retryAfter) },
    );
  }
}
