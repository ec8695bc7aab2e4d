import { CSRF_HEADER } from '../../client';
import type { Problem } from '../../errors';
import { currentLanguage, i18n } from '../../i18n';

/** What POST /api/v1/inbox takes (README): the server checks the same limits and decides the type by the bytes. */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const ACCEPT = '.pdf,.png,.jpg,.jpeg,.isdoc,.isdocx,application/pdf,image/png,image/jpeg';

/** A problem found before sending: too many or too large files. */
export function checkFiles(files: readonly File[]): Problem | null {
  if (files.length > MAX_FILES)
    return { code: 'TOO_MANY_FILES', message: i18n.t('inbox:upload.tooMany', { max: MAX_FILES }), fields: {} };
  const big = files.find((f) => f.size > MAX_FILE_BYTES);
  if (big)
    return { code: 'PAYLOAD_TOO_LARGE', message: i18n.t('inbox:upload.tooLarge', { name: big.name }), fields: {} };
  return null;
}

/**
 * The files go as multipart to the REST endpoint, which takes 10 MB each (GraphQL's JSON body is
 * bounded at 1 MiB). The session cookie authenticates it; the CSRF header is what the server asks of
 * a cookie-authenticated request that is not JSON.
 */
export async function uploadFiles(files: readonly File[]): Promise<Problem | null> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/v1/inbox', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { [CSRF_HEADER]: '1' },
    });
  } catch {
    return { code: 'NETWORK', message: i18n.t('errors.network'), fields: {} };
  }
  if (response.ok) return null;
  const error = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  // The server's message is English: an English page shows it, a Czech one says what failed in Czech.
  const message =
    typeof error?.message === 'string' && currentLanguage() === 'en'
      ? error.message
      : i18n.t('inbox:upload.failed', { status: response.status });
  return { code: typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`, message, fields: {} };
}
