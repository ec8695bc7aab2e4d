import { randomUUID } from 'node:crypto';
import type { FilterQuery } from '@mikro-orm/core';
import { allows, type Principal, type Section } from '../../core/access';
import type { Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { ForbiddenError, NotFoundError, ValidationError, type ErrorDetail } from '../../core/errors';
import { id, isUuid } from '../../core/fields';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, validationFailed, z, type Page } from '../../core/validation';
import { SavedView } from './saved-view.entity';
import { lockViewOwner } from './savedviews.queries';
import type { SavedViewEvents, SavedViewPayload } from './savedviews.events';
import {
  listSavedViewsQuery,
  SAVED_VIEW_LIMITS,
  savedViewInput,
  type SavedViewInput,
  type SavedViewResource,
} from './savedviews.inputs';

/** A list a view can be saved of, as its module registers it at build. */
export interface ListRegistration {
  resource: SavedViewResource;
  /** The section reading the list needs: views of it are seen only by those who read it. */
  section: Section;
  /** The query schema the list's GET parses (made with listInput: limit, cursor, sort and view, then the filters). */
  query: z.ZodObject;
}

/** What a list service calls before parsing its query: the query with `view`'s filters and sort under the explicit parameters. */
export interface ListViews {
  apply(ctx: RequestContext, query: unknown): Promise<unknown>;
}

export interface SavedViewView {
  id: string;
  name: string;
  resource: string;
  filters: Record<string, unknown>;
  sort: string | null;
  columns: string[];
  shared: boolean;
  /** The person who saved it; null: a credential without a person. */
  ownerId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Query parameters of a list that are not filters. */
const NOT_FILTERS = { limit: true, cursor: true, sort: true, view: true } as const;
const viewParam = z.object({ view: id() });

function view(v: SavedView): SavedViewView {
  return {
    id: v.id,
    name: v.name,
    resource: v.resource,
    filters: v.filters,
    sort: v.sort,
    columns: v.columns,
    shared: v.shared,
    ownerId: v.userId,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

function payload(v: SavedView): SavedViewPayload {
  return { id: v.id, name: v.name, resource: v.resource, shared: v.shared, ownerId: v.userId };
}

/**
 * Saved views of the lists: a person's own (private) or the company's (shared). Another person's
 * private view does not exist for the caller (404). A shared view is changed by the person who saved
 * it or an OWNER or ADMIN; the views of credentials without a person (API keys), which are always
 * shared, by any such credential or an OWNER or ADMIN.
 */
export class SavedViewsService {
  private readonly lists = new Map<string, ListRegistration>();

  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<SavedViewEvents>,
  ) {}

  /** Called by a list-owning module at build; returns what its list service applies views with. */
  register(list: ListRegistration): ListViews {
    if (this.lists.has(list.resource)) throw new Error(`Saved views: ${list.resource} is registered twice`);
    this.lists.set(list.resource, list);
    return { apply: (ctx, query) => this.apply(ctx, list, query) };
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<SavedViewView>> {
    const { resource, ...page } = parseInput(listSavedViewsQuery, query);
    if (resource) this.readable(authed(ctx).principal, resource);
    const where = { $and: [this.visible(ctx), ...(resource ? [{ resource }] : [])] } as FilterQuery<SavedView>;
    return mapPage(await paginate(ctx.em, SavedView, where, page), view);
  }

  async get(ctx: RequestContext, viewId: string): Promise<SavedViewView> {
    return view(await this.find(ctx, viewId));
  }

  async create(ctx: RequestContext, input: unknown): Promise<SavedViewView> {
    const { principal } = authed(ctx);
    const data = this.checked(principal, parseInput(savedViewInput, input));
    const organizationId = principal.organization.id;
    return ctx.em.transactional(async (em) => {
      await lockViewOwner(em, organizationId, principal.userId);
      const kept = await em.count(SavedView, { organizationId, userId: principal.userId });
      if (kept >= SAVED_VIEW_LIMITS.perPerson)
        throw new ValidationError(`At most ${SAVED_VIEW_LIMITS.perPerson} saved views per person; delete one first`, [
          { path: '(body)', message: `${kept} views kept` },
        ]);
      const now = this.clock.now();
      const saved = em.create(SavedView, {
        ...data,
        id: randomUUID(),
        organizationId,
        userId: principal.userId,
        createdAt: now,
        updatedAt: now,
      });
      this.events.record(em, organizationId, 'saved_view.created', payload(saved));
      return view(saved);
    });
  }

  /** PUT: the whole view is replaced by the input (name, resource, filters, sort, columns, shared). */
  async update(ctx: RequestContext, viewId: string, input: unknown): Promise<SavedViewView> {
    const { principal } = authed(ctx);
    const saved = await this.find(ctx, viewId);
    this.assertMayChange(principal, saved);
    const data = this.checked(principal, parseInput(savedViewInput, input), saved.userId);
    Object.assign(saved, data, { updatedAt: this.clock.now() });
    this.events.record(ctx.em, principal.organization.id, 'saved_view.updated', payload(saved));
    await ctx.em.flush();
    return view(saved);
  }

  async delete(ctx: RequestContext, viewId: string): Promise<void> {
    const { principal } = authed(ctx);
    const saved = await this.find(ctx, viewId);
    this.assertMayChange(principal, saved);
    this.events.record(ctx.em, principal.organization.id, 'saved_view.deleted', payload(saved));
    ctx.em.remove(saved);
    await ctx.em.flush();
  }

  /**
   * The list's query with the view's filters and sort under the explicit parameters; the query
   * itself when it names no view. A view of another list is 400, one the caller cannot see 404.
   */
  private async apply(ctx: RequestContext, list: ListRegistration, query: unknown): Promise<unknown> {
    const { view: viewId, ...explicit } = (query ?? {}) as Record<string, unknown>;
    if (viewId === undefined) return query;
    const saved = await this.find(ctx, parseInput(viewParam, { view: viewId }).view);
    if (saved.resource !== list.resource) {
      const message = `a view of ${saved.resource}, not of ${list.resource}`;
      throw new ValidationError(`The view ${saved.id} is ${message}`, [{ path: 'view', message }]);
    }
    return { ...saved.filters, ...(saved.sort === null ? {} : { sort: saved.sort }), ...explicit };
  }

  /** The input, its filters and sort checked against the list's own query schema. */
  private checked(principal: Principal, data: SavedViewInput, owner = principal.userId): SavedViewInput {
    const list = this.readable(principal, data.resource);
    if (owner === null && !data.shared)
      throw validationFailed([
        { path: 'shared', message: 'a view saved by a credential without a person (an API key) is shared' },
      ]);
    const details: ErrorDetail[] = [];
    const filters = list.query.omit(NOT_FILTERS).strict().safeParse(data.filters);
    for (const issue of filters.success ? [] : filters.error.issues) {
      const names = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.')];
      for (const name of names)
        details.push({
          path: `filters.${name}`,
          message: issue.code === 'unrecognized_keys' ? 'not a filter of this list' : issue.message,
        });
    }
    // listInput gives every list's query its `sort`: the values that list orders by.
    const sorts = list.query.shape.sort as z.ZodType;
    if (data.sort !== null && !sorts.safeParse(data.sort).success)
      details.push({ path: 'sort', message: `not a sort of ${data.resource}` });
    if (details.length) throw validationFailed(details);
    return data;
  }

  /** The registered list, when the caller reads it; else 403. */
  private readable(principal: Principal, resource: string): ListRegistration {
    const list = this.lists.get(resource);
    if (!list) throw validationFailed([{ path: 'resource', message: `${resource} has no saved views` }]);
    if (!allows(principal.permissions, list.section, 'read'))
      throw new ForbiddenError(`Reading ${resource} needs ${list.section}:read`);
    return list;
  }

  /** The views the caller sees: the company's shared ones and its person's own, of the lists it reads. */
  private visible(ctx: RequestContext): FilterQuery<SavedView> {
    const { principal } = authed(ctx);
    const resources = [...this.lists.values()]
      .filter((l) => allows(principal.permissions, l.section, 'read'))
      .map((l) => l.resource);
    const mine = principal.userId === null ? [] : [{ userId: principal.userId }];
    return {
      organizationId: principal.organization.id,
      resource: { $in: resources },
      $or: [{ shared: true }, ...mine],
    };
  }

  private async find(ctx: RequestContext, viewId: string): Promise<SavedView> {
    const saved = isUuid(viewId)
      ? await ctx.em.findOne(SavedView, { $and: [{ id: viewId }, this.visible(ctx)] })
      : null;
    if (!saved) throw new NotFoundError('Saved view');
    return saved;
  }

  private assertMayChange(principal: Principal, saved: SavedView): void {
    if (saved.userId === principal.userId) return;
    if (principal.role === 'OWNER' || principal.role === 'ADMIN') return;
    throw new ForbiddenError('Only the person who saved this view, or an owner or admin, may change it');
  }
}
