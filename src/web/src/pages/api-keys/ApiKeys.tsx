import { useState } from 'react';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { FormError, SelectField, TextField, formText, optionsOf } from '../../components/form';
import type { PermissionLevel } from '../../gql/graphql';
import { Pager, usePaging } from '../../components/paging';
import { OneTimeSecret } from '../../components/secret';
import { problemOf } from '../../errors';
import { formatCount, formatDateTime } from '../../format';
import { can, sectionLabel, SECTIONS, useSession } from '../../session';
import { ApiKeysDocument, QuotaUsageDocument, CreateApiKeyDocument, DeleteApiKeyDocument } from './operations';

const LEVEL_LABELS: Record<PermissionLevel, string> = { none: 'None', read: 'Read', write: 'Write' };

/** API keys of the company, each with this month's requests against the plan's quota. */
export function ApiKeys() {
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

  return (
    <>
      <PageHeader title="API keys" />
      {secret && <OneTimeSecret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
      <section aria-labelledby="new-key">
        <h2 id="new-key">Create a key</h2>
        <form
          className="inline-form"
          onSubmit={submitHandler(async (form) => {
            const permissions = Object.fromEntries(
              SECTIONS.map((s) => [s, formText(form, `permissions.${s}`) as PermissionLevel]),
            );
            const done = await create.run({ name: formText(form, 'name'), permissions });
            if (done) {
              form.reset();
              setSecret({ label: `API key ${done.createApiKey.name}`, value: done.createApiKey.key });
              reload();
            }
          })}
        >
          <FormError problem={create.problem} fields={['name']} />
          <TextField label="Name" name="name" problem={create.problem} required />
          <fieldset>
            <legend>Sections the key reaches (at most your own)</legend>
            <div className="perm-grid">
              {SECTIONS.map((s) => (
                <SelectField
                  key={s}
                  label={sectionLabel(s)}
                  name={`permissions.${s}`}
                  problem={create.problem}
                  options={optionsOf(LEVEL_LABELS)}
                  defaultValue={person.permissions[s]}
                />
              ))}
            </div>
          </fieldset>
          <button type="submit" className="primary" disabled={create.busy}>
            Create key
          </button>
        </form>
      </section>
      <section aria-labelledby="keys">
        <h2 id="keys">Keys</h2>
        <ErrorBox problem={problemOf(error) ?? remove.problem} />
        {data && !data.apiKeys.data.length && <Empty>No API keys yet.</Empty>}
        {data && data.apiKeys.data.length > 0 && (
          <table className="list">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Sections</th>
                <th scope="col">Created</th>
                <th scope="col">Requests this month</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.apiKeys.data.map((k) => {
                const u = usageOf(k.id);
                return (
                  <tr key={k.id} data-testid={`key-${k.name}`}>
                    <td data-label="Name">{k.name}</td>
                    <td data-label="Key">
                      <code>{k.redacted}</code>
                    </td>
                    <td data-label="Sections" data-testid="sections">
                      {SECTIONS.filter((s) => k.permissions[s] !== 'none')
                        .map((s) => `${sectionLabel(s)}: ${k.permissions[s]}`)
                        .join(' · ') || 'none'}
                    </td>
                    <td data-label="Created">{formatDateTime(k.createdAt)}</td>
                    <td data-label="Requests this month" data-testid="usage">
                      {!seesUsage
                        ? 'needs company settings: read'
                        : u
                          ? `${formatCount(u.used)} of ${u.limit === null || u.limit === undefined ? 'unlimited' : formatCount(u.limit)}`
                          : '—'}
                    </td>
                    <td data-label="Actions" className="actions">
                      <ConfirmButton
                        label="Delete"
                        title={`Delete the key ${k.name}?`}
                        confirmLabel="Delete key"
                        onConfirm={async () => {
                          if (await remove.run({ id: k.id })) reload();
                        }}
                      >
                        Integrations using this key get 401 from now on. This cannot be undone.
                      </ConfirmButton>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <Pager paging={paging} nextCursor={data?.apiKeys.nextCursor} label="API keys" />
      </section>
    </>
  );
}
