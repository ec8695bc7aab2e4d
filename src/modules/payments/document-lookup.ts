import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import { departmentCondition, seesDepartment } from '../../core/departments';
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
   * The unpaid invoice or proforma of the payment's currency that the payment most likely pays: one
   * with the same variable symbol first (the remaining amount equal to the payment before others),
   * else one whose remaining amount equals the payment, earliest due first. Null when none fits.
   */
  async suggest(
    em: EntityManager,
    principal: Principal,
    payment: { currency: string; amount: string; variableSymbol: string | null },
  ): Promise<PaymentSuggestion | null> {
    const list = (values: readonly unknown[]) => values.map(() => '?').join(', ');
    const symbol = (payment.variableSymbol ?? '').replace(/^0+/, '');
    const scope = departmentCondition(principal, 'department_id');
    const rows = await em.execute<
      {
        id: string;
        number: string;
        client_name: string | null;
        currency: string;
        remaining: string;
        by_symbol: boolean;
      }[]
    >(
      `SELECT id, number, client_name, currency, (total - paid_amount)::numeric(14,2)::text AS remaining,
              (? <> '' AND ltrim(variable_symbol, '0') = ?) AS by_symbol
         FROM documents
        WHERE organization_id = ?
          AND status IN (${list(MATCHABLE_STATUSES)})
          AND type IN (${list(MATCHABLE_TYPES)})
          AND currency = ?
          AND ((? <> '' AND ltrim(variable_symbol, '0') = ?) OR total - paid_amount = ?::numeric)
          ${scope.sql}
        ORDER BY by_symbol DESC, (total - paid_amount = ?::numeric) DESC, due_at, id
        LIMIT 1`,
      [
        symbol,
        symbol,
        principal.organization.id,
        ...MATCHABLE_STATUSES,
        ...MATCHABLE_TYPES,
        payment.currency,
        symbol,
        symbol,
        payment.amount,
        ...scope.params,
        payment.amount,
      ],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      documentId: row.id,
      number: row.number,
      clientName: row.client_name,
      currency: row.currency,
      remainingAmount: row.remaining,
      reason: row.by_symbol ? 'VARIABLE_SYMBOL' : 'AMOUNT',
    };
  }
}

export function isMatchable(document: MatchTarget): boolean {
  return (
    (MATCHABLE_TYPES as readonly string[]).includes(document.type) &&
    (MATCHABLE_STATUSES as readonly string[]).includes(document.status)
  );
}
