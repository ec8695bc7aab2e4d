/** Sections (SPEC 2.2), access levels and the effective access of a principal. */
export const SECTIONS = [
  'documents',
  'costs',
  'contacts',
  'reports',
  'company_settings',
  'payments',
  'automations',
] as const;
export type Section = (typeof SECTIONS)[number];
export type Access = 'read' | 'write';
export type Level = 'none' | Access;
export type Permissions = Record<Section, Level>;
export type Scope = `${Section}:${Access}`;

export const ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export type Role = (typeof ROLES)[number];

export const ALL_SCOPES: Scope[] = SECTIONS.flatMap((s) => [`${s}:read`, `${s}:write`] as Scope[]);

export function uniformPermissions(level: Level): Permissions {
  return Object.fromEntries(SECTIONS.map((s) => [s, level])) as Permissions;
}

export const FULL_ACCESS: Readonly<Permissions> = Object.freeze(uniformPermissions('write'));

const RANK: Record<Level, number> = { none: 0, read: 1, write: 2 };

export function allows(permissions: Permissions, section: Section, access: Access): boolean {
  return RANK[permissions[section]] >= RANK[access];
}

/** The lower of two levels per section: used for OAuth (approved scopes ∩ the user's permissions). */
export function intersect(a: Permissions, b: Permissions): Permissions {
  return Object.fromEntries(SECTIONS.map((s) => [s, RANK[a[s]] <= RANK[b[s]] ? a[s] : b[s]])) as Permissions;
}

/** Permissions implied by a list of scopes (`write` includes `read`). */
export function permissionsFromScopes(scopes: readonly string[]): Permissions {
  const p = uniformPermissions('none');
  for (const scope of scopes) {
    const [section, access] = scope.split(':') as [Section, Access];
    if (!(section in p) || (access !== 'read' && access !== 'write')) continue;
    if (RANK[access] > RANK[p[section]]) p[section] = access;
  }
  return p;
}

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as string[]).includes(value);
}

/** A membership's stored permissions, as the role defines them. */
export function rolePermissions(role: Role, stored: Partial<Permissions> | null | undefined): Permissions {
  if (role === 'OWNER') return { ...FULL_ACCESS };
  const base = role === 'ADMIN' ? uniformPermissions('write') : uniformPermissions('none');
  return { ...base, ...(stored ?? {}) };
}

export type CredentialKind = 'session' | 'apiKey' | 'oauth' | 'pos';

export interface OrganizationRef {
  id: string;
  name: string;
  plan: string;
}

/** Who is calling, for which organization, with which effective access. Built once per request. */
export interface Principal {
  kind: CredentialKind;
  organization: OrganizationRef;
  /** The metered credential: API key id or OAuth application id (null for sessions and POS). */
  credentialId: string | null;
  userId: string | null;
  role: Role | null;
  permissions: Permissions;
  /** Billing departments the caller sees; null = all. */
  departmentIds: string[] | null;
  /** Kind-specific ids (grant id, device id, ...). */
  attributes: Record<string, string>;
}

/** What a grant asks beyond what its grantor holds: the scope refused and the 403's message. */
export interface RefusedGrant {
  scope: Scope;
  message: string;
}

/**
 * The first section `wanted` gives at a level above what `holder` has (nobody grants access they
 * lack: users, API keys), or null. Lowering a section, or giving `none`, is never refused.
 */
export function excessGrant(holder: Permissions, wanted: Partial<Permissions>): RefusedGrant | null {
  for (const section of SECTIONS) {
    const level = wanted[section];
    if (level === undefined || level === 'none' || RANK[level] <= RANK[holder[section]]) continue;
    const held = holder[section] === 'none' ? `no ${section} access` : `${section}:${holder[section]}`;
    return { scope: `${section}:${level}`, message: `You cannot grant ${section}:${level}: you hold ${held}` };
  }
  return null;
}
