import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { FormError, SelectField, TextField, formText } from '../../components/form';
import type { PermissionLevel } from '../../gql/graphql';
import { Pager, usePaging } from '../../components/paging';
import { OneTimeSecret } from '../../components/secret';
import { problemOf } from '../../errors';
import { formatCount, formatDateTime } from '../../format';
import { can, sectionLabel, SECTIONS, useSession } from '../../session';
import { ApiKeysDocument, QuotaUsageDocument, CreateApiKeyDocument, DeleteApiKeyDocument } from './operations';

const LEVELS: readonly PermissionLevel[] = ['none', 'read', 'write'];

/** API keys of the company, each with this month's requests against the plan's quota. */
export function ApiKeys() {
  const { t } = useTranslation('api-keys');
  const { person } = useSession();
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: ApiKeysDocument, variables: paging.variables });
  // Usage needs company_settings:read; without it the column says so instead of failing the page.
  const seesUsage = can(person, 'company_settings', 'read');
  const [usage] = useQuery({ query: QuotaUsageDocument, variables: { cursor: null }, pause: !seesUsage });
  const create = useAction(CreateApiKeyDocument);
  const remove = useAction(DeleteApiKeyDocument);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const usageOf = (id: string) =>
    usage.data?.quotaUsage.data.find((u) => u.credentialType === 'apiKey' && u.credentialId === id);
  const levelOptions = LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }));

  return (
    <>
      <PageHeader title={t('title')} />
      {secret && <OneTimeSecret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
      <section aria-labelledby="new-key">
        <h2 id="new-key">{t('create.title')}</h2>
        <form
          className="inline-form"
          onSubmit={submitHandler(async (form) => {
            const permissions = Object.fromEntries(
              SECTIONS.map((s) => [s, formText(form, `permissions.${s}`) as PermissionLevel]),
            );
            const done = await create.run({ name: formText(form, 'name'), permissions });
            if (done) {
              form.reset();
              setSecret({
                label: t('create.secretLabel', { name: done.createApiKey.name }),
                value: done.createApiKey.key,
              });
              reload();
            }
          })}
        >
          <FormError problem={create.problem} fields={['name']} />
          <TextField label={t('create.name')} name="name" problem={create.problem} required />
          <fieldset>
            <legend>{t('create.sections')}</legend>
            <div className="perm-grid">
              {SECTIONS.map((s) => (
                <SelectField
                  key={s}
                  label={sectionLabel(s)}
                  name={`permissions.${s}`}
                  problem={create.problem}
                  options={levelOptions}
                  defaultValue={person.permissions[s]}
                />
              ))}
            </div>
          </fieldset>
          <button type="submit" className="primary" disabled={create.busy}>
            {t('create.submit')}
          </button>
        </form>
      </section>
      <section aria-labelledby="keys">
        <h2 id="keys">{t('list.title')}</h2>
        <ErrorBox problem={problemOf(error) ?? remove.problem} />
        {data && !data.apiKeys.data.length && <Empty>{t('list.empty')}</Empty>}
        {data && data.apiKeys.data.length > 0 && (
          <table className="list">
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.key')}</th>
                <th scope="col">{t('list.sections')}</th>
                <th scope="col">{t('list.created')}</th>
                <th scope="col">{t('list.usage')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.apiKeys.data.map((k) => {
                const u = usageOf(k.id);
                return (
                  <tr key={k.id} data-testid={`key-${k.name}`}>
                    <td data-label={t('list.name')}>{k.name}</td>
                    <td data-label={t('list.key')}>
                      <code>{k.redacted}</code>
                    </td>
                    <td data-label={t('list.sections')} data-testid="sections">
                      {SECTIONS.flatMap((s) => {
                        const level = k.permissions[s];
                        return level === 'none'
                          ? []
                          : [t('list.section', { section: sectionLabel(s), level: t(`list.granted.${level}`) })];
                      }).join(' · ') || t('list.noSections')}
                    </td>
                    <td data-label={t('list.created')}>{formatDateTime(k.createdAt)}</td>
                    <td data-label={t('list.usage')} data-testid="usage">
                      {!seesUsage
                        ? t('list.usageHidden')
                        : u
                          ? t('list.used', {
                              used: formatCount(u.used),
                              limit:
                                u.limit === null || u.limit === undefined ? t('list.unlimited') : formatCount(u.limit),
                            })
                          : '—'}
                    </td>
                    <td data-label={t('list.actions')} className="actions">
                      <ConfirmButton
                        label={t('delete.label')}
                        title={t('delete.title', { name: k.name })}
                        confirmLabel={t('delete.confirm')}
                        onConfirm={async () => {
                          if (await remove.run({ id: k.id })) reload();
                        }}
                      >
                        {t('delete.text')}
                      </ConfirmButton>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <Pager paging={paging} nextCursor={data?.apiKeys.nextCursor} label={t('list.paging')} />
      </section>
    </>
  );
}
