import { sql } from '../../core/db/sql';

/**
 * The valid API key of a request, with its organization: looked up by SHA-256 (the comparison
 * happens in the index, never on the plain key); X-Organization-Id, when sent, must name the key's
 * organization. Bound by `apiKeyLookupParams`. The quota module embeds it to count in the same
 * statement, so every rule of validity lives here, in SQL. It joins the organization (identity's
 * table, read only) because authentication must stay one round trip. The key's own access (permissions,
 * department_ids) comes with it.
 */
export const API_KEY_LOOKUP = `SELECT k.id, o.id AS organization_id, o.name, o.plan, k.permissions, k.department_ids
    FROM api_keys k JOIN organizations o ON o.id = k.organization_id
   WHERE k.key_hash = ? AND (?::uuid IS NULL OR o.id = ?::uuid)`;

export const LOOK_UP_API_KEY = sql(API_KEY_LOOKUP, 'apikeys_look_up_key');
