import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRole, UsersQuery } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { FormError, SaveOrCancel } from '../../components/form';
import { formatDateTime } from '../../format';
import { sectionLabel, SECTIONS, useSession } from '../../session';
import { UpdateUserDocument } from './operations';
import { AccessFields, departmentsOf, permissionsOf, type Department, type Permissions } from './AccessFields';

export type User = UsersQuery['users']['data'][number];

export function UserCard({
  user,
  departments,
  onChanged,
}: {
  user: User;
  departments: readonly Department[];
  onChanged: () => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  const { person } = useSession();
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState<UserRole>(user.role);
  const update = useAction(UpdateUserDocument);
  const permissions: Permissions = user.permissions;
  const names =
    user.departmentIds === null || user.departmentIds === undefined
      ? t('card.allDepartments')
      : user.departmentIds.map((id) => departments.find((d) => d.id === id)?.name ?? id).join(', ') ||
        t('card.noDepartment');
  return (
    <li data-testid={`user-${user.email}`}>
      <h3>
        {user.email} <span className="badge">{t(`common:roles.${user.role}`)}</span>
      </h3>
      <p className="muted">
        {SECTIONS.map((s) =>
          t('card.permission', { section: sectionLabel(s), level: t(`card.levels.${permissions[s]}`) }),
        ).join(' · ')}
      </p>
      <p className="muted">{t('card.since', { departments: names, at: formatDateTime(user.createdAt) })}</p>
      {user.role === 'OWNER' ? (
        <p className="muted">{t('card.owner')}</p>
      ) : user.id === person.id ? (
        <p className="muted">{t('card.self')}</p>
      ) : user.role === 'ADMIN' && person.role !== 'OWNER' ? (
        <p className="muted">{t('card.onlyOwner')}</p>
      ) : editing ? (
        <form
          className="stack-form"
          onSubmit={submitHandler(async (form) => {
            if (
              await update.run({
                id: user.id,
                input: { role, permissions: permissionsOf(form), departmentIds: departmentsOf(form) },
              })
            ) {
              setEditing(false);
              onChanged();
            }
          })}
        >
          <FormError problem={update.problem} fields={['role', 'permissions', 'departmentIds']} />
          <AccessFields
            problem={update.problem}
            departments={departments}
            role={role}
            permissions={permissions}
            departmentIds={user.departmentIds ?? null}
            onRole={setRole}
          />
          <SaveOrCancel busy={update.busy} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            {t('card.edit')}
          </button>
        </div>
      )}
    </li>
  );
}
