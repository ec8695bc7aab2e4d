import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('pos-devices');
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
            <TextField
              label={t('fields.name')}
              name="name"
              defaultValue={device.name}
              problem={update.problem}
              required
            />
            <TextField label={t('fields.prefix')} name="prefix" defaultValue={device.prefix} problem={update.problem} />
            <SaveOrCancel busy={update.busy} onCancel={() => setEditing(false)} />
          </form>
        </td>
      ) : (
        <>
          <td data-label={t('list.name')}>{device.name}</td>
          <td data-label={t('list.prefix')}>{device.prefix || '—'}</td>
        </>
      )}
      <td data-label={t('list.created')}>{formatDateTime(device.createdAt)}</td>
      <td data-label={t('list.lastUsed')} data-testid="last-used">
        {formatDateTime(device.lastUsedAt, t('list.never'))}
      </td>
      <td data-label={t('list.status')}>
        {device.revokedAt ? t('list.revoked', { date: formatDateTime(device.revokedAt) }) : t('list.active')}
      </td>
      <td data-label={t('list.actions')} className="actions">
        <ErrorBox problem={problem} />
        {!device.revokedAt && !editing && (
          <>
            <button type="button" onClick={() => setEditing(true)}>
              {t('list.edit')}
            </button>
            <ConfirmButton
              label={t('rotate.label')}
              title={t('rotate.title', { name: device.name })}
              confirmLabel={t('rotate.confirm')}
              onConfirm={async () => {
                const done = await rotate.run({ id: device.id });
                if (done) onToken(done.rotatePosDeviceToken.token);
              }}
            >
              {t('rotate.text')}
            </ConfirmButton>
            <ConfirmButton
              label={t('revoke.label')}
              title={t('revoke.title', { name: device.name })}
              confirmLabel={t('revoke.confirm')}
              onConfirm={async () => {
                if (await revoke.run({ id: device.id })) onChanged();
              }}
            >
              {t('revoke.text')}
            </ConfirmButton>
          </>
        )}
      </td>
    </tr>
  );
}
