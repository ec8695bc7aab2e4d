import { AppError } from '../../core/errors';

/** POST /exports while the company already has EXPORTS_MAX_UNFINISHED exports queued or running. */
export class ExportLimitReached extends AppError {
  constructor(limit: number) {
    super(
      409,
      'EXPORT_LIMIT_REACHED',
      `The company already has ${limit} exports queued or running; wait for one to finish`,
    );
  }
}

/** isdoc-zip and pdf-zip hold documents only. */
export class ExportFormatUnsupported extends AppError {
  constructor(format: string, resource: string) {
    super(400, 'EXPORT_FORMAT_UNSUPPORTED', `The format ${format} exports documents only, not ${resource}`);
  }
}

/** The file of an export that is not DONE (queued, running or failed). */
export class ExportNotReady extends AppError {
  constructor(status: string) {
    super(409, 'EXPORT_NOT_READY', `The export is ${status}; its file can be downloaded once it is DONE`);
  }
}

/** A download link whose 24 hours are over, or whose signature is not the server's. */
export class ExportLinkInvalid extends AppError {
  constructor() {
    super(403, 'EXPORT_LINK_INVALID', 'The download link has expired or is not valid; ask for the export again');
  }
}
