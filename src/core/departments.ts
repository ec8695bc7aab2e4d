import type { Principal } from './access';

/**
 * The one department-visibility rule: a principal limited to billing departments (departmentIds not
 * null: OAuth tokens and sessions of such users) sees only documents of those departments, and never
 * a document without one; everyone else sees every document of its organization. The forms
 * below are that rule for a loaded row and an ORM filter; SQL takes `departmentIds` as a uuid[]
 * parameter (`?::uuid[] IS NULL OR department_id = ANY(?::uuid[])`).
 */
export function seesDepartment(principal: Pick<Principal, 'departmentIds'>, departmentId: string | null): boolean {
  return principal.departmentIds === null || (departmentId !== null && principal.departmentIds.includes(departmentId));
}

/** The rule as a MikroORM filter on an entity's `departmentId` property (empty when unlimited). */
export function departmentFilter(principal: Pick<Principal, 'departmentIds'>): { departmentId?: { $in: string[] } } {
  return principal.departmentIds === null ? {} : { departmentId: { $in: principal.departmentIds } };
}

/**
 * Departments a grantor limited to `holder` may give: a subset of its own, never null (= all).
 * The 403's message when `wanted` goes beyond, else null; an unlimited grantor may give any.
 */
export function excessDepartments(holder: readonly string[] | null, wanted: readonly string[] | null): string | null {
  if (holder === null) return null;
  if (wanted === null) return 'You cannot grant all departments: you are limited to your own billing departments';
  const outside = wanted.find((d) => !holder.includes(d));
  return outside === undefined
    ? null
    : `You cannot grant department ${outside}: it is not one of your billing departments`;
}
