import { event, type PayloadsOf } from '../../core/outbox/event-declarations';
import type { ExportFormat, ExportResource } from './export.entity';

/** export.completed: the file is ready (GET /exports/:id gives its download link). */
export type ExportCompletedPayload = {
  id: string;
  resource: ExportResource;
  format: ExportFormat;
  rows: number;
  sizeBytes: number;
  finishedAt: string;
};

/** export.failed: the job could not make the file; `error` says why. */
export type ExportFailedPayload = {
  id: string;
  resource: ExportResource;
  format: ExportFormat;
  error: string;
  finishedAt: string;
};

export const exportEvents = {
  'export.completed': event<ExportCompletedPayload>().listed(
    'A bulk export (POST /exports) finished: its file is ready to download for 7 days',
    { id: true, resource: true, format: true, rows: true, sizeBytes: true, finishedAt: true },
  ),
  'export.failed': event<ExportFailedPayload>().listed('A bulk export (POST /exports) failed', {
    id: true,
    resource: true,
    format: true,
    error: true,
    finishedAt: true,
  }),
};
export type ExportEvents = PayloadsOf<typeof exportEvents>;
