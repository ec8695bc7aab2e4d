import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { Middleware } from 'koa';

/** How often the event loop's utilization is sampled while requests are being served. */
const SAMPLE_MS = 50;
/** Share of a sample's time the event loop worked, above which the process counts as busy. */
const HOT = 0.5;

/**
 * The load of this process's HTTP server. Background work that shares the process (the webhook
 * sender) yields to it: on a busy API its sends go into the gaps between requests, so they add no
 * queueing to the requests themselves.
 */
export class RequestLoad {
  private inFlight = 0;
  private hot = false;
  private sampler: NodeJS.Timeout | null = null;

  /** The first middleware: counts a request from its arrival to its answer. */
  readonly middleware: Middleware = async (_ctx, next) => {
    this.inFlight++;
    this.sampler ??= this.startSampling();
    try {
      await next();
    } finally {
      this.inFlight--;
    }
  };

  /** Requests being served now. */
  get requests(): number {
    return this.inFlight;
  }

  /**
   * Busy: more than one request is being served (one client's sequential requests never count) and
   * the event loop worked more than half of the last sample. Requests that only wait (a client
   * sending its body slowly) leave the loop idle, so they cannot hold background work back.
   */
  busy(): boolean {
    return this.inFlight > 1 && this.hot;
  }

  /** Stops sampling (the server is closing). */
  stop(): void {
    if (this.sampler) clearInterval(this.sampler);
    this.sampler = null;
  }

  private startSampling(): NodeJS.Timeout {
    let last: EventLoopUtilization = performance.eventLoopUtilization();
    const timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      this.hot = performance.eventLoopUtilization(now, last).utilization > HOT;
      last = now;
    }, SAMPLE_MS);
    timer.unref();
    return timer;
  }
}
