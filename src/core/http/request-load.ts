import type { Middleware } from 'koa';

/**
 * Requests in flight on this process's HTTP server. Background work that shares the process (the
 * webhook sender) yields to them: on a busy API its sends go into the gaps between requests, so
 * they add no queueing to the requests themselves.
 */
export class RequestLoad {
  private inFlight = 0;

  /** The first middleware: counts a request from its arrival to its answer. */
  readonly middleware: Middleware = async (_ctx, next) => {
    this.inFlight++;
    try {
      await next();
    } finally {
      this.inFlight--;
    }
  };

  /** Whether more than one request is being served (one client's sequential requests never count as busy). */
  busy(): boolean {
    return this.inFlight > 1;
  }
}
