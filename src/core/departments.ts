import type { Principal } from './access';

/**
 * The one department-visibility rule: a principal limited to billing departments (departmentIds not
 * null: OAuth tokens and sessions of such users) sees only documents of those departments, and never
 * a document without one; everyone else sees every document of its organization. The three forms
 * below are that rule for a loaded row, an ORM filter and a raw SQL condition.
 */
export function seesDepartment(principal: Pick<Principal, 'departmentIds'>, departmentId: string | null): boolean {
  return principal.departmentIds === null || (departmentId !== null && principal.departmentIds.includes(departmentId));
}

/** The rule as a MikroORM filter on an entity's `departmentId` property (empty when unlimited). */
export function departmentFilter(principal: Pick<Principal, 'departmentIds'>): { departmentId?: { $in: string[] } } {
  return principal.departmentIds === null ? {} : { departmentId: { $in: principal.departmentIds } };
}

/** The rule as SQL over `column` with its positional `?` parameters ('' when unlimited). */
export function departmentCondition(
  principal: Pick<Principal, 'departmentIds'>,
  column: string,
): { sql: string; params: string[] } {
  const ids = principal.departmentIds;
  if (ids === null) return { sql: '', params: [] };
  if (ids.length === 0) return { sql: ' AND false', params: [] };
  return { sql: ` AND ${column} IN (${ids.map(() => '?').join(', ')})`, params: ids };
}
