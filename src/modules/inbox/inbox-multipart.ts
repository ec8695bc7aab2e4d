import type { IncomingHttpHeaders } from 'node:http';
import busboy from 'busboy';
import { BadRequestError } from '../../core/errors';
import { InboxUploadTooLarge } from './inbox.errors';
import { MAX_FILE_BYTES, MAX_FILES, type InboxUpload } from './inbox.service';

/** The whole multipart request: at most 10 files of 10 MB with their part headers. */
export const MAX_MULTIPART_BYTES = MAX_FILES * MAX_FILE_BYTES + 1024 * 1024;

/**
 * The files of a multipart/form-data body (any field name; other fields ignored, at most 20 of 1 kB),
 * each at most MAX_FILE_BYTES, at most MAX_FILES of them: else 413 PAYLOAD_TOO_LARGE. A body that is
 * not multipart or is broken: 400 BAD_REQUEST.
 */
export function readMultipart(headers: IncomingHttpHeaders, body: Buffer): Promise<InboxUpload[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES, fields: 20, fieldSize: 1024, parts: 40 },
        defParamCharset: 'utf8',
      });
    } catch {
      reject(new BadRequestError('The body must be multipart/form-data with a boundary'));
      return;
    }
    const files: InboxUpload[] = [];
    let failure: Error | null = null;
    parser.on('file', (_field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure ??= new InboxUploadTooLarge(
          `${info.filename?.slice(0, 100) ?? 'A file'} exceeds ${MAX_FILE_BYTES} bytes`,
        );
      });
      stream.on('close', () => files.push({ filename: info.filename ?? '', content: Buffer.concat(chunks) }));
    });
    parser.on('filesLimit', () => {
      failure ??= new InboxUploadTooLarge(`At most ${MAX_FILES} files at once`);
    });
    parser.on('partsLimit', () => {
      failure ??= new InboxUploadTooLarge('Too many parts in the multipart body');
    });
    parser.on('error', () => reject(failure ?? new BadRequestError('The multipart body could not be read')));
    parser.on('close', () => (failure ? reject(failure) : resolve(files)));
    parser.end(body);
  });
}
