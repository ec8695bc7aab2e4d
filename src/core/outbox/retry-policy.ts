/** When a consumer that failed on an event gets it again, and when it stops trying (parks it). */
export interface RetryPolicy {
  /** Failures before the event is parked for that consumer. */
  maxAttempts: number;
  /** Wait after the first failure; doubles with each further one, capped at maxSeconds. */
  baseSeconds: number;
  maxSeconds: number;
}

export function afterFailure(
  policy: RetryPolicy,
  failures: number,
  now: Date,
): { parked: boolean; nextAttemptAt: Date } {
  const seconds = Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(failures - 1, 30));
  return { parked: failures >= policy.maxAttempts, nextAttemptAt: new Date(now.getTime() + seconds * 1000) };
}
