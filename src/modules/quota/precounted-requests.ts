import type { Principal } from '../../core/access';

/** A request counted by the statement that authenticated it: the month's total (null: refused, limit reached) and when. */
export interface Precount {
  used: number | null;
  at: Date;
}

/** Filled by the counting verifiers, read by the QuotaMeter, which then makes no round trip of its own. */
export type PrecountedRequests = WeakMap<Principal, Precount>;

/** `total` as the counting statement returns it (bigint as text; NULL when the limit refused the request). */
export function precount(total: string | null, at: Date): Precount {
  return { used: total === null ? null : Number(total), at };
}
