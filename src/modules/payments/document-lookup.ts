import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import { seesDepartment } from '../../core/departments';
import { isUuid } from '../../core/fields';
import { MATCHABLE_STATUSES, MATCHABLE_TYPES } from './document-payments';

export interface MatchTarget {
  id: string;
  number: string;
  type: string;
  status: string;
  currency: string;
}

/** Reads the documents table for matching; the documents module owns the rows and their changes. */
export class DocumentLookup {
  /**
   * Locks the document row for the rest of the transaction, so concurrent matches to one document
   * apply one after the other. A document of another organization, or outside the caller's
   * departments, is not found.
   */
  async lock(em: EntityManager, principal: Principal, documentId: string): Promise<MatchTarget> {
    const rows = isUuid(documentId)
      ? await em.execute<(MatchTarget & { department_id: string | null })[]>(
          `SELECT id, number, type, status, currency, department_id FROM documents WHERE id = ? AND organization_id = ? FOR UPDATE`,
          [documentId, principal.organization.id],
        )
      : [];
    const row = rows[0];
    if (!row || !seesDepartment(principal, row.department_id)) throw new NotFoundError('Document');
    return { id: row.id, number: row.number, type: row.type, status: row.status, currency: row.currency };
  }
}

export function isMatchable(document: MatchTarget): boolean {
  return (MATCHABLE_TYPES as readonly string[]).includes(document.type) && (MATCHABLE_STATUSES as readonly string[]).includes(document.status);
}
