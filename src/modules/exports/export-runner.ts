import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { ExportSource } from '../../core/export-source';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { ServicesOf } from '../../core/module';
import { eInvoiceFileName, type Document, type documentsModule, type EInvoices } from '../documents/documents.module';
import { AppError } from '../../core/errors';
import type { notificationsModule } from '../notifications/notifications.module';
import { DataExport } from './export.entity';
import { ChunkSink, csvFile, xlsxFile, zipFile, type ExportFile } from './export-files';
import type { ExportEvents } from './exports.events';
import { claimExport, deleteChunks, finishExport, insertChunk, recordProgress } from './exports.queries';
import type { ExportSources } from './export-sources';

/** Rows read per batch (and progress reported per batch); documents printed or converted go 100 at a time, as entities. */
export const BATCH_ROWS = 1000;
const DOCUMENT_FILE_BATCH_ROWS = 100;
/** A RUNNING export whose worker has not reported for this long is taken over (the worker died). */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** An export interrupted this many times is FAILED rather than tried again. */
export const MAX_ATTEMPTS = 3;

/** An attempt that lost its export to another worker: it stops without writing anything more. */
class ClaimLost extends Error {}

type Notifications = ServicesOf<typeof notificationsModule>['notifications'];
type Printer = ServicesOf<typeof documentsModule>['printer'];

/**
 * The export job: takes an export (QUEUED, or RUNNING with a dead worker), reads its rows in keyset
 * batches, encodes them into chunks stored as it goes, reports progress after each batch, and ends
 * DONE with export.completed or FAILED with export.failed, each with a notification. Two workers
 * running the same export: one claims it, the other returns; a worker taken over (its heartbeat
 * stale) finds its claim gone at its next write and stops.
 */
export class ExportRunner {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly sources: ExportSources,
    private readonly printer: Printer,
    private readonly einvoice: EInvoices,
    private readonly notifications: Notifications,
    private readonly events: EventOutbox<ExportEvents>,
    private readonly log: Logger,
  ) {}

  /** Runs export `id` if it is this worker's to run; returns whether it did. */
  async run(id: string): Promise<boolean> {
    const now = this.clock.now();
    const attempt = await claimExport(this.orm.em.fork(), id, now, new Date(now.getTime() - STALE_AFTER_MS));
    if (attempt === null) return false;
    const claim = { id, attempt };
    const record = await this.orm.em.fork().findOneOrFail(DataExport, { id });
    try {
      if (attempt > MAX_ATTEMPTS)
        throw new Error(`The export was interrupted ${MAX_ATTEMPTS} times (its worker stopped); ask for it again`);
      const { rows, sizeBytes } = await this.write(record, claim);
      await this.finish(record, claim, { status: 'DONE', error: null, sizeBytes, rows });
    } catch (err) {
      if (err instanceof ClaimLost) return false;
      this.log.error({ err, exportId: id }, 'export failed');
      const message = err instanceof Error ? err.message : String(err);
      await this.finish(record, claim, { status: 'FAILED', error: message.slice(0, 500), sizeBytes: null, rows: null });
    }
    return true;
  }

  private async write(
    record: DataExport,
    claim: { id: string; attempt: number },
  ): Promise<{ rows: number; sizeBytes: number }> {
    const em = this.orm.em.fork();
    await deleteChunks(em, record.id);
    const sink = new ChunkSink((seq, data) => insertChunk(em, record.id, seq, data));
    // The rows' EntityManager: a document is printed or converted through the one that loaded it.
    const reader = this.orm.em.fork();
    const { source, file, read } = this.encoder(record, sink, reader);
    const scope = { organization: { id: record.organizationId }, departmentIds: record.departmentIds };
    const filters = source.query.parse(record.filters);
    const now = this.clock.now();
    const total = await source.count(em, scope, filters, now);
    await this.progress(em, claim, { done: 0, total });
    const size = read === 'rows' ? BATCH_ROWS : DOCUMENT_FILE_BATCH_ROWS;
    let done = 0;
    try {
      for await (const rows of source[read](reader, scope, filters, now, size)) {
        await file.add(rows);
        done += rows.length;
        await this.progress(em, claim, { done });
      }
      await file.end();
    } finally {
      if (!sink.writableFinished) sink.destroy();
    }
    return { rows: done, sizeBytes: sink.bytes };
  }

  private encoder(
    record: DataExport,
    sink: ChunkSink,
    reader: EntityManager,
  ): { source: ExportSource<unknown>; file: ExportFile<unknown>; read: 'rows' | 'entities' } {
    if (record.format === 'csv' || record.format === 'xlsx') {
      const source: ExportSource<unknown> = this.sources[record.resource];
      const byKey = new Map(source.columns.map((c) => [c.key, c]));
      const columns = record.columns.map((key) => byKey.get(key)!);
      const file =
        record.format === 'csv'
          ? csvFile(sink, columns, { separator: record.separator, decimalComma: record.decimalComma })
          : xlsxFile(sink, columns, record.resource);
      return { source, file, read: 'rows' };
    }
    const source = this.sources.documents;
    const file =
      record.format === 'pdf-zip'
        ? zipFile<Document>(sink, async (doc) => ({
            name: `${doc.number}.pdf`,
            data: await this.printer.pdf(reader, doc),
            stored: true,
          }))
        : zipFile<Document>(sink, async (doc) => {
            const xml = await this.einvoice.isdoc(reader, doc).catch(skipNotPayable);
            return xml === null
              ? null
              : { name: eInvoiceFileName(doc.number, 'isdoc'), data: Buffer.from(xml, 'utf8') };
          });
    return { source: source as ExportSource<unknown>, file: file, read: 'entities' };
  }

  private async progress(
    em: EntityManager,
    claim: { id: string; attempt: number },
    p: { done: number; total?: number },
  ) {
    if (!(await recordProgress(em, claim, p, this.clock.now()))) throw new ClaimLost();
  }

  /** The end of the attempt, its event and its notification in one transaction (nothing when the claim is lost). */
  private async finish(
    record: DataExport,
    claim: { id: string; attempt: number },
    end: { status: 'DONE' | 'FAILED'; error: string | null; sizeBytes: number | null; rows: number | null },
  ): Promise<void> {
    const now = this.clock.now();
    await this.orm.em.fork().transactional(async (em) => {
      if (!(await finishExport(em, claim, end, now))) return;
      const base = { id: record.id, resource: record.resource, format: record.format, finishedAt: now.toISOString() };
      const what = `The ${record.format} export of ${record.resource}`;
      if (end.status === 'DONE') {
        this.events.record(em, record.organizationId, 'export.completed', {
          ...base,
          rows: end.rows ?? 0,
          sizeBytes: end.sizeBytes ?? 0,
        });
        this.notifications.raise(em, record.organizationId, {
          type: 'export.completed',
          title: 'Export ready',
          message: `${what} (${end.rows} rows) is ready to download: GET /api/v1/exports/${record.id}`,
        });
      } else {
        this.events.record(em, record.organizationId, 'export.failed', { ...base, error: end.error ?? '' });
        this.notifications.raise(em, record.organizationId, {
          type: 'export.failed',
          title: 'Export failed',
          message: `${what} failed: ${end.error}`,
        });
      }
      await em.flush();
    });
  }
}

/** A quote, order or delivery note has no ISDOC (the documents module's 409 DOCUMENT_NOT_PAYABLE): left out of the ZIP. */
function skipNotPayable(err: unknown): null {
  if (err instanceof AppError && err.code === 'DOCUMENT_NOT_PAYABLE') return null;
  throw err;
}
