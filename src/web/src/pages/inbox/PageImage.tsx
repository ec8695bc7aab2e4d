import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A page of the file as the server renders it (PNG, with the session cookie); several pages get buttons. */
export function PageImage({ itemId, filename, pages }: { itemId: string; filename: string; pages: number }) {
  const { t } = useTranslation('inbox');
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  return (
    <figure>
      {failed ? (
        <p className="muted">{t('page.noPicture')}</p>
      ) : (
        <img
          className="page-image"
          src={`/api/v1/inbox/${encodeURIComponent(itemId)}/pages/${page}`}
          alt={t('page.alt', { page, name: filename })}
          data-testid="page-image"
          onError={() => setFailed(true)}
        />
      )}
      <figcaption className="muted">
        {t('page.caption', { page, pages })} ·{' '}
        <a href={`/api/v1/inbox/${encodeURIComponent(itemId)}/file`} download={filename}>
          {t('page.download')}
        </a>
      </figcaption>
      {pages > 1 && (
        <nav className="pager" aria-label={t('page.pages')}>
          <button type="button" disabled={page === 1} onClick={() => (setFailed(false), setPage(page - 1))}>
            {t('page.previous')}
          </button>
          <button type="button" disabled={page === pages} onClick={() => (setFailed(false), setPage(page + 1))}>
            {t('page.next')}
          </button>
        </nav>
      )}
    </figure>
  );
}
