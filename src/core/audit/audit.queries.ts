import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../db/sql';

/** The audit log's SQL (table audit_log, Migration0015AuditLog). */

export interface AuditRow {
  id: string;
  organization_id: string | null;
  created_at: Date;
  action: string;
  actor_user_id: string | null;
  actor_kind: string | null;
  actor_credential_id: string | null;
  ip: string;
  user_agent: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

const INSERT_ENTRY = sql(
  `INSERT INTO audit_log (id, organization_id, created_at, action, actor_user_id, actor_kind, actor_credential_id,
     ip, user_agent, target_type, target_id, details)
   SELECT gen_random_uuid(), o, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb FROM unnest(?::uuid[]) AS o`,
  'audit_insert_entry',
);

/** One row per organization in `organizationIds` (an entry about a person goes to each company of theirs). */
export async function insertEntries(
  em: EntityManager,
  organizationIds: readonly (string | null)[],
  row: Omit<AuditRow, 'id' | 'organization_id' | 'details'> & { details: string },
): Promise<void> {
  await query(em, INSERT_ENTRY, [
    row.created_at,
    row.action,
    row.actor_user_id,
    row.actor_kind,
    row.actor_credential_id,
    row.ip,
    row.user_agent,
    row.target_type,
    row.target_id,
    row.details,
    organizationIds,
  ]);
}

/** What a reader of the log narrows it to; null = not narrowed. */
export interface AuditFilter {
  action: string | null;
  actorUserId: string | null;
  from: Date | null;
  to: Date | null;
}

// Newest first over (created_at, id): the index audit_log_organization read backwards.
const LIST_ENTRIES = sql(
  `SELECT id, organization_id, created_at, action, actor_user_id, actor_kind, actor_credential_id,
          ip, user_agent, target_type, target_id, details
     FROM audit_log
    WHERE organization_id = ?::uuid
      AND (?::text IS NULL OR action = ?::text)
      AND (?::uuid IS NULL OR actor_user_id = ?::uuid)
      AND (?::timestamptz IS NULL OR created_at >= ?::timestamptz)
      AND (?::timestamptz IS NULL OR created_at < ?::timestamptz)
      AND (?::timestamptz IS NULL OR (created_at, id) < (?::timestamptz, ?::uuid))
    ORDER BY created_at DESC, id DESC
    LIMIT ?`,
  'audit_list_entries',
);

/** One organization's entries, newest first, after `before` (the last entry of the previous page). */
export async function listEntries(
  em: EntityManager,
  organizationId: string,
  filter: AuditFilter,
  before: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<AuditRow[]> {
  return query<AuditRow>(em, LIST_ENTRIES, [
    organizationId,
    filter.action,
    filter.action,
    filter.actorUserId,
    filter.actorUserId,
    filter.from,
    filter.from,
    filter.to,
    filter.to,
    before?.createdAt ?? null,
    before?.createdAt ?? null,
    before?.id ?? null,
    limit,
  ]);
}

const DELETE_OLD_ENTRIES = sql(
  `WITH gone AS (
     DELETE FROM audit_log WHERE id IN (
       SELECT id FROM audit_log WHERE created_at < ? ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

/** Retention: deletes up to `limit` audit entries recorded before `before`. */
export async function deleteOldAuditEntries(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_ENTRIES, [before, limit]);
  return row.n;
}
