import argon2 from 'argon2';
import { ServiceBusy } from '../../core/errors';

/**
 * A bound on concurrent argon2 work. Each hash or verification holds about 64 MiB and one thread of
 * libuv's pool for about 0.1 s; that pool (UV_THREADPOOL_SIZE threads, 4 by default) also serves DNS
 * lookups (webhook deliveries), file reads and crypto. Unbounded, a login storm would queue every
 * request on the pool and starve those, with a memory peak of one hash per thread. So at most half
 * of the pool hashes at once (2 by default) and a few more wait (8 per slot: about half a second
 * of work each); beyond that the request is refused at once with 503 SERVICE_BUSY and Retry-After.
 */
export class HashSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** argon2 operations started since the process began (tests prove that a path costs none). */
  private started = 0;

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  /** Sized from libuv's thread pool: half of it hashing, 8 waiting per hashing slot. */
  static forThreadPool(threadPoolSize: number): HashSlots {
    const concurrency = Math.max(1, Math.floor(threadPoolSize / 2));
    return new HashSlots(concurrency, concurrency * 8);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length >= this.queueLimit) throw new ServiceBusy(1);
    // A finishing operation hands its slot straight to the first waiter (running stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.started++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Refuses at once (503) when running and waiting are full, before a request does other work. */
  assertAvailable(): void {
    if (this.running >= this.concurrency && this.waiting.length >= this.queueLimit) throw new ServiceBusy(1);
  }

  stats(): { running: number; waiting: number; started: number } {
    return { running: this.running, waiting: this.waiting.length, started: this.started };
  }
}

/** argon2id password hashing, bounded by HashSlots; an unknown e-mail still costs one verification. */
export class Passwords {
  private dummy: Promise<string> | null = null;

  constructor(readonly slots: HashSlots) {}

  /** 503 SERVICE_BUSY at once when no hashing slot would be free (checked before the request does other work). */
  assertAvailable(): void {
    this.slots.assertAvailable();
  }

  hash(password: string): Promise<string> {
    return this.slots.run(() => argon2.hash(password, { type: argon2.argon2id }));
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
