import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE = 20;

/** Cursor paging: the cursors of the pages seen so far, so Previous goes back without the server's help. */
export function usePaging(limit = PAGE_SIZE) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    variables: { limit, cursor: cursors[cursors.length - 1] },
    page: cursors.length,
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    reset: () => setCursors([null]),
  };
}

export type Paging = ReturnType<typeof usePaging>;

export function Pager({
  paging,
  nextCursor,
  label,
}: {
  paging: Paging;
  nextCursor: string | null | undefined;
  label: string;
}) {
  const { t } = useTranslation();
  if (paging.page === 1 && !nextCursor) return null;
  return (
    <nav className="pager" aria-label={t('actions.pages', { label })}>
      <button type="button" onClick={paging.previous} disabled={paging.page === 1}>
        {t('actions.previous')}
      </button>
      <span>{t('actions.page', { page: paging.page })}</span>
      <button type="button" onClick={() => nextCursor && paging.next(nextCursor)} disabled={!nextCursor}>
        {t('actions.next')}
      </button>
    </nav>
  );
}
