import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { generateToken } from '../../core/secrets';
import type { Contact } from '../contacts/contact.entity';
import type { EventOutbox } from '../events/event-outbox';
import { Organization } from '../identity/organization.entity';
import { Document } from './document.entity';
import { documentEventData } from './document.events';
import type { DocumentItem, DocumentStatus, DocumentType, PosDocumentKind } from './document.types';

export const PUBLIC_TOKEN_PREFIX = 'fpd_';

/** The last up to 10 digits of the number: what Czech bank transfers carry as variabilní symbol. */
export function variableSymbolOf(number: string): string | null {
  return number.replace(/\D/g, '').slice(-10) || null;
}

/** What the caller decides about a new document; the factory adds what every new document gets. */
export interface NewDocument {
  /** Given when the caller must know it before the document exists (a POS idempotency binding). */
  id?: string;
  organizationId: string;
  type: DocumentType;
  status: DocumentStatus;
  number: string;
  /** Omitted: the number's digits (variableSymbolOf); null: none. */
  variableSymbol?: string | null;
  contact?: Contact | null;
  clientName: string | null;
  customerDetails?: Record<string, string | null> | null;
  departmentId?: string | null;
  /** CZK when omitted. */
  currency?: string;
  items: DocumentItem[];
  subtotal: string;
  vatTotal: string;
  total: string;
  roundingAmount?: string;
  tags?: string[];
  customFields?: Record<string, string>;
  note?: string | null;
  issuedAt: Date;
  dueAt: Date;
  taxableSupplyDate?: Date | null;
  /** When a document born PAID was paid: the moment of its creation unless given. */
  paidAt?: Date;
  posDeviceId?: string | null;
  posDocumentKind?: PosDocumentKind | null;
  paymentMethod?: string | null;
  correctedDocumentId?: string | null;
  creditNoteReason?: string | null;
}

/** A register's sale (SPEC 2.6): what the register decides; its kind decides the rest. */
export type RegisterSale = Omit<
  NewDocument,
  'type' | 'status' | 'posDocumentKind' | 'dueAt' | 'variableSymbol' | 'paidAt' | 'posDeviceId'
> & {
  kind: PosDocumentKind;
  posDeviceId: string;
  /** Read for an INVOICE only (the rules require it there). */
  dueAt: Date | null;
};

const PAID_AT_ISSUE: readonly PosDocumentKind[] = ['SIMPLIFIED', 'TAX_DOCUMENT', 'SALE_RECEIPT'];

/**
 * The one writer of new documents: every path that creates one (the general API, a register's sale,
 * a register's credit note) comes here, so the row, the paid rules, the public token and the events
 * of a new document are written once. The caller's transaction flushes it.
 */
export class DocumentFactory {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox,
  ) {}

  /**
   * A new document in `em`, with document.created recorded, and document.paid when it is born PAID:
   * paid in full (the payment counts as computed, not as a bank payment, so taking it back returns
   * the document to ISSUED).
   */
  create(em: EntityManager, f: NewDocument): Document {
    const now = this.clock.now();
    const paid = f.status === 'PAID';
    const doc = em.create(Document, {
      id: f.id ?? randomUUID(),
      organization: em.getReference(Organization, f.organizationId),
      type: f.type,
      status: f.status,
      number: f.number,
      variableSymbol: f.variableSymbol === undefined ? variableSymbolOf(f.number) : f.variableSymbol,
      contact: f.contact ?? null,
      clientName: f.clientName,
      customerDetails: f.customerDetails ?? null,
      departmentId: f.departmentId ?? null,
      currency: f.currency ?? 'CZK',
      items: f.items,
      subtotal: f.subtotal,
      vatTotal: f.vatTotal,
      total: f.total,
      roundingAmount: f.roundingAmount ?? '0.00',
      paidAmount: paid ? f.total : '0.00',
      autoPaidAmount: paid ? f.total : '0.00',
      statusBeforePaid: paid ? 'ISSUED' : null,
      paidAt: paid ? (f.paidAt ?? now) : null,
      tags: f.tags ?? [],
      customFields: f.customFields ?? {},
      note: f.note ?? null,
      issuedAt: f.issuedAt,
      dueAt: f.dueAt,
      taxableSupplyDate: f.taxableSupplyDate ?? null,
      publicToken: generateToken(PUBLIC_TOKEN_PREFIX),
      posDeviceId: f.posDeviceId ?? null,
      posDocumentKind: f.posDocumentKind ?? null,
      paymentMethod: f.paymentMethod ?? null,
      correctedDocumentId: f.correctedDocumentId ?? null,
      creditNoteReason: f.creditNoteReason ?? null,
      createdAt: now,
      updatedAt: now,
    });
    const data = documentEventData(doc);
    this.events.record(em, f.organizationId, 'document.created', data);
    if (paid) this.events.record(em, f.organizationId, 'document.paid', data);
    return doc;
  }

  /**
   * SPEC 2.6: receipts (SIMPLIFIED, TAX_DOCUMENT, SALE_RECEIPT) are paid at issue and due at issue,
   * without a variable symbol; an INVOICE is issued, due at its dueAt, with a variable symbol.
   */
  createRegisterSale(em: EntityManager, { kind, dueAt, ...sale }: RegisterSale): Document {
    const paidAtIssue = PAID_AT_ISSUE.includes(kind);
    return this.create(em, {
      ...sale,
      type: 'INVOICE',
      posDocumentKind: kind,
      status: paidAtIssue ? 'PAID' : 'ISSUED',
      dueAt: paidAtIssue ? sale.issuedAt : dueAt!,
      paidAt: sale.issuedAt,
      variableSymbol: paidAtIssue ? null : undefined,
    });
  }
}
