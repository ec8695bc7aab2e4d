import { randomUUID } from 'node:crypto';
import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { DocumentLanguage } from '../../core/languages';
import { generateToken } from '../../core/secrets';
import type { Contact } from '../contacts/contacts.module';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents, DocumentPayload } from './document.events';
import { customerSnapshot } from './customer-snapshot';
import { Document } from './document.entity';
import { czkAmounts } from './document-currency';
import { documentEventData } from './document.events';
import { reverseChargeColumns, type ReverseCharge } from './reverse-charge';
import type { AdvanceRef, DocumentItem, DocumentStatus, DocumentType, PosDocumentKind } from './document.types';

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
  /** Omitted: the contact's language, else null (the company's when printed); see document-language.ts. */
  language?: DocumentLanguage | null;
  /** CZK per 1 unit of currency (resolveExchangeRate); 1 when omitted. */
  exchangeRate?: BigNumber;
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
  correctedDocumentNumber?: string | null;
  creditNoteReason?: string | null;
  /** The lines must have been computed for it (chargedItems). */
  reverseCharge?: ReverseCharge | null;
  proformaId?: string | null;
  proformaNumber?: string | null;
  settledAdvances?: AdvanceRef[];
  /** A converted document: the one it was made from. */
  sourceDocumentId?: string | null;
  /** A QUOTE's validity. */
  validUntil?: Date | null;
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

/** A new document as values: its fields (as the entity has them) and the events that announce it. */
export interface PlannedDocument {
  fields: DocumentFields;
  events: PlannedEvent[];
}

export type DocumentFields = ReturnType<typeof documentFields>;
export type PlannedEvent = { event: 'document.created' | 'document.paid'; data: DocumentPayload };

/**
 * The one writer of new documents: every path that creates one (the general API, a register's sale,
 * a register's credit note, and the POS fast path's statement) comes here, so the row, the paid
 * rules, the public token and the events of a new document are written once.
 */
export class DocumentFactory {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
  ) {}

  /** A new document in `em`, its events recorded; the caller's transaction flushes it. */
  create(em: EntityManager, f: NewDocument): Document {
    return this.persist(em, this.plan(f));
  }

  /** A register's sale (SPEC 2.6) in `em`, as `create`. */
  createRegisterSale(em: EntityManager, sale: RegisterSale): Document {
    return this.persist(em, this.planRegisterSale(sale));
  }

  /**
   * A new document as values, for a statement that writes many (documents.queries.ts): document.created
   * and, when it is born PAID, document.paid. Born PAID means paid in full, the payment counted as
   * computed rather than a bank payment (taking it back returns the document to ISSUED).
   */
  plan(f: NewDocument): PlannedDocument {
    const fields = documentFields(f, this.clock.now());
    const data = documentEventData(fields);
    const events: PlannedEvent[] = [{ event: 'document.created', data }];
    if (fields.status === 'PAID') events.push({ event: 'document.paid', data });
    return { fields, events };
  }

  /**
   * SPEC 2.6: receipts (SIMPLIFIED, TAX_DOCUMENT, SALE_RECEIPT) are paid at issue and due at issue,
   * without a variable symbol; an INVOICE is issued, due at its dueAt, with a variable symbol.
   */
  planRegisterSale({ kind, dueAt, ...sale }: RegisterSale): PlannedDocument {
    const paidAtIssue = PAID_AT_ISSUE.includes(kind);
    return this.plan({
      ...sale,
      type: 'INVOICE',
      posDocumentKind: kind,
      status: paidAtIssue ? 'PAID' : 'ISSUED',
      dueAt: paidAtIssue ? sale.issuedAt : dueAt!,
      paidAt: sale.issuedAt,
      variableSymbol: paidAtIssue ? null : undefined,
    });
  }

  private persist(em: EntityManager, { fields, events }: PlannedDocument): Document {
    const doc = em.create(Document, fields);
    for (const { event, data } of events) this.events.record(em, fields.organization, event, data);
    return doc;
  }
}

/** Every field of a new document: what the caller decided, and what every new document gets. */
function documentFields(f: NewDocument, now: Date) {
  const paid = f.status === 'PAID';
  return {
    id: f.id ?? randomUUID(),
    organization: f.organizationId,
    type: f.type,
    status: f.status,
    number: f.number,
    variableSymbol: f.variableSymbol === undefined ? variableSymbolOf(f.number) : f.variableSymbol,
    contact: f.contact ?? null,
    clientName: f.clientName,
    // An issued document keeps its customer as at issue; a draft reads the contact until it is issued.
    customerDetails: f.customerDetails ?? (f.status !== 'DRAFT' && f.contact ? customerSnapshot(f.contact) : null),
    departmentId: f.departmentId ?? null,
    currency: f.currency ?? 'CZK',
    language: f.language ?? f.contact?.language ?? null,
    items: f.items,
    ...czkAmounts(f.items, f.exchangeRate ?? new BigNumber(1)),
    subtotal: f.subtotal,
    vatTotal: f.vatTotal,
    total: f.total,
    roundingAmount: f.roundingAmount ?? '0.00',
    paidAmount: paid ? f.total : '0.00',
    autoPaidAmount: paid ? f.total : '0.00',
    statusBeforePaid: paid ? ('ISSUED' as const) : null,
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
    correctedDocumentNumber: f.correctedDocumentNumber ?? null,
    creditNoteReason: f.creditNoteReason ?? null,
    ...reverseChargeColumns(f.reverseCharge),
    sourceDocumentId: f.sourceDocumentId ?? null,
    derivedDocumentIds: [],
    validUntil: f.validUntil ?? null,
    creditedAmount: '0.00',
    creditNotes: [],
    proformaId: f.proformaId ?? null,
    proformaNumber: f.proformaNumber ?? null,
    advanceDocuments: [],
    finalInvoiceId: null,
    settledAdvances: f.settledAdvances ?? [],
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}
