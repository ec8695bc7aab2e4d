import { useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { eventHandler } from '../../components/action';
import { ErrorBox, Notice } from '../../components/feedback';
import type { Problem } from '../../errors';
import { formatCount } from '../../format';
import { ACCEPT, checkFiles, uploadFiles } from './upload';

/** Received invoices dropped on the zone or chosen with the picker; each file becomes an inbox item. */
export function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation('inbox');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [sent, setSent] = useState<number | null>(null);

  const send = async (files: File[]) => {
    setSent(null);
    if (!files.length) return;
    const refused = checkFiles(files);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    const failed = await uploadFiles(files);
    setBusy(false);
    setProblem(failed);
    if (!failed) {
      setSent(files.length);
      onUploaded();
    }
  };

  const dragging = (e: DragEvent<HTMLElement>, on: boolean) => {
    e.preventDefault();
    setOver(on);
  };

  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading">{t('upload.title')}</h2>
      <div
        className={`drop-zone${over ? ' over' : ''}`}
        data-testid="inbox-drop-zone"
        onDragEnter={(e) => dragging(e, true)}
        onDragOver={(e) => dragging(e, true)}
        onDragLeave={(e) => dragging(e, false)}
        onDrop={eventHandler(async (e: DragEvent<HTMLElement>) => {
          dragging(e, false);
          await send(Array.from(e.dataTransfer.files));
        })}
      >
        <p>{t('upload.drop')}</p>
        <div className="field">
          <label htmlFor="inbox-files">{t('upload.choose')}</label>
          <input
            id="inbox-files"
            type="file"
            name="files"
            multiple
            accept={ACCEPT}
            disabled={busy}
            aria-describedby="inbox-files-hint"
            onChange={eventHandler(async (e: ChangeEvent<HTMLInputElement>) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              await send(files);
            })}
          />
        </div>
        <p className="hint" id="inbox-files-hint">
          {t('upload.hint')}
        </p>
      </div>
      {busy && <p role="status">{t('upload.busy')}</p>}
      {sent !== null && <Notice>{t('upload.sent', { count: sent, shown: formatCount(sent) })}</Notice>}
      <ErrorBox problem={problem} />
    </section>
  );
}
