import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { eventHandler } from './action';

/**
 * A destructive action behind a modal confirmation (<dialog>: focus moves into it, Escape closes
 * it, the page behind is inert). `onConfirm` runs only after the second, explicit click.
 */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  onConfirm,
  disabled,
  danger = true,
}: {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className={danger ? 'danger' : undefined}
        disabled={disabled}
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={dialog} aria-label={title} className="confirm">
        <h2>{title}</h2>
        <div>{children}</div>
        <div className="actions">
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('actions.cancel')}
          </button>
          <button
            type="button"
            className={danger ? 'danger' : 'primary'}
            onClick={eventHandler(async () => {
              dialog.current?.close();
              await onConfirm();
            })}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
