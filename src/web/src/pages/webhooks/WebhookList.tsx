import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { FormError } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { OneTimeSecret } from '../../components/secret';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { WebhooksDocument, CreateWebhookDocument } from './operations';
import { EndpointFields, FIELDS, endpointInput } from './EndpointFields';
import { EndpointCard } from './EndpointCard';

export function WebhookList() {
  const { t } = useTranslation('webhooks');
  const { person } = useSession();
  const writer = can(person, 'automations', 'write');
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: WebhooksDocument, variables: paging.variables });
  const create = useAction(CreateWebhookDocument);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title={t('title')} />
      {secret && <OneTimeSecret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
      {writer && data && (
        <section aria-labelledby="new-webhook">
          <h2 id="new-webhook">{t('add')}</h2>
          <form
            className="stack-form"
            onSubmit={submitHandler(async (form) => {
              const done = await create.run({ input: endpointInput(form) });
              if (done) {
                form.reset();
                setSecret({ label: t('secret', { name: done.createWebhook.name }), value: done.createWebhook.secret });
                reload();
              }
            })}
          >
            <FormError problem={create.problem} fields={FIELDS} />
            <EndpointFields catalog={data.webhookEvents} problem={create.problem} />
            <button type="submit" className="primary" disabled={create.busy}>
              {t('create')}
            </button>
          </form>
        </section>
      )}
      <section aria-labelledby="endpoints">
        <h2 id="endpoints">{t('endpoints')}</h2>
        <ErrorBox problem={problemOf(error)} />
        {data && !data.webhooks.data.length && <Empty>{t('none')}</Empty>}
        <ul className="cards">
          {data?.webhooks.data.map((w) => (
            <EndpointCard key={w.id} endpoint={w} catalog={data.webhookEvents} writer={writer} onChanged={reload} />
          ))}
        </ul>
        <Pager paging={paging} nextCursor={data?.webhooks.nextCursor} label={t('pager')} />
      </section>
    </>
  );
}
