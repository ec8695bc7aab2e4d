import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';
import type { DeliveryAttempt, DeliveryStatus } from './webhook-delivery.entity';

// The webhooks module's hand-written SQL (webhook_deliveries, webhook_endpoints): what the ORM cannot
// say well — set-based writes of many deliveries at once and the claims (FOR UPDATE SKIP LOCKED).

/** A delivery claimed by a sender (its lease in claimed_until), with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  organizationId: string;
  endpointId: string;
  event: string;
  body: string;
  attemptsMade: number;
  url: string;
  secret: string;
  endpointName: string;
  endpointActive: boolean;
}

/** One event to fan out: `rest` is its envelope as JSON without the opening brace (the id goes in front). */
export interface FanOutEvent {
  organizationId: string;
  event: string;
  rest: string;
}

/** One attempt to record. `attemptsMade` null: not a scheduled attempt (a replay), which changes neither the count nor the next attempt's time. */
export interface AttemptRecord {
  id: string;
  attempt: Omit<DeliveryAttempt, 'number'>;
  status: DeliveryStatus;
  attemptsMade: number | null;
  nextAttemptAt: Date | null;
}

const CLAIMED = `d.id, d.organization_id AS "organizationId", d.endpoint_id AS "endpointId", d.event, d.body,
  d.attempts_made AS "attemptsMade", e.url, e.secret, e.name AS "endpointName", e.is_active AS "endpointActive"`;

/**
 * One PENDING delivery per (event, active endpoint of its organization listing it). The n-th event
 * is due n microseconds after `now`, so claims (in order of next_attempt_at) send a batch in the order
 * of its events. The body is the envelope {id, event, timestamp, data} exactly as JSON.stringify
 * writes it: the id (a UUID, nothing to escape) is spliced in front of the rest.
 */
const FAN_OUT = sql(`
  INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event, body, status, attempts_made, attempts,
    next_attempt_at, claimed_until, created_at, updated_at)
  SELECT x.id, x.organization_id, x.endpoint_id, x.event, '{"id":"' || x.id::text || '",' || x.rest, 'PENDING', 0, '[]'::jsonb,
    ?::timestamptz + make_interval(secs => x.ord / 1e6), NULL, ?, ?
  FROM (SELECT gen_random_uuid() AS id, b.ord, b.organization_id, e.id AS endpoint_id, b.event, b.rest
        FROM jsonb_to_recordset(?::jsonb) AS b(ord integer, organization_id uuid, event text, rest text)
        JOIN webhook_endpoints e ON e.organization_id = b.organization_id AND e.is_active
          AND e.events @> jsonb_build_array(b.event)) x`);

export async function writeDeliveries(em: EntityManager, now: Date, events: readonly FanOutEvent[]): Promise<void> {
  const batch = events.map((e, ord) => ({ ord, organization_id: e.organizationId, event: e.event, rest: e.rest }));
  await query(em, FAN_OUT, [now, now, now, JSON.stringify(batch)]);
}

/**
 * Claims (until `until`) up to `limit` due deliveries in order of next_attempt_at: first attempts,
 * deliveries whose claim ran out (their sender died), and retries due before `lostBefore` (their
 * job was lost). Retries on time are left to their Agenda job. A named statement: the sender's hot path.
 */
const CLAIM_DUE = sql(
  `WITH claimed AS (
     UPDATE webhook_deliveries d SET claimed_until = ? FROM webhook_endpoints e
     WHERE e.id = d.endpoint_id AND d.id IN (
       SELECT id FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= ?
         AND ((attempts_made = 0 AND claimed_until IS NULL) OR claimed_until < ?
              OR (claimed_until IS NULL AND next_attempt_at < ?))
       ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING ${CLAIMED}, d.next_attempt_at)
   SELECT * FROM claimed ORDER BY next_attempt_at`,
  'webhooks_claim_due',
);

export function claimDue(
  em: EntityManager,
  at: { now: Date; until: Date; lostBefore: Date },
  limit: number,
): Promise<ClaimedDelivery[]> {
  return query<ClaimedDelivery>(em, CLAIM_DUE, [at.until, at.now, at.now, at.lostBefore, limit]);
}

/** Claims one delivery for its retry job: still PENDING, due, and held by no one. */
const CLAIM_RETRY = sql(`
  UPDATE webhook_deliveries d SET claimed_until = ? FROM webhook_endpoints e
  WHERE e.id = d.endpoint_id AND d.id = (
    SELECT id FROM webhook_deliveries WHERE id = ? AND status = 'PENDING' AND next_attempt_at <= ?
      AND (claimed_until IS NULL OR claimed_until < ?) FOR UPDATE SKIP LOCKED)
  RETURNING ${CLAIMED}`);

export async function claimRetry(
  em: EntityManager,
  id: string,
  at: { now: Date; until: Date },
): Promise<ClaimedDelivery | undefined> {
  const [claimed] = await query<ClaimedDelivery>(em, CLAIM_RETRY, [at.until, id, at.now, at.now]);
  return claimed;
}

/**
 * Claims a delivery of the endpoint for a replay, waiting for a lock another replay holds: `free`
 * false (and nothing changed) when a sender holds it now.
 */
const CLAIM_REPLAY = sql(`
  UPDATE webhook_deliveries d SET claimed_until = CASE WHEN old.free THEN ?::timestamptz ELSE d.claimed_until END
  FROM webhook_endpoints e,
    (SELECT id, (claimed_until IS NULL OR claimed_until < ?) AS free FROM webhook_deliveries
     WHERE id = ? AND endpoint_id = ? AND organization_id = ? FOR UPDATE) old
  WHERE e.id = d.endpoint_id AND d.id = old.id
  RETURNING ${CLAIMED}, old.free, d.status`);

export async function claimReplay(
  em: EntityManager,
  delivery: { id: string; endpointId: string; organizationId: string },
  at: { now: Date; until: Date },
): Promise<(ClaimedDelivery & { free: boolean; status: DeliveryStatus }) | undefined> {
  const [claimed] = await query<ClaimedDelivery & { free: boolean; status: DeliveryStatus }>(em, CLAIM_REPLAY, [
    at.until,
    at.now,
    delivery.id,
    delivery.endpointId,
    delivery.organizationId,
  ]);
  return claimed;
}

/**
 * Appends one attempt (numbered by its place in the log) to each delivery, sets its state and
 * releases its claim: one UPDATE for any number of deliveries. It commits asynchronously
 * (synchronous_commit off for this transaction): a crash can lose the last milliseconds of records,
 * and a delivery whose record was lost is still PENDING and claimed, so it is sent again when the
 * claim runs out — the at-least-once resend that a crash between sending and recording means anyway.
 */
const RECORD = sql(`
  UPDATE webhook_deliveries d
  SET attempts = d.attempts || jsonb_build_array(r.attempt || jsonb_build_object('number', jsonb_array_length(d.attempts) + 1)),
    attempts_made = COALESCE(r.attempts_made, d.attempts_made), status = r.status,
    next_attempt_at = CASE WHEN r.attempts_made IS NULL THEN d.next_attempt_at ELSE r.next_attempt_at END,
    claimed_until = NULL, updated_at = ?
  FROM jsonb_to_recordset(?::jsonb)
      AS r(id uuid, attempt jsonb, attempts_made integer, status text, next_attempt_at timestamptz),
    (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
  WHERE d.id = r.id`);

export async function recordAttempts(em: EntityManager, now: Date, records: readonly AttemptRecord[]): Promise<void> {
  const rows = records.map((r) => ({
    id: r.id,
    attempt: r.attempt,
    status: r.status,
    attempts_made: r.attemptsMade,
    next_attempt_at: r.nextAttemptAt,
  }));
  await query(em, RECORD, [now, JSON.stringify(rows)]);
}
