import { AppError } from '../../core/errors';

// The inbox module's domain errors: each names one case and carries its stable code (REST body and GraphQL extensions.code).

/** A file that is not a PDF, PNG, JPEG, .isdoc or .isdocx (its bytes decide). */
export class InboxFileUnsupported extends AppError {
  constructor(filename: string) {
    super(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `${filename.slice(0, 100)}: the inbox takes a PDF, PNG, JPEG, ISDOC (.isdoc) or .isdocx file`,
    );
  }
}

/** Over the upload's bounds: a file over the size limit, too many files, or the request over its total. */
export class InboxUploadTooLarge extends AppError {
  constructor(what: string) {
    super(413, 'PAYLOAD_TOO_LARGE', what);
  }
}

/** Only an EXTRACTED item is confirmed into a cost (QUEUED/PROCESSING: wait; FAILED: enter it by hand; CONFIRMED: done). */
export class InboxItemNotExtracted extends AppError {
  constructor(status: string) {
    super(409, 'INBOX_ITEM_NOT_EXTRACTED', `The inbox item is ${status}; only an EXTRACTED item can be confirmed`);
  }
}

/** The item's file is no longer kept (deleted by retention after confirmation; the cost keeps it as its attachment). */
export class InboxFileGone extends AppError {
  constructor() {
    super(409, 'INBOX_FILE_GONE', 'The file of this inbox item is no longer kept; its cost has it as an attachment');
  }
}
