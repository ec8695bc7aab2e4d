import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { RequestContext } from '../../core/ctx';
import { query } from '../../core/db/sql';
import { sha256Hex } from '../../core/secrets';
import { TooManyAttempts } from './identity.errors';
import {
  CLEAR_SIGN_IN_COUNTER,
  COUNT_SIGN_IN_ATTEMPT,
  PURGE_SIGN_IN_COUNTERS,
  UNCOUNT_SIGN_IN_ATTEMPT,
} from './identity.queries';

/** Failures of one person (login and second factor together) before further attempts are refused. */
export const PERSON_FAILURES = 5;
export const PERSON_WINDOW_SECONDS = 15 * 60;
const IP_FAILURE_WINDOW_SECONDS = 60;
const IP_SIGNUP_WINDOW_SECONDS = 3600;
/** The longest window: older counters are purged. */
const LONGEST_WINDOW_SECONDS = Math.max(PERSON_WINDOW_SECONDS, IP_FAILURE_WINDOW_SECONDS, IP_SIGNUP_WINDOW_SECONDS);

export const SIGN_IN_PURGE_JOB = 'identity.purge-sign-in-counters';

/** AUTH_FAILED_PER_IP_MINUTE and AUTH_SIGNUPS_PER_IP_HOUR; 0 turns one off. */
export interface IpLimits {
  failedPerIpMinute: number;
  signupsPerIpHour: number;
}

interface Counter {
  key: string;
  windowSeconds: number;
  limit: number;
}

interface CountedRow {
  key: string;
  /** As PostgreSQL prints it (exact to the microsecond), to name the window when taking a count back. */
  window_start: string;
  count: number;
  window_ends_ms: number;
}

/**
 * One sign-in attempt, counted as a failure from the start (before the secret is checked), so
 * parallel requests cannot check more secrets than the limits allow. It stays a failure unless the
 * caller says otherwise.
 */
export class SignInAttempt {
  constructor(
    private readonly ctx: RequestContext,
    private readonly counted: readonly CountedRow[],
    private readonly personKey: string | null,
  ) {}

  /**
   * Runs the check of the attempt's secret. A check that throws never judged the secret (503 busy:
   * the hashing cap was full), so the attempt is taken back and the error passes on.
   */
  async check<T>(secretCheck: () => Promise<T>): Promise<T> {
    try {
      return await secretCheck();
    } catch (err) {
      await this.uncount();
      throw err;
    }
  }

  /**
   * The attempt was no failure: its secret proved right but the sign-in goes on (a second factor
   * follows), or it was never checked (503 busy). Takes back what it counted.
   */
  async uncount(): Promise<void> {
    if (this.counted.length === 0) return;
    await query(this.ctx.em, UNCOUNT_SIGN_IN_ATTEMPT, [
      this.counted.map((c) => c.key),
      this.counted.map((c) => c.window_start),
    ]);
  }

  /** The sign-in is complete (every factor proved): no failure, and the person's earlier failures are forgotten. */
  async succeeded(): Promise<void> {
    await this.uncount();
    if (this.personKey !== null) await query(this.ctx.em, CLEAR_SIGN_IN_COUNTER, [this.personKey]);
  }
}

/**
 * Sign-in throttling shared by every process: counters in PostgreSQL (sign_in_counters), each with
 * a fixed window from its first count. Per person (the normalised e-mail, hashed so a password typed
 * into the e-mail field is not kept): after PERSON_FAILURES failures within PERSON_WINDOW_SECONDS
 * every attempt, the right password included, is 429 TOO_MANY_ATTEMPTS until the window passes.
 * Per client address: failed attempts a minute (logins, second factors, OAuth client
 * authentication) and signups an hour. Times are the Clock's.
 */
export class SignInThrottle {
  constructor(
    private readonly clock: Clock,
    private readonly limits: IpLimits,
  ) {}

  /** The key of a person: the e-mail as login normalises it (trimmed, lower case). */
  static personKey(email: string): string {
    return `person:${sha256Hex(email.trim().toLowerCase())}`;
  }

  /**
   * Counts an attempt to prove a secret before it is checked: for the person with this e-mail
   * (null: none, e.g. an OAuth client) and for the caller's address. 429 when over a limit.
   */
  async attempt(ctx: RequestContext, email: string | null): Promise<SignInAttempt> {
    const personKey = email === null ? null : SignInThrottle.personKey(email);
    const counters: Counter[] = [];
    if (personKey !== null)
      counters.push({ key: personKey, windowSeconds: PERSON_WINDOW_SECONDS, limit: PERSON_FAILURES });
    if (this.limits.failedPerIpMinute > 0) {
      counters.push({
        key: `ip-failed:${ctx.client.ip}`,
        windowSeconds: IP_FAILURE_WINDOW_SECONDS,
        limit: this.limits.failedPerIpMinute,
      });
    }
    return new SignInAttempt(ctx, await this.count(ctx, counters), personKey);
  }

  /** Counts a signup from the caller's address; 429 over AUTH_SIGNUPS_PER_IP_HOUR. */
  async signup(ctx: RequestContext): Promise<void> {
    if (this.limits.signupsPerIpHour <= 0) return;
    await this.count(ctx, [
      {
        key: `ip-signup:${ctx.client.ip}`,
        windowSeconds: IP_SIGNUP_WINDOW_SECONDS,
        limit: this.limits.signupsPerIpHour,
      },
    ]);
  }

  /** Removes counters whose window passed (a recurring job). */
  async purge(em: EntityManager): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - LONGEST_WINDOW_SECONDS * 1000);
    const [row] = await query<{ n: number }>(em, PURGE_SIGN_IN_COUNTERS, [cutoff]);
    return row.n;
  }

  /**
   * One statement counts on every counter (each row atomically); over a limit the attempt is refused
   * and stays counted (a refused attempt is a failure too, and the window does not move).
   */
  private async count(ctx: RequestContext, counters: Counter[]): Promise<CountedRow[]> {
    if (counters.length === 0) return [];
    // One lock order for every statement: two requests never wait on each other's rows crosswise.
    counters.sort((a, b) => (a.key < b.key ? -1 : 1));
    const now = this.clock.now();
    const rows = await query<CountedRow>(ctx.em, COUNT_SIGN_IN_ATTEMPT, [
      now,
      counters.map((c) => c.key),
      counters.map((c) => c.windowSeconds),
    ]);
    let retryAfter = 0;
    for (const row of rows) {
      const limit = counters.find((c) => c.key === row.key)?.limit ?? Infinity;
      if (row.count <= limit) continue;
      retryAfter = Math.max(retryAfter, Math.ceil((row.window_ends_ms - now.getTime()) / 1000), 1);
    }
    if (retryAfter > 0) throw new TooManyAttempts(retryAfter);
    return rows;
  }
}
