import { useState } from 'react';
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
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: PosDevicesDocument, variables: paging.variables });
  const create = useAction(CreatePosDeviceDocument);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title="POS devices" />
      {secret && <OneTimeSecret label={secret.label} value={secret.value} onDone={() => setSecret(null)} />}
      <section aria-labelledby="new-device">
        <h2 id="new-device">Add a device</h2>
        <form
          className="inline-form"
          onSubmit={submitHandler(async (form) => {
            const prefix = formText(form, 'prefix').trim();
            const done = await create.run({ name: formText(form, 'name'), prefix: prefix || null });
            if (done) {
              form.reset();
              setSecret({ label: `Token of ${done.createPosDevice.name}`, value: done.createPosDevice.token });
              reload();
            }
          })}
        >
          <FormError problem={create.problem} fields={['name', 'prefix']} />
          <TextField label="Name" name="name" problem={create.problem} required />
          <TextField
            label="Prefix (optional)"
            name="prefix"
            problem={create.problem}
            hint="A label for people, e.g. the shop's code."
          />
          <button type="submit" className="primary" disabled={create.busy}>
            Create device
          </button>
        </form>
      </section>
      <section aria-labelledby="devices">
        <h2 id="devices">Devices</h2>
        <ErrorBox problem={problemOf(error)} />
        {data && !data.posDevices.data.length && <Empty>No POS devices yet.</Empty>}
        {data && data.posDevices.data.length > 0 && (
          <table className="list">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.posDevices.data.map((d) => (
                <DeviceRow
                  key={d.id}
                  device={d}
                  onChanged={reload}
                  onToken={(value) => setSecret({ label: `New token of ${d.name}`, value })}
                />
              ))}
            </tbody>
          </table>
        )}
        <Pager paging={paging} nextCursor={data?.posDevices.nextCursor} label="POS devices" />
      </section>
    </>
  );
}
