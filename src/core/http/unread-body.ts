import type { Middleware } from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much of a body left unread by an early answer is still read (and discarded), and for how long. */
export const DRAIN_BYTES = 4 * 1024 * 1024;
export const DRAIN_MS = 5_000;

/**
 * An answer given before the request body was read to its end (413, 400 INVALID_JSON, a POS request
 * without Idempotency-Key) leaves the rest of the body on the connection: the body parser paused the
 * request, so Node never reads it and the next request of a keep-alive connection waits forever.
 * The rest is read and discarded within a bound; a body announced larger than the bound gets
 * `Connection: close` instead, and one that outgrows it (chunked) or stalls loses its connection
 * once the answer was sent.
 */
export function settleUnreadBody(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const req = ctx.req;
      if (!req.complete && !req.destroyed) {
        const declared = Number(req.headers['content-length'] ?? NaN);
        if (declared > DRAIN_BYTES) ctx.set('Connection', 'close');
        else drain(req, ctx.res);
      }
    }
  };
}

function drain(req: IncomingMessage, res: ServerResponse): void {
  let seen = 0;
  const closeAfterAnswer = () => {
    stop();
    if (res.writableFinished) req.socket.destroy();
    else res.once('finish', () => req.socket.destroy());
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_BYTES) closeAfterAnswer();
  };
  const timer = setTimeout(closeAfterAnswer, DRAIN_MS);
  timer.unref();
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
  };
  req.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
}
