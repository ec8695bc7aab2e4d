import type { EntityManager } from '@mikro-orm/postgresql';
import { FULL_ACCESS, type Principal } from '../../core/access';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { isUuid } from '../../core/fields';
import { sha256Hex } from '../../core/secrets';

export const API_KEY_PREFIX = 'fk_';
const SHAPE = /^fk_[0-9a-f]{64}$/;

/**
 * The valid API key of a request, with its organization: looked up by SHA-256 (the comparison
 * happens in the index, never on the plain key); X-Organization-Id, when sent, must name the key's
 * organization. Bound by `apiKeyLookupParams`. The quota module embeds it to count in the same
 * statement, so every rule of validity lives here, in SQL.
 */
export const API_KEY_LOOKUP = `SELECT k.id, o.id AS organization_id, o.name, o.plan
    FROM api_keys k JOIN organizations o ON o.id = k.organization_id
   WHERE k.key_hash = ? AND (?::uuid IS NULL OR o.id = ?::uuid)`;

export interface ApiKeyRow {
  id: string;
  organization_id: string;
  name: string;
  plan: string;
}

/** Parameters of API_KEY_LOOKUP, or null when the request cannot carry a valid key at all. */
export function apiKeyLookupParams(request: CredentialRequest): unknown[] | null {
  if (!SHAPE.test(request.token)) return null;
  if (request.organizationId !== null && !isUuid(request.organizationId)) return null;
  return [sha256Hex(request.token), request.organizationId, request.organizationId];
}

export function apiKeyPrincipal(k: ApiKeyRow): Principal {
  return {
    kind: 'apiKey',
    organization: { id: k.organization_id, name: k.name, plan: k.plan },
    credentialId: k.id,
    userId: null,
    role: null,
    permissions: { ...FULL_ACCESS },
    departmentIds: null,
    attributes: { apiKeyId: k.id },
  };
}

export class ApiKeyVerifier implements CredentialVerifier {
  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const params = apiKeyLookupParams(request);
    if (!params) return null;
    const rows = await em.getConnection().execute<ApiKeyRow[]>(API_KEY_LOOKUP, params);
    return rows[0] ? apiKeyPrincipal(rows[0]) : null;
  }
}
