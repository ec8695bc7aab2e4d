import type { EntityManager } from '@mikro-orm/postgresql';
import { uniformPermissions, type Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { sha256Hex } from '../../core/secrets';
import { PosDevice } from './pos-device.entity';
import { deviceByTokenHash, type DeviceRow } from './pos.queries';

export const POS_TOKEN_PREFIX = 'pos_';
const SHAPE = /^pos_[0-9a-f]{64}$/;
/** lastUsedAt shows a person that a register is alive; a minute's precision spares a write per receipt. */
const LAST_USED_PRECISION_MS = 60_000;

/** Whether a token can be a register's at all (anything else is refused without a lookup). */
function isDeviceTokenShaped(token: string): boolean {
  return SHAPE.test(token);
}

/** A register carries no section access, so no /api/v1 route could admit it even by mistake. */
function devicePrincipal(row: DeviceRow): Principal {
  return {
    kind: 'pos',
    organization: { id: row.organization_id, name: row.name, plan: row.plan },
    credentialId: null,
    userId: null,
    role: null,
    permissions: uniformPermissions('none'),
    departmentIds: null,
    attributes: { deviceId: row.id },
  };
}

/**
 * A register's token: valid until rotated or revoked. Declared for the pos area, so the gate accepts
 * it only under /api/pos (and nothing else there).
 * Devices are not metered (DESIGN 4).
 */
export class PosDeviceVerifier implements CredentialVerifier {
  constructor(private readonly clock: Clock) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    if (!isDeviceTokenShaped(request.token)) return null;
    const row = await deviceByTokenHash(em, sha256Hex(request.token));
    if (!row) return null;
    const now = this.clock.now();
    if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_PRECISION_MS) {
      await em.nativeUpdate(PosDevice, { id: row.id }, { lastUsedAt: now });
    }
    return devicePrincipal(row);
  }
}
