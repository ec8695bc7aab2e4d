import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventHandler } from './action';

/**
 * A token or secret the server shows once: the value, a copy button and a plain warning. The value
 * lives only in this component's props: once dismissed (or the page left) it is gone for good.
 */
export function OneTimeSecret({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  return (
    <section className="secret" aria-label={label}>
      <h2>{label}</h2>
      <p className="warning" role="alert">
        {t('secret.warning')}
      </p>
      <code className="secret-value" data-testid="secret-value">
        {value}
      </code>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={eventHandler(async () => {
            try {
              await navigator.clipboard.writeText(value);
              setCopied('yes');
            } catch {
              setCopied('failed');
            }
          })}
        >
          {t('actions.copy')}
        </button>
        <button type="button" onClick={onDone}>
          {t('actions.haveCopied')}
        </button>
        <span role="status" className="muted">
          {copied === 'yes' ? t('actions.copied') : copied === 'failed' ? t('actions.copyFailed') : ''}
        </span>
      </div>
    </section>
  );
}
