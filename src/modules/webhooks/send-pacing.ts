import { performance } from 'node:perf_hooks';

/** While the process's HTTP server is busy, an attempt starts at least this long after the previous one. */
const MAX_YIELD_MS = 200;
/** How soon a held attempt asks again. */
const RETRY_MS = 5;

/** When the sender may start its next attempt. */
export interface SendPacing {
  /** True: start it now. False: hold it, and `later` runs once it is worth asking again. */
  admit(later: () => void): boolean;
}

/** A process that serves no API (ROLE=worker): every attempt starts at once. */
export const sendAtOnce: SendPacing = { admit: () => true };

/**
 * A process that also serves the API (ROLE=all): while its HTTP server is busy, attempts go into the
 * gaps between requests, and at least one every MAX_YIELD_MS, so deliveries do not queue the
 * requests that cause them. Measured (docs/benchmarks.md): without it the sender in ROLE=all added
 * tens of milliseconds to the API's p99.
 */
export class YieldToRequests implements SendPacing {
  private lastAdmitted = -Infinity;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly busy: () => boolean) {}

  admit(later: () => void): boolean {
    const now = performance.now();
    if (!this.busy() || now - this.lastAdmitted >= MAX_YIELD_MS) {
      this.lastAdmitted = now;
      return true;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      later();
    }, RETRY_MS).unref();
    return false;
  }
}
