import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The shell's keyboard shortcuts: one key, no modifier; the dialog `?` opens lists them. */
export const SHORTCUTS = [
  { key: 'n', text: 'shortcuts.newInvoice' },
  { key: '/', text: 'shortcuts.search' },
  { key: '?', text: 'shortcuts.help' },
] as const;

/** A key typed into a field (or with a modifier) is the person's text, not a shortcut. */
function typing(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * `n` opens a new invoice, `/` focuses the page's search (the element marked
 * `data-shortcut="search"`, when the page has one), `?` opens the list of shortcuts.
 */
export function useShortcuts(openHelp: () => void): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typing(event)) return;
      if (document.querySelector('dialog[open]')) return;
      if (event.key === 'n') {
        event.preventDefault();
        void navigate('/documents/new');
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLElement>('[data-shortcut="search"]');
        if (!search) return;
        event.preventDefault();
        search.focus();
      } else if (event.key === '?') {
        event.preventDefault();
        openHelp();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, openHelp]);
}

/** The list of shortcuts in a modal dialog; `open` toggles it from the shell. */
export function ShortcutsDialog({ dialog }: { dialog: React.RefObject<HTMLDialogElement | null> }) {
  const { t } = useTranslation();
  return (
    <dialog ref={dialog} aria-labelledby="shortcuts-title" className="confirm shortcuts" data-testid="shortcuts">
      <h2 id="shortcuts-title">{t('shell.shortcuts')}</h2>
      <dl>
        {SHORTCUTS.map((s) => (
          <div key={s.key} className="shortcut">
            <dt>
              <kbd>{s.key}</kbd>
            </dt>
            <dd>{t(s.text)}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('shortcuts.notWhileTyping')}</p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => dialog.current?.close()}>
          {t('shortcuts.close')}
        </button>
      </div>
    </dialog>
  );
}

/** A ref to the dialog and a stable function that opens it. */
export function useShortcutsDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = useRef(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }).current;
  return { dialog, open };
}
