import type { EntityManager } from '@mikro-orm/postgresql';
import { uniformPermissions, type Principal } from '../../core/access';
import type { Clock } from '../../core/clock';
import { executePrepared, prepare } from '../../core/db/prepared-statement';
import type { CredentialRequest, CredentialVerifier } from '../../core/http/authenticator';
import { sha256Hex } from '../../core/secrets';

export const POS_TOKEN_PREFIX = 'pos_';
const SHAPE = /^pos_[0-9a-f]{64}$/;
/**
 * lastUsedAt shows a person that a register is alive; a minute's precision spares a write per receipt.
 * The same precision is written in SQL where a receipt statement proves the token itself (pos-receipt-sql.ts).
 */
export const LAST_USED_PRECISION_MS = 60_000;

/** Named: it runs before every register request, and planning it cost about as much as running it. */
const DEVICE_BY_TOKEN = prepare(
  'pos_device_by_token',
  `SELECT d.id, o.id AS organization_id, o.name, o.plan, d.last_used_at
     FROM pos_devices d JOIN organizations o ON o.id = d.organization_id
    WHERE d.token_hash = ? AND d.revoked_at IS NULL`,
);

/** A register found by its token: the device and its organization. */
export interface DeviceRow {
  id: string;
  organization_id: string;
  name: string;
  plan: string;
}

/** Whether a token can be a register's at all (anything else is refused without a lookup). */
export function isDeviceTokenShaped(token: string): boolean {
  return SHAPE.test(token);
}

/** What is stored of a register's token and looked up: its SHA-256 (compared in the index, never in plain text). */
export function deviceTokenHash(token: string): string {
  return sha256Hex(token);
}

/** A register carries no section access, so no /api/v1 route could admit it even by mistake. */
export function devicePrincipal(row: DeviceRow): Principal {
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
 * A register's token: valid until rotated or revoked. The gate accepts it only under /api/pos.
 * Devices are not metered (DESIGN 4).
 */
export class PosDeviceVerifier implements CredentialVerifier {
  constructor(private readonly clock: Clock) {}

  async verify(em: EntityManager, request: CredentialRequest): Promise<Principal | null> {
    if (!isDeviceTokenShaped(request.token)) return null;
    const [row] = await executePrepared<DeviceRow & { last_used_at: Date | null }>(em, DEVICE_BY_TOKEN, [
      deviceTokenHash(request.token),
    ]);
    if (!row) return null;
    const now = this.clock.now();
    if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_PRECISION_MS) {
      await em.getConnection().execute('UPDATE pos_devices SET last_used_at = ? WHERE id = ?', [now, row.id]);
    }
    return devicePrincipal(row);
  }
}
