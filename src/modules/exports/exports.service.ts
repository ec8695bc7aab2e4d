import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { allows, type Principal } from '../../core/access';
import { czechDate, type Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import type { Orm } from '../../core/db/orm';
import { NotFoundError, ValidationError } from '../../core/errors';
import { exportScopeOf } from '../../core/export-source';
import { isUuid } from '../../core/fields';
import { authorize } from '../../core/http/gate';
import type { Scheduler } from '../../core/jobs/scheduler';
import { newestFirst } from '../../core/pagination';
import { parseInput, z, type Page } from '../../core/validation';
import { DataExport, EXPORT_RESOURCES, type ExportFormat, type ExportResource } from './export.entity';
import type { ExportLinks } from './export-links';
import { SECTION_OF, type ExportSources } from './export-sources';
import { ExportFormatUnsupported, ExportLimitReached, ExportLinkInvalid, ExportNotReady } from './exports.errors';
import { createExportInput, listExportsQuery } from './exports.inputs';
import { lockAndCountUnfinished, readChunk } from './exports.queries';

export const EXPORT_JOB = 'exports.run';
/** Exports a company may have queued or running at once. */
export const MAX_UNFINISHED = 5;
/** How long a download link works, and how long a finished export's file is kept. */
export const LINK_HOURS = 24;
export const KEPT_DAYS = 7;

export interface ExportView {
  id: string;
  resource: ExportResource;
  format: ExportFormat;
  status: DataExport['status'];
  progress: { done: number; total: number | null };
  columns: string[];
  filters: Record<string, unknown>;
  separator: ',' | ';';
  decimalComma: boolean;
  sizeBytes: number | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When DONE: a link that downloads the file without a credential until downloadExpiresAt (24 hours). */
  downloadUrl: string | null;
  downloadExpiresAt: string | null;
}

/** A file to answer with: streamed from its chunks. */
export interface ExportDownload {
  filename: string;
  contentType: string;
  size: number;
  body: Readable;
}

const CONTENT_TYPES: Record<ExportFormat, { type: string; extension: string }> = {
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  'isdoc-zip': { type: 'application/zip', extension: 'zip' },
  'pdf-zip': { type: 'application/zip', extension: 'zip' },
};

/**
 * Bulk exports (issue 27 point 4): POST records the export QUEUED and schedules its job (ExportRunner);
 * GET shows where it is and, once DONE, a signed download link. An export needs read access to its
 * resource's section, for asking, seeing and downloading it.
 */
export class ExportsService {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly sources: ExportSources,
    private readonly scheduler: Scheduler,
    private readonly links: ExportLinks,
    private readonly publicUrl: string,
  ) {}

  async create(ctx: RequestContext, input: unknown): Promise<{ id: string; status: 'QUEUED' }> {
    const { principal } = authed(ctx);
    const data = parseInput(createExportInput, input);
    authorize(principal, { section: SECTION_OF[data.resource], access: 'read' });
    if ((data.format === 'isdoc-zip' || data.format === 'pdf-zip') && data.resource !== 'documents')
      throw new ExportFormatUnsupported(data.format, data.resource);
    const source = this.sources[data.resource];
    const listFilters = source.query.omit({ limit: true, cursor: true, sort: true, view: true }).strict();
    const { filters } = parseInput(z.object({ filters: listFilters }), { filters: data.filters });
    const columns = data.columns ?? source.columns.map((c) => c.key);
    const known = new Set(source.columns.map((c) => c.key));
    const wrong = columns.flatMap((key, i) =>
      !known.has(key)
        ? [{ path: `columns[${i}]`, message: `not a column of ${data.resource}: ${[...known].join(', ')}` }]
        : columns.indexOf(key) !== i
          ? [{ path: `columns[${i}]`, message: `${key} is listed twice` }]
          : [],
    );
    if (wrong.length > 0) throw new ValidationError('Unknown export columns', wrong);
    const id = randomUUID();
    const organizationId = principal.organization.id;
    await ctx.em.transactional(async (em) => {
      if ((await lockAndCountUnfinished(em, organizationId)) >= MAX_UNFINISHED)
        throw new ExportLimitReached(MAX_UNFINISHED);
      em.persist(
        em.create(DataExport, {
          id,
          organizationId,
          createdByUserId: principal.userId,
          resource: data.resource,
          format: data.format,
          filters,
          columns,
          separator: data.separator,
          decimalComma: data.decimalComma,
          departmentIds: exportScopeOf(principal).departmentIds,
          status: 'QUEUED',
          createdAt: this.clock.now(),
        }),
      );
    });
    // After the commit; a job lost in between is scheduled again by exports.recover.
    await this.schedule(id);
    return { id, status: 'QUEUED' };
  }

  async schedule(id: string): Promise<void> {
    await this.scheduler.schedule(EXPORT_JOB, this.clock.now(), { exportId: id });
  }

  async get(ctx: RequestContext, id: string): Promise<ExportView> {
    return this.view(await this.find(ctx, id));
  }

  /** The caller's company's exports of the resources it may read, newest first. */
  async list(ctx: RequestContext, query: unknown): Promise<Page<ExportView>> {
    const { status, ...page } = parseInput(listExportsQuery, query);
    const { principal } = authed(ctx);
    const where = {
      organizationId: principal.organization.id,
      resource: { $in: readableResources(principal) },
      ...(status && { status }),
    };
    const result = await newestFirst(ctx.em, DataExport, where, page);
    return { data: result.data.map((e) => this.view(e)), nextCursor: result.nextCursor };
  }

  /** GET /exports/:id/download: the file, for a caller who may see the export. */
  async download(ctx: RequestContext, id: string): Promise<ExportDownload> {
    return this.file(await this.find(ctx, id));
  }

  /** GET /exports/:id/file?token=: the file, for whoever holds a link not yet expired. */
  async downloadByLink(em: EntityManager, id: string, token: unknown): Promise<ExportDownload> {
    if (!isUuid(id) || typeof token !== 'string' || !this.links.valid(id, token, this.clock.now()))
      throw new ExportLinkInvalid();
    const record = await em.findOne(DataExport, { id });
    if (!record) throw new NotFoundError('Export');
    return this.file(record);
  }

  private async find(ctx: RequestContext, id: string): Promise<DataExport> {
    const { principal } = authed(ctx);
    const record = isUuid(id)
      ? await ctx.em.findOne(DataExport, { id, organizationId: principal.organization.id })
      : null;
    if (!record) throw new NotFoundError('Export');
    authorize(principal, { section: SECTION_OF[record.resource], access: 'read' });
    return record;
  }

  private file(record: DataExport): ExportDownload {
    if (record.status !== 'DONE') throw new ExportNotReady(record.status);
    const { type, extension } = CONTENT_TYPES[record.format];
    const em = this.orm.em.fork();
    async function* chunks() {
      for (let seq = 0; ; seq++) {
        const data = await readChunk(em, record.id, seq);
        if (!data) return;
        yield data;
      }
    }
    return {
      filename: `${record.resource}-${czechDate(record.createdAt)}-${record.id.slice(0, 8)}.${extension}`,
      contentType: type,
      size: record.sizeBytes ?? 0,
      body: Readable.from(chunks()),
    };
  }

  private view(e: DataExport): ExportView {
    const link = e.status === 'DONE' && e.finishedAt ? this.link(e.id, e.finishedAt) : null;
    return {
      id: e.id,
      resource: e.resource,
      format: e.format,
      status: e.status,
      progress: { done: e.rowsDone, total: e.rowsTotal },
      columns: e.columns,
      filters: e.filters,
      separator: e.separator,
      decimalComma: e.decimalComma,
      sizeBytes: e.sizeBytes,
      error: e.error,
      createdAt: e.createdAt.toISOString(),
      startedAt: e.startedAt?.toISOString() ?? null,
      finishedAt: e.finishedAt?.toISOString() ?? null,
      downloadUrl: link?.url ?? null,
      downloadExpiresAt: link?.expiresAt.toISOString() ?? null,
    };
  }

  /** A link valid 24 hours from now, or until the file is deleted (7 days after it was made) if sooner. */
  private link(id: string, finishedAt: Date): { url: string; expiresAt: Date } {
    const now = this.clock.now().getTime();
    const expiresAt = new Date(Math.min(now + LINK_HOURS * 3600_000, finishedAt.getTime() + KEPT_DAYS * 86_400_000));
    return { url: `${this.publicUrl}/api/v1/exports/${id}/file?token=${this.links.token(id, expiresAt)}`, expiresAt };
  }
}

function readableResources(principal: Principal): ExportResource[] {
  return EXPORT_RESOURCES.filter((r) => allows(principal.permissions, SECTION_OF[r], 'read'));
}
