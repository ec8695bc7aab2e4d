import type { EntityManager } from '@mikro-orm/postgresql';
import { ValidationError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import type { Page, Pagination } from '../../core/validation';
import type { MeteredCredential } from './quota-usage.entity';

export interface CredentialUsage {
  credentialType: MeteredCredential;
  credentialId: string;
  name: string | null;
  used: number;
}

/*
 * The organization's metered credentials: every API key (0 when unused this month), and every OAuth
 * application acting in it, i.e. with an active consent there or with requests this month (a revoked
 * application keeps its row until the month ends). Keyset-paged by credential id.
 */
const CREDENTIALS = `
  SELECT c.credential_type, c.credential_id, c.name, COALESCE(u.used, 0) AS used
    FROM (
      SELECT 'apiKey' AS credential_type, k.id AS credential_id, k.name
        FROM api_keys k WHERE k.organization_id = :org
      UNION
      SELECT 'oauth', a.id, a.name
        FROM oauth_applications a
       WHERE a.id IN (SELECT application_id FROM oauth_consents WHERE organization_id = :org AND revoked_at IS NULL)
          OR a.id IN (SELECT credential_id FROM quota_usage WHERE organization_id = :org AND period = :period AND credential_type = 'oauth')
    ) c
    LEFT JOIN quota_usage u ON u.organization_id = :org AND u.credential_id = c.credential_id AND u.period = :period
   WHERE c.credential_id > :after
   ORDER BY c.credential_id
   LIMIT :limit`;

const BEFORE_EVERY_UUID = '00000000-0000-0000-0000-000000000000';

export class CredentialUsageDirectory {
  async list(
    em: EntityManager,
    organizationId: string,
    period: string,
    page: Pagination,
  ): Promise<Page<CredentialUsage>> {
    const after = page.cursor ? decodeCursor(page.cursor) : BEFORE_EVERY_UUID;
    const rows = await em.getKnex().raw(CREDENTIALS, { org: organizationId, period, after, limit: page.limit + 1 });
    const all: CredentialUsage[] = (
      rows.rows as { credential_type: MeteredCredential; credential_id: string; name: string | null; used: string }[]
    ).map((r) => ({
      credentialType: r.credential_type,
      credentialId: r.credential_id,
      name: r.name,
      used: Number(r.used),
    }));
    const hasMore = all.length > page.limit;
    const data = hasMore ? all.slice(0, page.limit) : all;
    return { data, nextCursor: hasMore ? Buffer.from(data[data.length - 1].credentialId).toString('base64url') : null };
  }
}

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isUuid(id))
    throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'not a cursor returned by this list' }]);
  return id;
}
