import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { ContactEvents } from './contact.events';
import { Organization } from '../identity/identity.module';
import type { ListViews } from '../savedviews/savedviews.module';
import { Contact } from './contact.entity';
import { contactListWhere } from './contact-export-source';
import { contactVatIds } from './contacts.queries';
import { createContactInput, listContactsQuery, updateContactInput } from './contacts.inputs';
import { contactEventData, contactView, type ContactView } from './contacts.views';

const EDITABLE = [
  'name',
  'type',
  'email',
  'phone',
  'taxId',
  'vatId',
  'street',
  'city',
  'zip',
  'country',
  'language',
] as const;

/** Customers and suppliers (section contacts). Every change records its catalog event in the same transaction. */
export class ContactsService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<ContactEvents>,
    private readonly views: ListViews,
  ) {}

  async create(ctx: RequestContext, input: unknown): Promise<ContactView> {
    const data = parseInput(createContactInput, input);
    const organizationId = orgId(ctx);
    const now = this.clock.now();
    const contact = ctx.em.create(Contact, {
      ...data,
      id: randomUUID(),
      organization: ctx.em.getReference(Organization, organizationId),
      archived: false,
      createdAt: now,
      updatedAt: now,
    });
    this.events.record(ctx.em, organizationId, 'contact.created', contactEventData(contact));
    await ctx.em.flush();
    return contactView(contact);
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<ContactView>> {
    const { limit, cursor, sort, ...filters } = parseInput(listContactsQuery, await this.views.apply(ctx, query));
    const where = contactListWhere(authed(ctx).principal, filters);
    return mapPage(await paginate(ctx.em, Contact, where, { limit, cursor, sort }), contactView);
  }

  async get(ctx: RequestContext, id: string): Promise<ContactView> {
    return contactView(await this.find(ctx.em, orgId(ctx), id));
  }

  /**
   * Field changes record contact.updated; archived false→true records contact.archived, true→false
   * (restoring) records nothing. The row is locked so concurrent archiving records the event once.
   */
  async update(ctx: RequestContext, id: string, input: unknown): Promise<ContactView> {
    const data = parseInput(updateContactInput, input);
    const organizationId = orgId(ctx);
    return ctx.em.transactional(async (em) => {
      const contact = await this.find(em, organizationId, id, LockMode.PESSIMISTIC_WRITE);
      const changed = EDITABLE.filter((field) => data[field] !== undefined && data[field] !== contact[field]);
      const archivedChanged = data.archived !== undefined && data.archived !== contact.archived;
      if (changed.length === 0 && !archivedChanged) return contactView(contact);
      em.assign(contact, Object.fromEntries(changed.map((field) => [field, data[field]])));
      if (archivedChanged) contact.archived = data.archived === true;
      contact.updatedAt = this.clock.now();
      if (changed.length > 0) this.events.record(em, organizationId, 'contact.updated', contactEventData(contact));
      if (archivedChanged && contact.archived)
        this.events.record(em, organizationId, 'contact.archived', contactEventData(contact));
      return contactView(contact);
    });
  }

  /** The current DIČ of each of these contacts ('' counts as none), for the VAT control statement. */
  /** Two columns, not the contacts: the control statement asks for a month's customers (issue 31 point 3). */
  async vatIdsOf(em: EntityManager, organizationId: string, ids: string[]): Promise<Map<string, string | null>> {
    return ids.length ? contactVatIds(em, organizationId, ids) : new Map();
  }

  private async find(em: EntityManager, organizationId: string, id: string, lockMode?: LockMode): Promise<Contact> {
    if (!isUuid(id)) throw new NotFoundError('Contact');
    const contact = await em.findOne(Contact, { id, organization: organizationId }, lockMode ? { lockMode } : {});
    if (!contact) throw new NotFoundError('Contact');
    return contact;
  }
}
