import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../../core/db/sql';

/** An organization's gateway as stored: the keys are sealed (see the payments module's sealedSecrets). */
export interface GatewayRow {
  organization_id: string;
  provider: string;
  secret_key: string;
  webhook_secret: string;
  key_hint: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const UPSERT_GATEWAY = sql(`
  INSERT INTO payment_gateways (organization_id, provider, secret_key, webhook_secret, key_hint, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (organization_id) DO UPDATE
     SET provider = EXCLUDED.provider, secret_key = EXCLUDED.secret_key, webhook_secret = EXCLUDED.webhook_secret,
         key_hint = EXCLUDED.key_hint, updated_at = EXCLUDED.updated_at
  RETURNING *`);

export async function saveGateway(
  em: EntityManager,
  row: Omit<GatewayRow, 'created_at' | 'updated_at'>,
  at: Date,
): Promise<GatewayRow> {
  const { organization_id, provider, secret_key, webhook_secret, key_hint } = row;
  const [saved] = await query<GatewayRow>(em, UPSERT_GATEWAY, [
    organization_id,
    provider,
    secret_key,
    webhook_secret,
    key_hint,
    at,
    at,
  ]);
  return saved;
}

const FIND_GATEWAY = sql(`SELECT * FROM payment_gateways WHERE organization_id = ?`);

export async function findGateway(em: EntityManager, organizationId: string): Promise<GatewayRow | null> {
  const [row] = await query<GatewayRow>(em, FIND_GATEWAY, [organizationId]);
  return row ?? null;
}

const DELETE_GATEWAY = sql(`DELETE FROM payment_gateways WHERE organization_id = ? RETURNING provider`);

export async function deleteGateway(em: EntityManager, organizationId: string): Promise<boolean> {
  return (await query(em, DELETE_GATEWAY, [organizationId])).length > 0;
}

export interface CheckoutRow {
  session_id: string;
  url: string;
}

/**
 * Clicks on one document's pay button queue here (a transaction-scoped lock on the document), so
 * two clicks at once create one checkout session.
 */
const LOCK_DOCUMENT_CHECKOUT = sql(`SELECT pg_advisory_xact_lock(hashtextextended('gateway_checkout:' || ?, 0))`);

export async function lockDocumentCheckout(em: EntityManager, documentId: string): Promise<void> {
  await query(em, LOCK_DOCUMENT_CHECKOUT, [documentId]);
}

/** A session of this document for this amount that the customer can still pay in (not yet expired). */
const OPEN_CHECKOUT = sql(`
  SELECT session_id, url FROM gateway_checkouts
   WHERE document_id = ? AND provider = ? AND amount = ?::numeric AND currency = ? AND expires_at > ?
   ORDER BY created_at DESC LIMIT 1`);

export async function openCheckout(
  em: EntityManager,
  key: { documentId: string; provider: string; amount: string; currency: string },
  at: Date,
): Promise<CheckoutRow | null> {
  const [row] = await query<CheckoutRow>(em, OPEN_CHECKOUT, [
    key.documentId,
    key.provider,
    key.amount,
    key.currency,
    at,
  ]);
  return row ?? null;
}

const INSERT_CHECKOUT = sql(`
  INSERT INTO gateway_checkouts (id, organization_id, document_id, provider, amount, currency, session_id, url,
                                 expires_at, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

export async function insertCheckout(
  em: EntityManager,
  c: {
    id: string;
    organizationId: string;
    documentId: string;
    provider: string;
    amount: string;
    currency: string;
    sessionId: string;
    url: string;
    expiresAt: Date;
  },
  at: Date,
): Promise<void> {
  await query(em, INSERT_CHECKOUT, [
    c.id,
    c.organizationId,
    c.documentId,
    c.provider,
    c.amount,
    c.currency,
    c.sessionId,
    c.url,
    c.expiresAt,
    at,
  ]);
}

/**
 * Claims a gateway event id for this transaction: false when it was handled before (a replay). A
 * concurrent delivery of the same event waits here and then finds it claimed.
 */
const CLAIM_EVENT = sql(`
  INSERT INTO gateway_events (provider, event_id, organization_id, received_at) VALUES (?, ?, ?, ?)
  ON CONFLICT DO NOTHING RETURNING event_id`);

export async function claimGatewayEvent(
  em: EntityManager,
  event: { provider: string; eventId: string; organizationId: string },
  at: Date,
): Promise<boolean> {
  const rows = await query(em, CLAIM_EVENT, [event.provider, event.eventId, event.organizationId, at]);
  return rows.length > 0;
}

/** Retention: rows another transaction holds are skipped and taken the next night. */
const DELETE_OLD_EVENTS = sql(`WITH gone AS (
  DELETE FROM gateway_events WHERE (provider, event_id) IN (
    SELECT provider, event_id FROM gateway_events WHERE received_at < ? LIMIT ? FOR UPDATE SKIP LOCKED)
  RETURNING 1)
SELECT count(*)::int AS n FROM gone`);
const DELETE_EXPIRED_CHECKOUTS = sql(`WITH gone AS (
  DELETE FROM gateway_checkouts WHERE id IN (
    SELECT id FROM gateway_checkouts WHERE expires_at < ? LIMIT ? FOR UPDATE SKIP LOCKED)
  RETURNING 1)
SELECT count(*)::int AS n FROM gone`);

/** Retention: at most `limit` gateway event ids received before `before`. */
export async function deleteOldGatewayEvents(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_EVENTS, [before, limit]);
  return row.n;
}

/** Retention: at most `limit` checkout sessions that expired before `before`. */
export async function deleteExpiredCheckouts(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_EXPIRED_CHECKOUTS, [before, limit]);
  return row.n;
}
