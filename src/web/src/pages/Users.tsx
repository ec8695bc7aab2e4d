import { useState } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { PermissionLevel, UserRole, UsersQuery } from '../gql/graphql';
import { useAction, eventHandler } from '../components/action';
import { Empty, ErrorBox, PageHeader } from '../components/feedback';
import { CheckboxField, FormError, SaveOrCancel, SelectField, TextField, formText } from '../components/form';
import { Pager, usePaging } from '../components/paging';
import { fieldError, problemOf, type Problem } from '../errors';
import { formatDateTime } from '../format';
import { SECTION_LABELS, SECTIONS, useSession } from '../session';

const UsersDocument = graphql(`
  query Users($limit: Int, $cursor: String) {
    users(limit: $limit, cursor: $cursor) {
      data {
        id
        email
        role
        departmentIds
        createdAt
        permissions {
          ...PermissionLevels
        }
      }
      nextCursor
    }
    departments(limit: 200) {
      data {
        id
        name
      }
      nextCursor
    }
  }
`);

const CreateUserDocument = graphql(`
  mutation CreateUser($input: CreateUserInput!) {
    createUser(input: $input) {
      id
      email
    }
  }
`);

const UpdateUserDocument = graphql(`
  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {
    updateUser(id: $id, input: $input) {
      id
      role
    }
  }
`);

const DepartmentPageDocument = graphql(`
  query DepartmentPage($limit: Int, $cursor: String) {
    departments(limit: $limit, cursor: $cursor) {
      data {
        id
        name
      }
      nextCursor
    }
  }
`);

const CreateDepartmentDocument = graphql(`
  mutation CreateDepartment($name: String!) {
    createDepartment(name: $name) {
      id
      name
    }
  }
`);

type User = UsersQuery['users']['data'][number];
type Department = UsersQuery['departments']['data'][number];
type Permissions = Record<(typeof SECTIONS)[number], PermissionLevel>;

const ROLES = [
  { value: 'MEMBER', label: 'Member: only the sections given' },
  { value: 'ADMIN', label: 'Admin: manages users and API keys' },
];
const LEVELS = [
  { value: 'none', label: 'None' },
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Write' },
];

function permissionsOf(form: HTMLFormElement): Permissions {
  return Object.fromEntries(
    SECTIONS.map((s) => [s, formText(form, `permissions.${s}`) as PermissionLevel]),
  ) as Permissions;
}

/** null = every department (DESIGN 3), else the ticked ones. */
function departmentsOf(form: HTMLFormElement): string[] | null {
  const data = new FormData(form);
  return data.get('allDepartments') === 'on' ? null : data.getAll('departmentIds').map(String);
}

/** Role, per-section levels and departments: the part of a user an owner or admin manages. */
function AccessFields({
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
        options={ROLES}
        value={role}
        onChange={(e) => onRole(e.target.value as UserRole)}
      />
      <fieldset>
        <legend>Permissions per section</legend>
        <div className="perm-grid">
          {SECTIONS.map((s) => (
            <SelectField
              key={`${s}-${role}`}
              label={SECTION_LABELS[s]}
              name={`permissions.${s}`}
              problem={problem}
              options={LEVELS}
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

export function Users() {
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
      <PageHeader title="Users and departments" />
      <p className="muted">
        {person.role === 'OWNER'
          ? 'As the owner you manage every user.'
          : 'As an admin you manage users and API keys; the owner cannot be changed.'}
      </p>
      <section aria-labelledby="new-user">
        <h2 id="new-user">Add a user</h2>
        {created && (
          <p className="notice" role="status">
            {created} can now log in with the password you set.
          </p>
        )}
        {data && (
          <form
            className="stack-form"
            onSubmit={eventHandler(async (e) => {
              e.preventDefault();
              const form = e.currentTarget;
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
            <TextField label="E-mail" name="email" type="email" problem={create.problem} required autoComplete="off" />
            <TextField
              label="Initial password"
              name="password"
              type="password"
              problem={create.problem}
              required
              autoComplete="new-password"
              hint="At least 10 characters; tell it to the person."
            />
            <AccessFields
              problem={create.problem}
              departments={departments}
              role={role}
              permissions={{}}
              departmentIds={null}
              onRole={setRole}
            />
            {moreDepartments && <p className="muted">Only the first 200 departments are offered here.</p>}
            <button type="submit" className="primary" disabled={create.busy}>
              Create user
            </button>
          </form>
        )}
      </section>
      <section aria-labelledby="users">
        <h2 id="users">Users</h2>
        <ErrorBox problem={problemOf(error)} />
        <ul className="cards">
          {data?.users.data.map((u) => (
            <UserCard key={u.id} user={u} departments={departments} onChanged={reload} />
          ))}
        </ul>
        <Pager paging={paging} nextCursor={data?.users.nextCursor} label="Users" />
      </section>
      <Departments onCreated={reload} />
    </>
  );
}

function UserCard({
  user,
  departments,
  onChanged,
}: {
  user: User;
  departments: readonly Department[];
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState<UserRole>(user.role);
  const update = useAction(UpdateUserDocument);
  const permissions: Permissions = user.permissions;
  const names =
    user.departmentIds === null || user.departmentIds === undefined
      ? 'all departments'
      : user.departmentIds.map((id) => departments.find((d) => d.id === id)?.name ?? id).join(', ') || 'no department';
  return (
    <li data-testid={`user-${user.email}`}>
      <h3>
        {user.email} <span className="badge">{user.role}</span>
      </h3>
      <p className="muted">{SECTIONS.map((s) => `${SECTION_LABELS[s]}: ${permissions[s]}`).join(' · ')}</p>
      <p className="muted">
        {names} · since {formatDateTime(user.createdAt)}
      </p>
      {user.role === 'OWNER' ? (
        <p className="muted">The owner has every section; the role cannot be changed.</p>
      ) : editing ? (
        <form
          className="stack-form"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
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
            Edit access
          </button>
        </div>
      )}
    </li>
  );
}

/** The departments, a page at a time, and a form for a new one (`onCreated` refreshes the users' department choices). */
function Departments({ onCreated }: { onCreated: () => void }) {
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: DepartmentPageDocument, variables: paging.variables });
  const create = useAction(CreateDepartmentDocument);
  return (
    <section aria-labelledby="departments">
      <h2 id="departments">Departments</h2>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.departments.data.length && <Empty>No departments yet.</Empty>}
      <ul>
        {data?.departments.data.map((d) => (
          <li key={d.id}>{d.name}</li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.departments.nextCursor} label="Departments" />
      <form
        className="inline-form"
        onSubmit={eventHandler(async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          if (await create.run({ name: formText(form, 'name') })) {
            form.reset();
            refetch({ requestPolicy: 'network-only' });
            onCreated();
          }
        })}
      >
        <FormError problem={create.problem} fields={['name']} />
        <TextField label="Department name" name="name" problem={create.problem} required />
        <button type="submit" className="primary" disabled={create.busy}>
          Add department
        </button>
      </form>
    </section>
  );
}
