import type { EntityManager } from '@mikro-orm/postgresql';
import { ValidationError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import type { Page, Pagination } from '../../core/validation';
import { QuotaUsage, type MeteredCredential } from './quota-usage.entity';

export interface CredentialUsage {
  credentialType: MeteredCredential;
  credentialId: string;
  name: string | null;
  used: number;
}

/** What the credential-owning modules (apikeys, oauth) tell about an organization's credentials. */
export interface CredentialNames {
  /** Every API key of the organization. */
  apiKeys(em: EntityManager, organizationId: string): Promise<{ id: string; name: string }[]>;
  /** OAuth applications with an active consent in the organization, and those of `alsoIds`. */
  applications(em: EntityManager, organizationId: string, alsoIds: string[]): Promise<{ id: string; name: string }[]>;
}

/*
 * The organization's metered credentials: every API key (0 when unused this month), and every OAuth
 * application acting in it, i.e. with an active consent there or with requests this month (a revoked
 * application keeps its row until the month ends). Keyset-paged by credential id (UUIDs compare as
 * their lowercase text, as in PostgreSQL); an organization has few credentials, so they are merged here.
 */
export class CredentialUsageDirectory {
  constructor(private readonly names: CredentialNames) {}

  async list(
    em: EntityManager,
    organizationId: string,
    period: string,
    page: Pagination,
  ): Promise<Page<CredentialUsage>> {
    const after = page.cursor ? decodeCursor(page.cursor) : null;
    const usage = await em.find(QuotaUsage, { organizationId, period }, { refresh: true });
    const used = new Map(usage.map((u) => [u.credentialId, Number(u.used)]));
    const oauthWithRequests = usage.filter((u) => u.credentialType === 'oauth').map((u) => u.credentialId);
    const credentials = [
      ...(await this.names.apiKeys(em, organizationId)).map((k) => ({ ...k, credentialType: 'apiKey' as const })),
      ...(await this.names.applications(em, organizationId, oauthWithRequests)).map((a) => ({
        ...a,
        credentialType: 'oauth' as const,
      })),
    ];
    const all = credentials
      .filter((c) => after === null || c.id > after)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, page.limit + 1)
      .map((c) => ({ credentialType: c.credentialType, credentialId: c.id, name: c.name, used: used.get(c.id) ?? 0 }));
    const hasMore = all.length > page.limit;
    const data = hasMore ? all.slice(0, page.limit) : all;
    return { data, nextCursor: hasMore ? Buffer.from(data[data.length - 1].credentialId).toString('base64url') : null };
  }
}

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isUuid(id))
    throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'not a cursor returned by this list' }]);
  return id.toLowerCase();
}
