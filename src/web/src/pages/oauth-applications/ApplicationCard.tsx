import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('oauth-applications');
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdateOAuthApplicationDocument);
  const rotate = useAction(RotateOAuthApplicationSecretDocument);
  const setDisabled = async (disabled: boolean) => {
    if (await update.run({ id: a.id, input: { disabled } })) onChanged();
  };
  return (
    <li data-testid={`app-${a.name}`}>
      <h3>
        {a.name} <span className="badge">{a.confidential ? t('card.confidential') : t('card.public')}</span>{' '}
        {a.disabled && <span className="badge">{t('card.disabled')}</span>}
      </h3>
      {a.description && <p>{a.description}</p>}
      <p className="muted">
        {t('card.clientId')} <code>{a.clientId}</code> · {t('card.registeredAt', { date: formatDateTime(a.createdAt) })}
      </p>
      <p className="muted">{t('card.redirectUris', { uris: a.redirectUris.join(', ') })}</p>
      <p className="muted">{t('card.scopes', { scopes: a.scopes.join(', ') })}</p>
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
          <TextField label={t('fields.name')} name="name" defaultValue={a.name} problem={update.problem} required />
          <TextField
            label={t('fields.description')}
            name="description"
            defaultValue={a.description}
            problem={update.problem}
          />
          <RedirectUris value={a.redirectUris} problem={update.problem} />
          <ScopeChoice selected={a.scopes} problem={update.problem} />
          <SaveOrCancel busy={update.busy} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            {t('card.edit')}
          </button>
          {a.confidential && (
            <ConfirmButton
              label={t('rotate.label')}
              title={t('rotate.title', { name: a.name })}
              confirmLabel={t('rotate.confirm')}
              onConfirm={async () => {
                const done = await rotate.run({ id: a.id });
                if (done) onSecret(done.rotateOAuthApplicationSecret.clientSecret);
              }}
            >
              {t('rotate.text')}
            </ConfirmButton>
          )}
          {a.disabled ? (
            <button type="button" onClick={() => void setDisabled(false)}>
              {t('card.enable')}
            </button>
          ) : (
            <ConfirmButton
              label={t('disable.label')}
              title={t('disable.title', { name: a.name })}
              confirmLabel={t('disable.confirm')}
              onConfirm={() => setDisabled(true)}
            >
              {t('disable.text')}
            </ConfirmButton>
          )}
        </div>
      )}
    </li>
  );
}
