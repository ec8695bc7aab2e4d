import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode, type FilterQuery } from '@mikro-orm/core';
import type { Principal } from '../../core/access';
import { authed, type RequestContext } from '../../core/ctx';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { departmentFilter, seesDepartment } from '../../core/departments';
import { isUuid } from '../../core/fields';
import { Contact } from '../contacts/contacts.module';
import { Department } from '../identity/identity.module';
import { Document } from './document.entity';

/**
 * What a caller may see: its organization's documents and, for principals limited to billing
 * departments (OAuth tokens and sessions of such users), only documents of those departments.
 */
export function visibleDocuments(
  principal: Pick<Principal, 'departmentIds'> & { organization: { id: string } },
): FilterQuery<Document> {
  return { organization: principal.organization.id, ...departmentFilter(principal) };
}

/** A document the caller may see, optionally locked FOR UPDATE (em must then be in a transaction). */
export async function findVisibleDocument(
  em: EntityManager,
  ctx: RequestContext,
  id: string,
  lock = false,
): Promise<Document> {
  if (!isUuid(id)) throw new NotFoundError('Document');
  const doc = await em.findOne(
    Document,
    { $and: [{ id }, visibleDocuments(authed(ctx).principal)] },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  if (!doc) throw new NotFoundError('Document');
  return doc;
}

export async function contactOf(em: EntityManager, organizationId: string, contactId: string): Promise<Contact> {
  const contact = await em.findOne(Contact, { id: contactId, organization: organizationId });
  if (!contact)
    throw new ValidationError('Unknown contact', [
      { path: 'contactId', message: 'no such contact in this organization' },
    ]);
  return contact;
}

/**
 * The department a new or moved document belongs to. A caller limited to departments must stay
 * inside them (omitted = its first department); everyone else may leave it empty.
 */
export async function departmentFor(
  em: EntityManager,
  principal: Principal,
  requested: string | null | undefined,
): Promise<string | null> {
  const allowed = principal.departmentIds;
  if (requested === undefined || requested === null) {
    if (allowed === null) return null;
    if (requested === undefined && allowed.length > 0) return allowed[0];
    throw new ForbiddenError('Documents you create must belong to one of your billing departments');
  }
  if (!seesDepartment(principal, requested))
    throw new ForbiddenError('The department is not one of your billing departments');
  const found = await em.count(Department, { id: requested, organization: principal.organization.id });
  if (found === 0)
    throw new ValidationError('Unknown department', [
      { path: 'departmentId', message: 'no such department in this organization' },
    ]);
  return requested;
}
