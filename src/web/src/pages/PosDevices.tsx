import { useState } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { PosDevicesQuery } from '../gql/graphql';
import { useAction, eventHandler } from '../components/action';
import { ConfirmButton } from '../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../components/feedback';
import { FormError, SaveOrCancel, TextField, formText } from '../components/form';
import { Pager, usePaging } from '../components/paging';
import { OneTimeSecret } from '../components/secret';
import { problemOf } from '../errors';
import { formatDateTime } from '../format';

const PosDevicesDocument = graphql(`
  query PosDevices($limit: Int, $cursor: String) {
    posDevices(limit: $limit, cursor: $cursor) {
      data {
        id
        name
        prefix
        createdAt
        lastUsedAt
        revokedAt
      }
      nextCursor
    }
  }
`);

const CreatePosDeviceDocument = graphql(`
  mutation CreatePosDevice($name: String!, $prefix: String) {
    createPosDevice(name: $name, prefix: $prefix) {
      id
      name
      token
    }
  }
`);

const UpdatePosDeviceDocument = graphql(`
  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {
    updatePosDevice(id: $id, name: $name, prefix: $prefix) {
      id
      name
      prefix
    }
  }
`);

const RotatePosDeviceTokenDocument = graphql(`
  mutation RotatePosDeviceToken($id: ID!) {
    rotatePosDeviceToken(id: $id) {
      token
    }
  }
`);

const RevokePosDeviceDocument = graphql(`
  mutation RevokePosDevice($id: ID!) {
    revokePosDevice(id: $id) {
      id
      revokedAt
    }
  }
`);

type Device = PosDevicesQuery['posDevices']['data'][number];

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
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
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

function DeviceRow({
  device,
  onChanged,
  onToken,
}: {
  device: Device;
  onChanged: () => void;
  onToken: (token: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdatePosDeviceDocument);
  const rotate = useAction(RotatePosDeviceTokenDocument);
  const revoke = useAction(RevokePosDeviceDocument);
  const problem = rotate.problem ?? revoke.problem;
  return (
    <tr data-testid={`device-${device.name}`}>
      {editing ? (
        <td colSpan={2}>
          <form
            className="row-form"
            onSubmit={eventHandler(async (e) => {
              e.preventDefault();
              const form = e.currentTarget;
              if (await update.run({ id: device.id, name: formText(form, 'name'), prefix: formText(form, 'prefix') })) {
                setEditing(false);
                onChanged();
              }
            })}
          >
            <FormError problem={update.problem} fields={['name', 'prefix']} />
            <TextField label="Name" name="name" defaultValue={device.name} problem={update.problem} required />
            <TextField label="Prefix" name="prefix" defaultValue={device.prefix} problem={update.problem} />
            <SaveOrCancel busy={update.busy} onCancel={() => setEditing(false)} />
          </form>
        </td>
      ) : (
        <>
          <td data-label="Name">{device.name}</td>
          <td data-label="Prefix">{device.prefix || '—'}</td>
        </>
      )}
      <td data-label="Created">{formatDateTime(device.createdAt)}</td>
      <td data-label="Last used">{formatDateTime(device.lastUsedAt, 'never')}</td>
      <td data-label="Status">{device.revokedAt ? `Revoked ${formatDateTime(device.revokedAt)}` : 'Active'}</td>
      <td data-label="Actions" className="actions">
        <ErrorBox problem={problem} />
        {!device.revokedAt && !editing && (
          <>
            <button type="button" onClick={() => setEditing(true)}>
              Edit
            </button>
            <ConfirmButton
              label="Rotate token"
              title={`Rotate the token of ${device.name}?`}
              confirmLabel="Rotate token"
              onConfirm={async () => {
                const done = await rotate.run({ id: device.id });
                if (done) onToken(done.rotatePosDeviceToken.token);
              }}
            >
              The current token stops working at once; the device needs the new one.
            </ConfirmButton>
            <ConfirmButton
              label="Revoke"
              title={`Revoke ${device.name}?`}
              confirmLabel="Revoke device"
              onConfirm={async () => {
                if (await revoke.run({ id: device.id })) onChanged();
              }}
            >
              The device can no longer issue receipts. This cannot be undone.
            </ConfirmButton>
          </>
        )}
      </td>
    </tr>
  );
}
