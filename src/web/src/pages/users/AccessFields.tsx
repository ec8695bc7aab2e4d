import { useState } from 'react';
import type { PermissionLevel, UserRole, UsersQuery } from '../../gql/graphql';
import { CheckboxField, SelectField, formText, optionsOf } from '../../components/form';
import { fieldError, type Problem } from '../../errors';
import { sectionLabel, SECTIONS } from '../../session';

export type Department = UsersQuery['departments']['data'][number];

export type Permissions = Record<(typeof SECTIONS)[number], PermissionLevel>;

/** The roles an owner or admin can give: there is one OWNER, made at sign-up. */
const ROLE_LABELS: Record<Exclude<UserRole, 'OWNER'>, string> = {
  MEMBER: 'Member: only the sections given',
  ADMIN: 'Admin: manages users and API keys',
};

const LEVEL_LABELS: Record<PermissionLevel, string> = { none: 'None', read: 'Read', write: 'Write' };

export function permissionsOf(form: HTMLFormElement): Permissions {
  return Object.fromEntries(
    SECTIONS.map((s) => [s, formText(form, `permissions.${s}`) as PermissionLevel]),
  ) as Permissions;
}

/** null = every department (DESIGN 3), else the ticked ones. */
export function departmentsOf(form: HTMLFormElement): string[] | null {
  const data = new FormData(form);
  return data.get('allDepartments') === 'on' ? null : data.getAll('departmentIds').map(String);
}

/** Role, per-section levels and departments: the part of a user an owner or admin manages. */
export function AccessFields({
  problem,
  departments,
  role,
  permissions,
  departmentIds,
  onRole,
}: {
  problem: Problem | null;
  departments: readonly Department[];
  role: UserRole;
  permissions: Partial<Permissions>;
  departmentIds: readonly string[] | null;
  onRole: (role: UserRole) => void;
}) {
  const [all, setAll] = useState(departmentIds === null);
  const departmentError = fieldError(problem, 'departmentIds');
  return (
    <>
      <SelectField
        label="Role"
        name="role"
        problem={problem}
        options={optionsOf(ROLE_LABELS)}
        value={role}
        onChange={(e) => onRole(e.target.value as UserRole)}
      />
      <fieldset>
        <legend>Permissions per section</legend>
        <div className="perm-grid">
          {SECTIONS.map((s) => (
            <SelectField
              key={`${s}-${role}`}
              label={sectionLabel(s)}
              name={`permissions.${s}`}
              problem={problem}
              options={optionsOf(LEVEL_LABELS)}
              defaultValue={permissions[s] ?? (role === 'ADMIN' ? 'write' : 'none')}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Departments</legend>
        <CheckboxField
          label="All departments"
          name="allDepartments"
          problem={null}
          checked={all}
          onChange={(e) => setAll(e.target.checked)}
        />
        {!all &&
          (departments.length ? (
            departments.map((d) => (
              <CheckboxField
                key={d.id}
                label={d.name}
                name="departmentIds"
                value={d.id}
                problem={null}
                defaultChecked={departmentIds?.includes(d.id)}
              />
            ))
          ) : (
            <p className="muted">No departments yet: the user sees no department's documents.</p>
          ))}
        {departmentError && <small className="field-error">{departmentError}</small>}
      </fieldset>
    </>
  );
}
