import type { EntityManager } from '@mikro-orm/postgresql';
import { FULL_ACCESS, SECTIONS, type Permissions, type Principal } from '../../core/access';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { isUuid } from '../../core/fields';
import { query } from '../../core/db/sql';
import { sha256Hex } from '../../core/secrets';
import { API_KEY_LOOKUP, LOOK_UP_API_KEY } from './apikeys.queries';

export const API_KEY_PREFIX = 'fk_';
const SHAPE = /^fk_[0-9a-f]{64}$/;

export interface ApiKeyRow {
  id: string;
  organization_id: string;
  name: string;
  plan: string;
  /** null: a key from before Migration0019, which has every section. */
  permissions: Partial<Permissions> | null;
  department_ids: string[] | null;
}

/** A key's stored access: the sections chosen at creation (a missing one: none); every section for an old key. */
export function keyPermissions(stored: Partial<Permissions> | null): Permissions {
  if (stored === null) return { ...FULL_ACCESS };
  return Object.fromEntries(SECTIONS.map((s) => [s, stored[s] ?? 'none'])) as Permissions;
}

/** Parameters of API_KEY_LOOKUP (apikeys.queries.ts), or null when the request cannot carry a valid key at all. */
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
    permissions: keyPermissions(k.permissions),
    departmentIds: k.department_ids,
    attributes: { apiKeyId: k.id },
  };
}

export class ApiKeyVerifier implements CredentialVerifier {
  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    const params = apiKeyLookupParams(request);
    if (!params) return null;
    const rows = await query<ApiKeyRow>(em, LOOK_UP_API_KEY, params);
    return rows[0] ? apiKeyPrincipal(rows[0]) : null;
  }
}

/** The key lookup as the quota module embeds it, to authenticate and count a request in one statement. */
export const apiKeyLookup = {
  prefix: API_KEY_PREFIX,
  lookup: API_KEY_LOOKUP,
  credentialIdColumn: 'id',
  params: (request: CredentialRequest) => apiKeyLookupParams(request),
  principal: apiKeyPrincipal,
};
