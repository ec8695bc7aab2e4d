import type { EntityManager } from '@mikro-orm/postgresql';
import type { Scope } from '../../core/access';
import { query, sql } from '../../core/db/sql';

/**
 * The live access token of a request, with everything its effective access depends on, in one
 * round trip. Expired, rotated, consent revoked, application disabled and membership gone all fail
 * the same join (no row: the same 401). Bound by `accessTokenLookupParams`. The quota module embeds
 * it to count in the same statement, so every rule of validity lives here, in SQL. It joins the
 * membership and organization (identity's tables, read only) because authentication must stay one
 * round trip.
 */
export const ACCESS_TOKEN_LOOKUP = `SELECT t.id AS token_id, t.scopes AS token_scopes, c.id AS consent_id, c.scopes AS consent_scopes, c.user_id,
         a.id AS application_id, a.scopes AS application_scopes,
         m.role, m.permissions, m.department_ids, o.id AS organization_id, o.name, o.plan,
         (o.require_two_factor AND NOT EXISTS (SELECT 1 FROM user_two_factor tf
           WHERE tf.user_id = c.user_id AND tf.enabled_at IS NOT NULL)) AS two_factor_missing
    FROM oauth_tokens t
    JOIN oauth_consents c ON c.id = t.consent_id AND c.revoked_at IS NULL
    JOIN oauth_applications a ON a.id = c.application_id AND NOT a.disabled
    JOIN memberships m ON m.user_id = c.user_id AND m.organization_id = c.organization_id
    JOIN organizations o ON o.id = c.organization_id
   WHERE t.access_hash = ? AND t.rotated_at IS NULL AND t.access_expires_at > ?`;

export const LOOK_UP_ACCESS_TOKEN = sql(ACCESS_TOKEN_LOOKUP, 'oauth_look_up_access_token');

/** A new approval replaces the scopes of the one active consent of (application, user, organization). */
const UPSERT_CONSENT = sql(`
  INSERT INTO oauth_consents (id, application_id, user_id, organization_id, scopes, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?::jsonb, ?, ?)
  ON CONFLICT (application_id, user_id, organization_id) WHERE revoked_at IS NULL
  DO UPDATE SET scopes = EXCLUDED.scopes, updated_at = EXCLUDED.updated_at
  RETURNING id`);

/** Returns the id of the active consent, new or updated. */
export async function upsertConsent(
  em: EntityManager,
  consent: { id: string; applicationId: string; userId: string; organizationId: string; scopes: Scope[]; at: Date },
): Promise<string> {
  const [row] = await query<{ id: string }>(em, UPSERT_CONSENT, [
    consent.id,
    consent.applicationId,
    consent.userId,
    consent.organizationId,
    JSON.stringify(consent.scopes),
    consent.at,
    consent.at,
  ]);
  return row.id;
}
