import { useState } from 'react';

/** A page of the file as the server renders it (PNG, with the session cookie); several pages get buttons. */
export function PageImage({ itemId, filename, pages }: { itemId: string; filename: string; pages: number }) {
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  return (
    <figure>
      {failed ? (
        <p className="muted">No picture of this page.</p>
      ) : (
        <img
          className="page-image"
          src={`/api/v1/inbox/${encodeURIComponent(itemId)}/pages/${page}`}
          alt={`Page ${page} of ${filename}`}
          data-testid="page-image"
          onError={() => setFailed(true)}
        />
      )}
      <figcaption className="muted">
        Page {page} of {pages} ·{' '}
        <a href={`/api/v1/inbox/${encodeURIComponent(itemId)}/file`} download={filename}>
          Download the original
        </a>
      </figcaption>
      {pages > 1 && (
        <nav className="pager" aria-label="Pages of the file">
          <button type="button" disabled={page === 1} onClick={() => (setFailed(false), setPage(page - 1))}>
            Previous page
          </button>
          <button type="button" disabled={page === pages} onClick={() => (setFailed(false), setPage(page + 1))}>
            Next page
          </button>
        </nav>
      )}
    </figure>
  );
}
