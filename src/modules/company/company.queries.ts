import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';
import type { DocumentLanguage } from '../../core/languages';
import { DEFAULT_COMPANY_LANGUAGE } from './company-profile.entity';

const CREATE_PROFILE = sql(
  'INSERT INTO company_profiles (organization_id, updated_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
);

/** The organization's profile row with the columns' defaults, unless it exists. */
export async function createProfileIfMissing(em: EntityManager, organizationId: string, at: Date): Promise<void> {
  await query(em, CREATE_PROFILE, [organizationId, at]);
}

/**
 * The company's document language as an SQL expression over `organization` (an SQL expression for its
 * id), the profile's default before its row exists: a statement writing a new document reads it in
 * place instead of a round trip of its own (docs/benchmarks.md, "Issue 31 point 1, second round").
 */
export function companyLanguageSql(organization: string): string {
  return `coalesce((SELECT cp.language FROM company_profiles cp WHERE cp.organization_id = ${organization}), '${DEFAULT_COMPANY_LANGUAGE}')`;
}

/** Named: every new document without a language of its own reads it. */
const PROFILE_LANGUAGE = sql('SELECT language FROM company_profiles WHERE organization_id = ?', 'company_language');

/** The language of the organization's profile; null before its profile row exists. */
export async function profileLanguage(em: EntityManager, organizationId: string): Promise<DocumentLanguage | null> {
  const [row] = await query<{ language: DocumentLanguage }>(em, PROFILE_LANGUAGE, [organizationId]);
  return row?.language ?? null;
}
