import argon2 from 'argon2';
import { ServiceBusy } from '../../core/errors';
import { WorkSlots } from '../../core/work-slots';

/**
 * A bound on concurrent argon2 work. Each hash or verification holds about 64 MiB and one thread of
 * libuv's pool for about 0.1 s (and computes its 4 lanes on 4 more threads, so it also competes with
 * the event loop for the CPU); that pool (UV_THREADPOOL_SIZE threads, 4 by default) also serves DNS
 * lookups (webhook deliveries), file reads and crypto. Unbounded, a login storm would queue every
 * request on the pool and starve those, with a memory peak of one hash per pool thread. So at most
 * half of the pool hashes at once (2 by default) and a few more wait (8 per slot: about half a
 * second of work each); beyond that a request is refused with 503 SERVICE_BUSY and Retry-After.
 * `admit` refuses a request before it does any other work (lookups, throttle counters), so the
 * refused part of a storm costs next to nothing.
 */
export class HashSlots extends WorkSlots {
  /** Requests inside `admit`: on their way to one hash. */
  private admitted = 0;
  /** argon2 operations started since the process began (tests prove that a path costs none). */
  private started = 0;

  /** Sized from libuv's thread pool: half of it hashing, 8 waiting per hashing slot. */
  static forThreadPool(threadPoolSize: number): HashSlots {
    const concurrency = Math.max(1, Math.floor(threadPoolSize / 2));
    return new HashSlots(concurrency, concurrency * 8);
  }

  override run<T>(work: () => Promise<T>): Promise<T> {
    return super.run(() => {
      this.started++;
      return work();
    });
  }

  /**
   * Runs a request's path to its hash (lookups, then the hash) while fewer such requests than there
   * are running and waiting places are under way; else 503 at once.
   */
  async admit<T>(work: () => Promise<T>): Promise<T> {
    if (this.admitted >= this.concurrency + this.queueLimit) throw new ServiceBusy(1);
    this.admitted++;
    try {
      return await work();
    } finally {
      this.admitted--;
    }
  }

  stats(): { admitted: number; running: number; waiting: number; started: number } {
    return { admitted: this.admitted, running: this.running, waiting: this.waiting.length, started: this.started };
  }
}

/** What a hash costs: argon2's defaults (64 MiB, 3 passes, 4 lanes), about 0.1 s on one core. */
export const STANDARD_COST = {} as const;

/**
 * argon2id's least cost (1 MiB, one pass, one lane: about 2 ms), for tests only (TEST_CHEAP_PASSWORD_HASHES
 * with TEST_CONTROLS, which production refuses). The hash is still argon2id and names its cost, so a
 * hash made at either cost verifies at the other. The suite's sign-ups and logins spent minutes hashing.
 */
export const CHEAP_TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** argon2id password hashing, bounded by HashSlots; an unknown e-mail still costs one verification. */
export class Passwords {
  private dummy: Promise<string> | null = null;

  constructor(
    readonly slots: HashSlots,
    private readonly cost: typeof STANDARD_COST | typeof CHEAP_TEST_COST = STANDARD_COST,
  ) {}

  /** A request's path to one hash or verification, refused at once (503) when enough are under way; see HashSlots. */
  admit<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.admit(work);
  }

  hash(password: string): Promise<string> {
    return this.slots.run(() => argon2.hash(password, { type: argon2.argon2id, ...this.cost }));
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (hash === null) {
      const dummy = await this.dummyHash();
      await this.slots.run(() => argon2.verify(dummy, password).catch(() => false));
      return false;
    }
    return this.slots.run(() => argon2.verify(hash, password).catch(() => false));
  }

  /** Made once; a refusal (slots full) is not kept. */
  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash('not-a-real-password-for-timing').catch((err: unknown) => {
      this.dummy = null;
      throw err;
    });
    return this.dummy;
  }
}
