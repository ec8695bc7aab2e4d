import type { EntityManager } from '@mikro-orm/postgresql';
import { FULL_ACCESS, type Principal } from '../../core/access';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { sha256Hex } from '../../core/secrets';

export const API_KEY_PREFIX = 'fk_';
const SHAPE = /^fk_[0-9a-f]{64}$/;

/** Looked up by SHA-256: the hash comparison happens in the index, never on the plain key. */
export class ApiKeyVerifier implements CredentialVerifier {
  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    if (!SHAPE.test(request.token)) return null;
    const rows = await em.getConnection().execute<{ id: string; organization_id: string; name: string; plan: string }[]>(
      `SELECT k.id, o.id AS organization_id, o.name, o.plan
         FROM api_keys k JOIN organizations o ON o.id = k.organization_id
        WHERE k.key_hash = ?`,
      [sha256Hex(request.token)],
    );
    const k = rows[0];
    if (!k) return null;
    if (request.organizationId !== null && request.organizationId !== k.organization_id) return null;
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
}
