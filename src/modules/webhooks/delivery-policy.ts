/**
 * The delivery contract (DESIGN 5) as pure functions: what counts as success, and what follows a
 * failed attempt. Attempt 1 goes as soon as the event is dispatched, attempt 2 one minute after
 * attempt 1 failed, attempt 3 five minutes after attempt 2 failed, none after.
 */

export const MAX_ATTEMPTS = 3;
/** Wait before attempt n+1 after attempt n failed: 1 minute, then 5 minutes. */
const RETRY_DELAY_SECONDS: Readonly<Record<number, number>> = { 1: 60, 2: 300 };
/**
 * A retry whose Agenda job has not sent it this long after it was due lost its job (a crash between
 * recording the failed attempt and scheduling the job): the sender takes it then.
 */
const LOST_RETRY_SECONDS = 300;

/** Only a 2xx answer is success; a redirect is not followed, so it is a failure like any other. */
export function isSuccess(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

export type Verdict =
  { status: 'DELIVERED' | 'FAILED'; nextAttemptAt: null } | { status: 'PENDING'; nextAttemptAt: Date };

/** What follows attempt `number` of a delivery, which ended at `at`: DELIVERED, the next attempt's time, or FAILED. */
export function afterAttempt(number: number, succeeded: boolean, at: Date): Verdict {
  if (succeeded) return { status: 'DELIVERED', nextAttemptAt: null };
  const delay = RETRY_DELAY_SECONDS[number];
  if (delay === undefined || number >= MAX_ATTEMPTS) return { status: 'FAILED', nextAttemptAt: null };
  return { status: 'PENDING', nextAttemptAt: new Date(at.getTime() + delay * 1000) };
}

/** A retry due before this instant and still waiting for its job lost the job (see LOST_RETRY_SECONDS). */
export function lostRetryCutoff(now: Date): Date {
  return new Date(now.getTime() - LOST_RETRY_SECONDS * 1000);
}
