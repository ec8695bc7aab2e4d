import { useState } from 'react';
import type { PosDevicesQuery } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox } from '../../components/feedback';
import { FormError, SaveOrCancel, TextField, formText } from '../../components/form';
import { formatDateTime } from '../../format';
import { UpdatePosDeviceDocument, RotatePosDeviceTokenDocument, RevokePosDeviceDocument } from './operations';

export type Device = PosDevicesQuery['posDevices']['data'][number];

export function DeviceRow({
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
            onSubmit={submitHandler(async (form) => {
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
