/**
 * Where the process is in its life, for the parts that answer differently while it stops (README
 * "Stopping"): /readyz answers 503 and every answer closes its connection.
 */
export class Lifecycle {
  private stoppingBegan = false;

  get stopping(): boolean {
    return this.stoppingBegan;
  }

  beginStopping(): void {
    this.stoppingBegan = true;
  }
}

/**
 * What a background part is told when it is asked to stop (BackgroundWorker.stop, the scheduler, the
 * outbox dispatcher). The contract, the same for every part (README "Stopping"):
 * - from the call on, take no new item;
 * - give back at once what is claimed and not begun, so another worker takes it now;
 * - finish what is under way and resolve when it is done (its outcome recorded);
 * - when `cut` aborts (the grace period ran out, or a second signal), stop waiting and resolve at once:
 *   the process exits right after, so work left unfinished must be given back or be safe to repeat
 *   (an open transaction rolls back; a claim runs out and another worker takes the item). An item
 *   whose effect has left the process (an e-mail accepted by the SMTP server, a webhook sent) must be
 *   recorded before it is given back, or it is done twice.
 */
export interface StopRequest {
  cut: AbortSignal;
}

/** A stop request whose grace never runs out: tests and callers that stop one part on its own. */
export function unhurried(): StopRequest {
  return { cut: new AbortController().signal };
}

/** Waits for `work` unless `signal` aborts first; whether the work finished (by now, if it has aborted). */
export async function finishedBefore(work: Promise<unknown>, signal: AbortSignal): Promise<boolean> {
  let onAbort!: () => void;
  const aborted = new Promise<boolean>((resolve) => {
    onAbort = () => resolve(false);
    // Already aborted: work that has settled still counts (its callbacks run before the next turn).
    if (signal.aborted) setImmediate(onAbort);
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      aborted,
    ]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
