import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { CheckboxField, FormError, TextField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { OneTimeSecret } from '../../components/secret';
import { problemOf } from '../../errors';
import { OAuthApplicationsDocument, RegisterOAuthApplicationDocument } from './operations';
import { RedirectUris, ScopeChoice, applicationInput } from './ApplicationFields';
import { ApplicationCard } from './ApplicationCard';

/** Third-party applications of the company that act for its people through OAuth 2.0. */
export function OAuthApplications() {
  const { t } = useTranslation('oauth-applications');
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: OAuthApplicationsDocument, variables: paging.variables });
  const register = useAction(RegisterOAuthApplicationDocument);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title={t('title')} />
      {secret && <OneTimeSecret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
      {registered && (
        <p className="notice" role="status">
          {t('registered')} <code>{registered}</code>
        </p>
      )}
      <section aria-labelledby="new-app">
        <h2 id="new-app">{t('register.title')}</h2>
        <form
          className="stack-form"
          onSubmit={submitHandler(async (form) => {
            const done = await register.run({
              input: { ...applicationInput(form), confidential: new FormData(form).get('confidential') === 'on' },
            });
            if (done) {
              const app = done.registerOAuthApplication;
              form.reset();
              setRegistered(app.clientId);
              if (app.clientSecret)
                setSecret({ label: t('register.secretLabel', { name: app.name }), value: app.clientSecret });
              reload();
            }
          })}
        >
          <FormError
            problem={register.problem}
            fields={['name', 'description', 'redirectUris', 'scopes', 'confidential']}
          />
          <TextField label={t('fields.name')} name="name" problem={register.problem} required />
          <TextField label={t('fields.description')} name="description" problem={register.problem} />
          <RedirectUris value={[]} problem={register.problem} />
          <ScopeChoice selected={[]} problem={register.problem} />
          <CheckboxField
            label={t('fields.confidential')}
            name="confidential"
            problem={register.problem}
            defaultChecked
          />
          <button type="submit" className="primary" disabled={register.busy}>
            {t('register.submit')}
          </button>
        </form>
      </section>
      <section aria-labelledby="apps">
        <h2 id="apps">{t('list.title')}</h2>
        <ErrorBox problem={problemOf(error)} />
        {data && !data.oauthApplications.data.length && <Empty>{t('list.empty')}</Empty>}
        <ul className="cards">
          {data?.oauthApplications.data.map((a) => (
            <ApplicationCard
              key={a.id}
              application={a}
              onChanged={reload}
              onSecret={(value) => setSecret({ label: t('list.newSecretLabel', { name: a.name }), value })}
            />
          ))}
        </ul>
        <Pager paging={paging} nextCursor={data?.oauthApplications.nextCursor} label={t('list.paging')} />
      </section>
    </>
  );
}
