import { useState } from 'react';
import type { OAuthApplicationsQuery } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox } from '../../components/feedback';
import { FormError, SaveOrCancel, TextField } from '../../components/form';
import { formatDateTime } from '../../format';
import { UpdateOAuthApplicationDocument, RotateOAuthApplicationSecretDocument } from './operations';
import { RedirectUris, ScopeChoice, applicationInput } from './ApplicationFields';

export type Application = OAuthApplicationsQuery['oauthApplications']['data'][number];

export function ApplicationCard({
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
          onSubmit={submitHandler(async (form) => {
            if (await update.run({ id: a.id, input: applicationInput(form) })) {
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
