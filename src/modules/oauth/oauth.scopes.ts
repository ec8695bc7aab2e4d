import {
  ALL_SCOPES,
  permissionsFromScopes,
  allows,
  type Access,
  type Permissions,
  type Scope,
  type Section,
} from '../../core/access';

const SECTION_LABELS: Record<Section, string> = {
  documents: 'invoices, proforma invoices, quotes, orders, delivery notes, credit notes and the price list',
  costs: 'received costs',
  contacts: 'customers and suppliers',
  reports: 'reports, statistics, saved views and exports',
  company_settings: 'company settings: billing data, taxes, numbering series, document look and templates',
  payments: 'bank accounts, movements, payment matching and the payment gateway',
  automations: 'automation rules and webhooks',
};

export interface ScopeInfo {
  scope: Scope;
  section: Section;
  access: Access;
  label: string;
}

/** The catalog shown to users on the consent screen and by GET /oauth/scopes. */
export const SCOPE_CATALOG: ScopeInfo[] = ALL_SCOPES.map((scope) => {
  const [section, access] = scope.split(':') as [Section, Access];
  const verb = access === 'read' ? 'View' : 'View and change';
  return { scope, section, access, label: `${verb} ${SECTION_LABELS[section]}` };
});

export function scopeInfo(scope: Scope): ScopeInfo {
  return SCOPE_CATALOG.find((s) => s.scope === scope)!;
}

/** Scopes of `scopes` that `permissions` covers, in catalog order. */
export function scopesAllowedBy(scopes: readonly Scope[], permissions: Permissions): Scope[] {
  return scopes.filter((scope) => {
    const [section, access] = scope.split(':') as [Section, Access];
    return allows(permissions, section, access);
  });
}

/** Set intersection that keeps catalog order (deterministic `scope` strings). */
export function intersectScopes(a: readonly string[], ...others: (readonly string[])[]): Scope[] {
  return ALL_SCOPES.filter((s) => a.includes(s) && others.every((o) => o.includes(s)));
}

export function formatScopes(scopes: readonly string[]): string {
  return intersectScopes(scopes).join(' ');
}

export { permissionsFromScopes };
