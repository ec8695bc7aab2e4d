import { randomUUID } from 'node:crypto';
import { LockMode, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { czechDate, type Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError, ValidationError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import { unknownPlaceholders } from './period-placeholders';
import { SeriesEnded } from './recurring.errors';
import type { RecurringEvents } from './recurring.events';
import {
  listSeriesQuery,
  scheduleInput,
  seriesDocumentsQuery,
  seriesInput,
  type SeriesInput,
} from './recurring.inputs';
import { occurrencesOf, type OccurrenceRow } from './recurring.queries';
import { RecurringSeries } from './recurring-series.entity';
import { previewView, seriesView, type PreviewView, type SeriesView } from './recurring.views';
import { activeContact, moveSeriesTo, scheduleOf } from './series-state';
import { dayAfter, firstIndexOnOrAfter, scheduleProblem, upcoming } from './schedule';
import type { ListViews } from '../savedviews/savedviews.module';

/** How many issue dates GET /recurring-series/:id/preview shows. */
export const PREVIEW_LENGTH = 12;

/** Later than any occurrence's date: the first page of GET /:id/documents. */
const AFTER_EVERY_DATE = '9999-12-31';

/** Recurring series (section documents): their templates, schedules and where each series is. */
export class RecurringService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<RecurringEvents>,
    private readonly views: ListViews,
  ) {}

  async create(ctx: RequestContext, input: unknown): Promise<SeriesView> {
    const data = parseInput(seriesInput, input);
    const organizationId = orgId(ctx);
    await this.checkInput(ctx.em, organizationId, data);
    const now = this.clock.now();
    const series = ctx.em.create(RecurringSeries, {
      ...data,
      id: randomUUID(),
      organizationId,
      status: 'ACTIVE',
      nextIndex: 0,
      nextDate: null,
      lastOccurrenceDate: null,
      createdAt: now,
      updatedAt: now,
    });
    moveSeriesTo(series, 0);
    const view = seriesView(series);
    this.events.record(ctx.em, organizationId, 'recurring_series.created', view);
    await ctx.em.flush();
    return view;
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<SeriesView>> {
    const { status, ...page } = parseInput(listSeriesQuery, await this.views.apply(ctx, query));
    const where: FilterQuery<RecurringSeries> = { organizationId: orgId(ctx) };
    if (status !== undefined) where.status = status;
    return mapPage(await paginate(ctx.em, RecurringSeries, where, page), seriesView);
  }

  async get(ctx: RequestContext, id: string): Promise<SeriesView> {
    return seriesView(await this.find(ctx.em, orgId(ctx), id));
  }

  /**
   * Replaces the template and schedule. The series goes on after its last generated occurrence (or
   * from its start when none was): a changed schedule never repeats a day already generated.
   */
  async replace(ctx: RequestContext, id: string, input: unknown): Promise<SeriesView> {
    const data = parseInput(seriesInput, input);
    const organizationId = orgId(ctx);
    await this.checkInput(ctx.em, organizationId, data);
    return ctx.em.transactional(async (em) => {
      const series = await this.find(em, organizationId, id, LockMode.PESSIMISTIC_WRITE);
      const before = series.status;
      em.assign(series, data);
      const from = series.lastOccurrenceDate === null ? 0 : this.indexAfter(series, series.lastOccurrenceDate);
      moveSeriesTo(series, from, series.status === 'ENDED' ? 'ACTIVE' : series.status);
      series.updatedAt = this.clock.now();
      const view = seriesView(series);
      this.events.record(em, organizationId, 'recurring_series.updated', view);
      if (series.status === 'ENDED' && before !== 'ENDED')
        this.events.record(em, organizationId, 'recurring_series.ended', view);
      return view;
    });
  }

  /** Deletes the series and its occurrence records; the documents it generated stay. */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    const organizationId = orgId(ctx);
    await ctx.em.transactional(async (em) => {
      const series = await this.find(em, organizationId, id, LockMode.PESSIMISTIC_WRITE);
      this.events.record(em, organizationId, 'recurring_series.deleted', seriesView(series));
      em.remove(series);
    });
  }

  /** ACTIVE → PAUSED (nothing is generated until resumed); pausing a PAUSED or ENDED series changes nothing. */
  async pause(ctx: RequestContext, id: string): Promise<SeriesView> {
    return this.changeStatus(ctx, id, 'recurring_series.paused', (series) => {
      if (series.status === 'ACTIVE') series.status = 'PAUSED';
    });
  }

  /**
   * PAUSED → ACTIVE from today on: the days that passed while paused are skipped, not caught up.
   * Resuming an ACTIVE series changes nothing; an ENDED one is 409 RECURRING_SERIES_ENDED.
   */
  async resume(ctx: RequestContext, id: string): Promise<SeriesView> {
    return this.changeStatus(ctx, id, 'recurring_series.resumed', (series) => {
      if (series.status === 'ENDED') throw new SeriesEnded();
      if (series.status === 'ACTIVE') return;
      const today = czechDate(this.clock.now());
      const notBefore =
        series.lastOccurrenceDate !== null && series.lastOccurrenceDate >= today
          ? dayAfter(series.lastOccurrenceDate)
          : today;
      moveSeriesTo(series, Math.max(series.nextIndex, this.indexOnOrAfter(series, notBefore)), 'ACTIVE');
    });
  }

  /** The next issue dates from where the series is (none once ENDED). */
  async preview(ctx: RequestContext, id: string): Promise<PreviewView> {
    const series = await this.find(ctx.em, orgId(ctx), id);
    if (series.status === 'ENDED') return previewView([]);
    return previewView(upcoming(scheduleOf(series), series.nextIndex, PREVIEW_LENGTH));
  }

  /** The first issue dates of a schedule not saved yet (at most 12): what a series with it would issue. */
  schedulePreview(input: unknown): PreviewView {
    const schedule = parseInput(scheduleInput, input);
    const problem = scheduleProblem(schedule);
    if (problem) throw new ValidationError(problem, [{ path: 'schedule', message: problem }]);
    return previewView(upcoming(schedule, 0, PREVIEW_LENGTH));
  }

  /** What the series generated: its occurrences with their documents, newest first. */
  async documents(ctx: RequestContext, id: string, query: unknown): Promise<{ data: OccurrenceRow[] }> {
    const { limit, before } = parseInput(seriesDocumentsQuery, query);
    const series = await this.find(ctx.em, orgId(ctx), id);
    return { data: await occurrencesOf(ctx.em, series.id, before ?? AFTER_EVERY_DATE, limit) };
  }

  /** Applies `change` under the series' row lock; `event` is recorded when the status changed. */
  private async changeStatus(
    ctx: RequestContext,
    id: string,
    event: 'recurring_series.paused' | 'recurring_series.resumed',
    change: (series: RecurringSeries) => void,
  ): Promise<SeriesView> {
    const organizationId = orgId(ctx);
    return ctx.em.transactional(async (em) => {
      const series = await this.find(em, organizationId, id, LockMode.PESSIMISTIC_WRITE);
      const before = series.status;
      change(series);
      if (series.status === before) return seriesView(series);
      series.updatedAt = this.clock.now();
      const view = seriesView(series);
      this.events.record(em, organizationId, event, view);
      // Resuming after the end date passed: nothing is left to generate.
      if (series.status === 'ENDED') this.events.record(em, organizationId, 'recurring_series.ended', view);
      return view;
    });
  }

  private indexAfter(series: RecurringSeries, day: string): number {
    return this.indexOnOrAfter(series, dayAfter(day));
  }

  private indexOnOrAfter(series: RecurringSeries, day: string): number {
    return firstIndexOnOrAfter(scheduleOf(series), day);
  }

  private async checkInput(em: EntityManager, organizationId: string, data: SeriesInput): Promise<void> {
    const problem = scheduleProblem(data);
    if (problem) throw new ValidationError(problem, [{ path: 'schedule', message: problem }]);
    const placeholders = unknownPlaceholders(data);
    if (placeholders.length > 0)
      throw new ValidationError(placeholders.map((d) => `${d.path}: ${d.message}`).join('; '), placeholders);
    await activeContact(em, organizationId, data.contactId);
  }

  private async find(
    em: EntityManager,
    organizationId: string,
    id: string,
    lockMode?: LockMode,
  ): Promise<RecurringSeries> {
    if (!isUuid(id)) throw new NotFoundError('Recurring series');
    const series = await em.findOne(RecurringSeries, { id, organizationId }, lockMode ? { lockMode } : {});
    if (!series) throw new NotFoundError('Recurring series');
    return series;
  }
}
