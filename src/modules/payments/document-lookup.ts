import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import { departmentCondition, seesDepartment } from '../../core/departments';
import { query } from '../../core/db/sql';
import { isUuid } from '../../core/fields';
import { MATCHABLE_STATUSES, MATCHABLE_TYPES } from './document-payments';

export interface MatchTarget {
  id: string;
  number: string;
  type: string;
  status: string;
  currency: string;
}

/** The document a person is offered for an unmatched incoming payment, and why. */
export interface PaymentSuggestion {
  documentId: string;
  number: string;
  clientName: string | null;
  currency: string;
  remainingAmount: string;
  /** VARIABLE_SYMBOL: the symbols agree (leading zeros ignored); AMOUNT: only the remaining amount does. */
  reason: 'VARIABLE_SYMBOL' | 'AMOUNT';
}

/** What a suggestion is looked up by: an unmatched incoming payment. */
export type SuggestionSubject = { currency: string; amount: string; variableSymbol: string | null };

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

  /**
   * For each payment, the unpaid invoice or proforma of its currency that it most likely pays: one
   * with the same variable symbol first (the remaining amount equal to the payment before others),
   * else one whose remaining amount equals the payment, earliest due first; null when none fits.
   * One statement for all of them (a page of payments is one query, not one per row).
   */
  async suggest(
    em: EntityManager,
    principal: Principal,
    payments: readonly SuggestionSubject[],
  ): Promise<(PaymentSuggestion | null)[]> {
    if (payments.length === 0) return [];
    const scope = departmentCondition(principal, 'doc.department_id');
    const rows = await query<{
      ord: string;
      id: string;
      number: string;
      client_name: string | null;
      currency: string;
      remaining: string;
      by_symbol: boolean;
    }>(
      em,
      `SELECT p.ord, found.*
         FROM unnest(?::text[], ?::text[], ?::numeric[]) WITH ORDINALITY AS p(symbol, currency, amount, ord)
        CROSS JOIN LATERAL (
          SELECT doc.id, doc.number, doc.client_name, doc.currency,
                 (doc.total - doc.paid_amount)::numeric(14,2)::text AS remaining,
                 (p.symbol <> '' AND ltrim(doc.variable_symbol, '0') = p.symbol) AS by_symbol
            FROM documents doc
           WHERE doc.organization_id = ?
             AND doc.status = ANY(?::text[])
             AND doc.type = ANY(?::text[])
             AND doc.currency = p.currency
             AND ((p.symbol <> '' AND ltrim(doc.variable_symbol, '0') = p.symbol)
                  OR doc.total - doc.paid_amount = p.amount)
             ${scope.sql}
           ORDER BY by_symbol DESC, (doc.total - doc.paid_amount = p.amount) DESC, doc.due_at, doc.id
           LIMIT 1
        ) found`,
      [
        payments.map((p) => (p.variableSymbol ?? '').replace(/^0+/, '')),
        payments.map((p) => p.currency),
        payments.map((p) => p.amount),
        principal.organization.id,
        MATCHABLE_STATUSES,
        MATCHABLE_TYPES,
        ...scope.params,
      ],
    );
    const suggestions: (PaymentSuggestion | null)[] = payments.map(() => null);
    for (const row of rows)
      suggestions[Number(row.ord) - 1] = {
        documentId: row.id,
        number: row.number,
        clientName: row.client_name,
        currency: row.currency,
        remainingAmount: row.remaining,
        reason: row.by_symbol ? 'VARIABLE_SYMBOL' : 'AMOUNT',
      };
    return suggestions;
  }
}

export function isMatchable(document: MatchTarget): boolean {
  return (
    (MATCHABLE_TYPES as readonly string[]).includes(document.type) &&
    (MATCHABLE_STATUSES as readonly string[]).includes(document.status)
  );
}
