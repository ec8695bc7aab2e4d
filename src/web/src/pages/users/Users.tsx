import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { UserRole } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { useSession } from '../../session';
import { UsersDocument, CreateUserDocument } from './operations';
import { AccessFields, departmentsOf, permissionsOf } from './AccessFields';
import { UserCard } from './UserCard';
import { Departments } from './Departments';

export function Users() {
  const { t } = useTranslation('users');
  const { person } = useSession();
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: UsersDocument, variables: paging.variables });
  const create = useAction(CreateUserDocument);
  const [role, setRole] = useState<UserRole>('MEMBER');
  const [created, setCreated] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const departments = data?.departments.data ?? [];
  const moreDepartments = !!data?.departments.nextCursor;

  return (
    <>
      <PageHeader title={t('title')} />
      <p className="muted">{person.role === 'OWNER' ? t('ownerIntro') : t('adminIntro')}</p>
      <section aria-labelledby="new-user">
        <h2 id="new-user">{t('add')}</h2>
        {created && (
          <p className="notice" role="status">
            {t('created', { email: created })}
          </p>
        )}
        {data && (
          <form
            className="stack-form"
            onSubmit={submitHandler(async (form) => {
              const done = await create.run({
                input: {
                  email: formText(form, 'email'),
                  password: formText(form, 'password'),
                  role,
                  permissions: permissionsOf(form),
                  departmentIds: departmentsOf(form),
                },
              });
              if (done) {
                form.reset();
                setCreated(done.createUser.email);
                reload();
              }
            })}
          >
            <FormError
              problem={create.problem}
              fields={['email', 'password', 'role', 'permissions', 'departmentIds']}
            />
            <TextField
              label={t('email')}
              name="email"
              type="email"
              problem={create.problem}
              required
              autoComplete="off"
            />
            <TextField
              label={t('password')}
              name="password"
              type="password"
              problem={create.problem}
              required
              autoComplete="new-password"
              hint={t('passwordHint')}
            />
            <AccessFields
              problem={create.problem}
              departments={departments}
              role={role}
              permissions={{}}
              departmentIds={null}
              onRole={setRole}
            />
            {moreDepartments && <p className="muted">{t('moreDepartments')}</p>}
            <button type="submit" className="primary" disabled={create.busy}>
              {t('create')}
            </button>
          </form>
        )}
      </section>
      <section aria-labelledby="users">
        <h2 id="users">{t('users')}</h2>
        <ErrorBox problem={problemOf(error)} />
        <ul className="cards">
          {data?.users.data.map((u) => (
            <UserCard key={u.id} user={u} departments={departments} onChanged={reload} />
          ))}
        </ul>
        <Pager paging={paging} nextCursor={data?.users.nextCursor} label={t('pager')} />
      </section>
      <Departments onCreated={reload} />
    </>
  );
}
