import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';
import type { Section } from '../../core/access';
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

/**
 * One event to fan out: `rest` is its envelope as JSON without the opening brace (the id goes in
 * front); `section`, the section reading it needs (null: none beyond managing endpoints);
 * `documentId`, the document whose department limits who receives it (document events).
 */
export interface FanOutEvent {
  organizationId: string;
  event: string;
  rest: string;
  section: Section | null;
  documentId: string | null;
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
 * The active endpoints of the batch's organizations, each with what its creator may read now
 * (Migration0019AccessScoping). The creator's credential is read where it lives, read only and at
 * fan-out time, so whatever ends it (a member removed, a key deleted, a consent revoked, an
 * application disabled) stops the deliveries at once: memberships (identity), api_keys (apikeys),
 * oauth_consents and oauth_applications (oauth). Endpoints from before that migration have no
 * creator and read everything. `departments` null: all (jsonb array of uuid strings otherwise).
 */
const ENDPOINT_READERS = `
  readers AS MATERIALIZED (
    SELECT e.id, e.organization_id, e.events, e.created_by_kind AS kind, m.role,
      CASE WHEN e.created_by_kind = 'apiKey' THEN k.permissions ELSE m.permissions END AS permissions,
      CASE WHEN e.created_by_kind IS NULL OR m.role = 'OWNER' THEN NULL
           WHEN e.created_by_kind = 'apiKey' THEN NULLIF(k.department_ids, 'null') ELSE NULLIF(m.department_ids, 'null') END AS departments,
      c.scopes AS consent_scopes, a.scopes AS application_scopes,
      CASE e.created_by_kind WHEN 'session' THEN m.id IS NOT NULL WHEN 'apiKey' THEN k.id IS NOT NULL
           WHEN 'oauth' THEN m.id IS NOT NULL AND a.id IS NOT NULL ELSE e.created_by_kind IS NULL END AS alive
    FROM webhook_endpoints e
    LEFT JOIN memberships m ON e.created_by_kind IN ('session', 'oauth') AND m.user_id = e.created_by_user_id
      AND m.organization_id = e.organization_id
    LEFT JOIN api_keys k ON e.created_by_kind = 'apiKey' AND k.id = e.created_by_id AND k.organization_id = e.organization_id
    LEFT JOIN oauth_consents c ON e.created_by_kind = 'oauth' AND c.id = e.created_by_id AND c.revoked_at IS NULL
      AND c.organization_id = e.organization_id AND c.user_id = e.created_by_user_id
    LEFT JOIN oauth_applications a ON a.id = c.application_id AND NOT a.disabled
    WHERE e.is_active AND e.organization_id IN (SELECT DISTINCT organization_id FROM batch))`;

/**
 * Whether the reader `r` reads section `s` now, as the verifiers compute it (core/access.ts): an
 * OWNER everything; an ADMIN write unless lowered; a MEMBER what is given; an API key its stored
 * levels (null: a key from before Migration0019, everything); an OAuth consent the scopes both the
 * consent and the application name, within the person's own access.
 */
const READS = `(r.kind IS NULL OR b.section IS NULL OR CASE r.kind
    WHEN 'apiKey' THEN r.permissions IS NULL OR COALESCE(r.permissions->>b.section, 'none') <> 'none'
    ELSE (r.role = 'OWNER' OR COALESCE(r.permissions->>b.section, CASE WHEN r.role = 'ADMIN' THEN 'write' ELSE 'none' END) <> 'none')
      AND (r.kind = 'session'
        OR (r.consent_scopes @> jsonb_build_array(b.section || ':read') AND r.application_scopes @> jsonb_build_array(b.section || ':read'))
        OR (r.consent_scopes @> jsonb_build_array(b.section || ':write') AND r.application_scopes @> jsonb_build_array(b.section || ':write')))
    END)`;

/** A document event reaches a reader limited to departments only for a document of one of them (core/departments.ts). */
const IN_DEPARTMENTS = `(r.departments IS NULL OR b.document_id IS NULL OR EXISTS (
    SELECT 1 FROM documents d WHERE d.id = b.document_id AND d.organization_id = b.organization_id
      AND r.departments @> jsonb_build_array(d.department_id::text)))`;

/**
 * One PENDING delivery per (event, active endpoint of its organization listing it whose creator may
 * read it now: see ENDPOINT_READERS). The n-th event is due n microseconds after `now`, so claims
 * (in order of next_attempt_at) send a batch in the order of its events. The body is the envelope
 * {id, event, timestamp, data} exactly as JSON.stringify writes it: the id (a UUID, nothing to
 * escape) is spliced in front of the rest. Returns the delivery ids.
 */
const FAN_OUT = sql(`
  WITH batch AS (SELECT * FROM jsonb_to_recordset(?::jsonb)
      AS b(ord integer, organization_id uuid, event text, rest text, section text, document_id uuid)),
  ${ENDPOINT_READERS}
  INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event, body, status, attempts_made, attempts,
    next_attempt_at, claimed_until, created_at, updated_at)
  SELECT x.id, x.organization_id, x.endpoint_id, x.event, '{"id":"' || x.id::text || '",' || x.rest, 'PENDING', 0, '[]'::jsonb,
    ?::timestamptz + make_interval(secs => x.ord / 1e6), NULL, ?, ?
  FROM (SELECT gen_random_uuid() AS id, b.ord, b.organization_id, r.id AS endpoint_id, b.event, b.rest
        FROM batch b
        JOIN readers r ON r.organization_id = b.organization_id AND r.alive AND r.events @> jsonb_build_array(b.event)
        WHERE ${READS} AND ${IN_DEPARTMENTS}) x
  RETURNING id`);

export async function writeDeliveries(em: EntityManager, now: Date, events: readonly FanOutEvent[]): Promise<string[]> {
  const batch = events.map((e, ord) => ({
    ord,
    organization_id: e.organizationId,
    event: e.event,
    rest: e.rest,
    section: e.section,
    document_id: e.documentId,
  }));
  const rows = await query<{ id: string }>(em, FAN_OUT, [JSON.stringify(batch), now, now, now]);
  return rows.map((r) => r.id);
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

const DELETE_OLD_DELIVERIES = sql(
  `WITH gone AS (
     DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE created_at < ? AND status <> 'PENDING'
       ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

/** Retention: deletes up to `limit` finished deliveries (DELIVERED, FAILED) created before `before`. */
export async function deleteOldDeliveries(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_DELIVERIES, [before, limit]);
  return row.n;
}
