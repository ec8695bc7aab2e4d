import { useState } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { OAuthApplicationsQuery } from '../gql/graphql';
import { useAction, eventHandler } from '../components/action';
import { ConfirmButton } from '../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../components/feedback';
import { CheckboxField, FormError, SaveOrCancel, TextField, formText, lines } from '../components/form';
import { Pager, usePaging } from '../components/paging';
import { OneTimeSecret } from '../components/secret';
import { fieldError, problemOf, type Problem } from '../errors';
import { formatDateTime } from '../format';
import { SECTION_LABELS, SECTIONS } from '../session';

const OAuthApplicationsDocument = graphql(`
  query OAuthApplications($limit: Int, $cursor: String) {
    oauthApplications(limit: $limit, cursor: $cursor) {
      data {
        id
        name
        description
        clientId
        confidential
        disabled
        redirectUris
        scopes
        createdAt
      }
      nextCursor
    }
  }
`);

const RegisterOAuthApplicationDocument = graphql(`
  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {
    registerOAuthApplication(input: $input) {
      id
      name
      clientId
      clientSecret
    }
  }
`);

const UpdateOAuthApplicationDocument = graphql(`
  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {
    updateOAuthApplication(id: $id, input: $input) {
      id
      name
      disabled
    }
  }
`);

const RotateOAuthApplicationSecretDocument = graphql(`
  mutation RotateOAuthApplicationSecret($id: ID!) {
    rotateOAuthApplicationSecret(id: $id) {
      clientSecret
    }
  }
`);

type Application = OAuthApplicationsQuery['oauthApplications']['data'][number];
const SCOPES = SECTIONS.flatMap((s) => [`${s}:read`, `${s}:write`]);

function ScopeChoice({ selected, problem }: { selected: readonly string[]; problem: Problem | null }) {
  const error = fieldError(problem, 'scopes');
  return (
    <fieldset>
      <legend>Scopes</legend>
      <div className="perm-grid">
        {SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            label={scope}
            title={SECTION_LABELS[scope.split(':')[0] as keyof typeof SECTION_LABELS]}
            name="scopes"
            value={scope}
            problem={null}
            defaultChecked={selected.includes(scope)}
          />
        ))}
      </div>
      {error && <small className="field-error">{error}</small>}
    </fieldset>
  );
}

function RedirectUris({ value, problem }: { value: readonly string[]; problem: Problem | null }) {
  const error = fieldError(problem, 'redirectUris');
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor="redirect-uris">Redirect URIs (one per line)</label>
      <textarea
        id="redirect-uris"
        name="redirectUris"
        defaultValue={value.join('\n')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'redirect-uris-error' : undefined}
        required
      />
      {error && (
        <small id="redirect-uris-error" className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

function applicationInput(form: HTMLFormElement) {
  return {
    name: formText(form, 'name'),
    description: formText(form, 'description'),
    redirectUris: lines(formText(form, 'redirectUris')),
    scopes: new FormData(form).getAll('scopes').map(String),
  };
}

/** Third-party applications of the company that act for its people through OAuth 2.0. */
export function OAuthApplications() {
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: OAuthApplicationsDocument, variables: paging.variables });
  const register = useAction(RegisterOAuthApplicationDocument);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title="OAuth applications" />
      {secret && <OneTimeSecret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
      {registered && (
        <p className="notice" role="status">
          Registered. Client ID: <code>{registered}</code>
        </p>
      )}
      <section aria-labelledby="new-app">
        <h2 id="new-app">Register an application</h2>
        <form
          className="stack-form"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const done = await register.run({
              input: { ...applicationInput(form), confidential: new FormData(form).get('confidential') === 'on' },
            });
            if (done) {
              const app = done.registerOAuthApplication;
              form.reset();
              setRegistered(app.clientId);
              if (app.clientSecret) setSecret({ label: `Client secret of ${app.name}`, value: app.clientSecret });
              reload();
            }
          })}
        >
          <FormError
            problem={register.problem}
            fields={['name', 'description', 'redirectUris', 'scopes', 'confidential']}
          />
          <TextField label="Name" name="name" problem={register.problem} required />
          <TextField label="Description" name="description" problem={register.problem} />
          <RedirectUris value={[]} problem={register.problem} />
          <ScopeChoice selected={[]} problem={register.problem} />
          <CheckboxField
            label="Confidential client (has a secret; untick for a public client using PKCE)"
            name="confidential"
            problem={register.problem}
            defaultChecked
          />
          <button type="submit" className="primary" disabled={register.busy}>
            Register application
          </button>
        </form>
      </section>
      <section aria-labelledby="apps">
        <h2 id="apps">Applications</h2>
        <ErrorBox problem={problemOf(error)} />
        {data && !data.oauthApplications.data.length && <Empty>No applications yet.</Empty>}
        <ul className="cards">
          {data?.oauthApplications.data.map((a) => (
            <ApplicationCard
              key={a.id}
              application={a}
              onChanged={reload}
              onSecret={(value) => setSecret({ label: `New client secret of ${a.name}`, value })}
            />
          ))}
        </ul>
        <Pager paging={paging} nextCursor={data?.oauthApplications.nextCursor} label="Applications" />
      </section>
    </>
  );
}

function ApplicationCard({
  application: a,
  onChanged,
  onSecret,
}: {
  application: Application;
  onChanged: () => void;
  onSecret: (secret: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdateOAuthApplicationDocument);
  const rotate = useAction(RotateOAuthApplicationSecretDocument);
  const setDisabled = async (disabled: boolean) => {
    if (await update.run({ id: a.id, input: { disabled } })) onChanged();
  };
  return (
    <li data-testid={`app-${a.name}`}>
      <h3>
        {a.name} <span className="badge">{a.confidential ? 'confidential' : 'public'}</span>{' '}
        {a.disabled && <span className="badge">disabled</span>}
      </h3>
      {a.description && <p>{a.description}</p>}
      <p className="muted">
        Client ID <code>{a.clientId}</code> · registered {formatDateTime(a.createdAt)}
      </p>
      <p className="muted">Redirect URIs: {a.redirectUris.join(', ')}</p>
      <p className="muted">Scopes: {a.scopes.join(', ')}</p>
      {!editing && <ErrorBox problem={update.problem ?? rotate.problem} />}
      {editing ? (
        <form
          className="stack-form"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            if (await update.run({ id: a.id, input: applicationInput(e.currentTarget) })) {
              setEditing(false);
              onChanged();
            }
          })}
        >
          <FormError problem={update.problem} fields={['name', 'description', 'redirectUris', 'scopes']} />
          <TextField label="Name" name="name" defaultValue={a.name} problem={update.problem} required />
          <TextField label="Description" name="description" defaultValue={a.description} problem={update.problem} />
          <RedirectUris value={a.redirectUris} problem={update.problem} />
          <ScopeChoice selected={a.scopes} problem={update.problem} />
          <SaveOrCancel busy={update.busy} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            Edit
          </button>
          {a.confidential && (
            <ConfirmButton
              label="Rotate secret"
              title={`Rotate the client secret of ${a.name}?`}
              confirmLabel="Rotate secret"
              onConfirm={async () => {
                const done = await rotate.run({ id: a.id });
                if (done) onSecret(done.rotateOAuthApplicationSecret.clientSecret);
              }}
            >
              The current secret stops working at once.
            </ConfirmButton>
          )}
          {a.disabled ? (
            <button type="button" onClick={() => void setDisabled(false)}>
              Enable
            </button>
          ) : (
            <ConfirmButton
              label="Disable"
              title={`Disable ${a.name}?`}
              confirmLabel="Disable application"
              onConfirm={() => setDisabled(true)}
            >
              Its tokens stop working and nobody can connect it until it is enabled again.
            </ConfirmButton>
          )}
        </div>
      )}
    </li>
  );
}
