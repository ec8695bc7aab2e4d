import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { OneTimeSecret } from '../../components/secret';
import { problemOf } from '../../errors';
import { PosDevicesDocument, CreatePosDeviceDocument } from './operations';
import { DeviceRow } from './DeviceRow';

/** Cash registers: each has its own token (shown once), a name and a receipt-number prefix for people. */
export function PosDevices() {
  const { t } = useTranslation('pos-devices');
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: PosDevicesDocument, variables: paging.variables });
  const create = useAction(CreatePosDeviceDocument);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title={t('title')} />
      {secret && <OneTimeSecret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
      <section aria-labelledby="new-device">
        <h2 id="new-device">{t('create.title')}</h2>
        <form
          className="inline-form"
          onSubmit={submitHandler(async (form) => {
            const prefix = formText(form, 'prefix').trim();
            const done = await create.run({ name: formText(form, 'name'), prefix: prefix || null });
            if (done) {
              form.reset();
              setSecret({
                label: t('create.tokenLabel', { name: done.createPosDevice.name }),
                value: done.createPosDevice.token,
              });
              reload();
            }
          })}
        >
          <FormError problem={create.problem} fields={['name', 'prefix']} />
          <TextField label={t('fields.name')} name="name" problem={create.problem} required />
          <TextField label={t('create.prefix')} name="prefix" problem={create.problem} hint={t('create.prefixHint')} />
          <button type="submit" className="primary" disabled={create.busy}>
            {t('create.submit')}
          </button>
        </form>
      </section>
      <section aria-labelledby="devices">
        <h2 id="devices">{t('list.title')}</h2>
        <ErrorBox problem={problemOf(error)} />
        {data && !data.posDevices.data.length && <Empty>{t('list.empty')}</Empty>}
        {data && data.posDevices.data.length > 0 && (
          <table className="list">
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.prefix')}</th>
                <th scope="col">{t('list.created')}</th>
                <th scope="col">{t('list.lastUsed')}</th>
                <th scope="col">{t('list.status')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.posDevices.data.map((d) => (
                <DeviceRow
                  key={d.id}
                  device={d}
                  onChanged={reload}
                  onToken={(value) => setSecret({ label: t('list.newTokenLabel', { name: d.name }), value })}
                />
              ))}
            </tbody>
          </table>
        )}
        <Pager paging={paging} nextCursor={data?.posDevices.nextCursor} label={t('list.paging')} />
      </section>
    </>
  );
}
