import { useState } from 'react';
import { eventHandler } from './action';

/**
 * A token or secret the server shows once: the value, a copy button and a plain warning. The value
 * lives only in this component's props: once dismissed (or the page left) it is gone for good.
 */
export function OneTimeSecret({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  return (
    <section className="secret" aria-label={label}>
      <h2>{label}</h2>
      <p className="warning" role="alert">
        Copy it now: it will not be shown again. Faktura keeps only a hash of it.
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
          Copy
        </button>
        <button type="button" onClick={onDone}>
          I have copied it
        </button>
        <span role="status" className="muted">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'failed'
              ? 'Copying failed: select the text and copy it by hand.'
              : ''}
        </span>
      </div>
    </section>
  );
}
