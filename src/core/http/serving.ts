import type http from 'node:http';
import { finishedBefore, type Lifecycle, type StopRequest } from '../lifecycle';

/**
 * The HTTP server's side of stopping (README "Stopping"): it knows the answers under way, so that once
 * stopping began each of them, and each answer to a request arriving on a kept-alive connection,
 * carries `Connection: close` and ends its connection.
 */
export class ServingRequests {
  private readonly unanswered = new Set<http.ServerResponse>();

  constructor(
    private readonly server: http.Server,
    private readonly lifecycle: Lifecycle,
  ) {}

  /** Wraps the application's handler. */
  handler(handle: http.RequestListener): http.RequestListener {
    return (req, res) => {
      if (this.lifecycle.stopping) res.setHeader('Connection', 'close');
      this.unanswered.add(res);
      res.once('close', () => this.unanswered.delete(res));
      handle(req, res);
    };
  }

  /**
   * Accepts no new connection, closes the idle ones and lets every request under way get its answer,
   * its connection closed after it. When `request.cut` aborts first, the connections still open are
   * destroyed; returns what was cut then.
   */
  async stop(request: StopRequest): Promise<string[]> {
    this.lifecycle.beginStopping();
    for (const res of this.unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    if (await finishedBefore(closed, request.cut)) return [];
    const cut = this.unanswered.size;
    this.server.closeAllConnections();
    return cut > 0 ? [`${cut} unanswered request${cut === 1 ? '' : 's'}`] : [];
  }
}
