import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionLevel, UserRole, UsersQuery } from '../../gql/graphql';
import { CheckboxField, SelectField, formText } from '../../components/form';
import { fieldError, type Problem } from '../../errors';
import { sectionLabel, SECTIONS } from '../../session';

export type Department = UsersQuery['departments']['data'][number];

export type Permissions = Record<(typeof SECTIONS)[number], PermissionLevel>;

/** The roles an owner or admin can give: there is one OWNER, made at sign-up. */
const ROLES: Exclude<UserRole, 'OWNER'>[] = ['MEMBER', 'ADMIN'];

export const LEVELS: PermissionLevel[] = ['none', 'read', 'write'];

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
  const { t } = useTranslation('users');
  const [all, setAll] = useState(departmentIds === null);
  const departmentError = fieldError(problem, 'departmentIds');
  return (
    <>
      <SelectField
        label={t('access.role')}
        name="role"
        problem={problem}
        options={ROLES.map((value) => ({ value, label: t(`access.roles.${value}`) }))}
        value={role}
        onChange={(e) => onRole(e.target.value as UserRole)}
      />
      <fieldset>
        <legend>{t('access.permissions')}</legend>
        <div className="perm-grid">
          {SECTIONS.map((s) => (
            <SelectField
              key={`${s}-${role}`}
              label={sectionLabel(s)}
              name={`permissions.${s}`}
              problem={problem}
              options={LEVELS.map((value) => ({ value, label: t(`access.levels.${value}`) }))}
              defaultValue={permissions[s] ?? (role === 'ADMIN' ? 'write' : 'none')}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('access.departments')}</legend>
        <CheckboxField
          label={t('access.allDepartments')}
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
            <p className="muted">{t('access.noDepartments')}</p>
          ))}
        {departmentError && <small className="field-error">{departmentError}</small>}
      </fieldset>
    </>
  );
}
