import { ServiceBusy } from './errors';

/**
 * A bound on concurrent heavy work (argon2 hashes, XSD validations): `concurrency` pieces run at
 * once and `queueLimit` more wait; beyond that `run` refuses at once with 503 SERVICE_BUSY and
 * Retry-After.
 */
export class WorkSlots {
  protected running = 0;
  protected readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length >= this.queueLimit) throw new ServiceBusy(1);
    // A finishing piece hands its slot straight to the first waiter (running stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
