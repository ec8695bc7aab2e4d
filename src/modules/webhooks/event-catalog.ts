import type {
  AiCompletedPayload,
  AiFailedPayload,
  AiPayload,
  AutomationFailedPayload,
  AutomationFinishedPayload,
  AutomationPayload,
  CatalogEventName,
  ContactPayload,
  DocumentOverduePayload,
  DocumentPayload,
  DocumentSentPayload,
  DocumentStatusPayload,
  DocumentViewedPayload,
  EventPayloads,
  PaymentImportedPayload,
  PaymentMatchedPayload,
  PaymentPayload,
  PaymentUnmatchedPayload,
  ProductPayload,
  WebhookTestPayload,
} from '../events/event-payloads';

/**
 * The webhook event catalog (SPEC 6.2) with the payload fields of each event (SPEC 6.3). GET
 * /api/v1/webhooks/events and GraphQL's webhookEvents serve it; webhook endpoints may subscribe
 * only to these names. Names and fields come from the payload types in events/event-payloads.ts.
 */
export interface CatalogEvent {
  event: CatalogEventName;
  description: string;
  /** Field names of `data` in the delivery envelope. */
  dataFields: readonly string[];
}

/** Every key of T, and of each member when T is a union (payment.matched of a document or of a cost). */
type AllKeys<T> = T extends unknown ? keyof T : never;
type FieldSet<T> = { readonly [K in AllKeys<T>]-?: true };

/** The field names of payload T, in catalog order. `T` in a function type makes it invariant:
 * the fields of one payload do not fit the slot of another, even a narrower one. */
interface PayloadFields<T> {
  readonly names: readonly string[];
  readonly payload?: (p: T) => T;
}

/** Exactly the keys of T: a missing key fails, and so does an extra one (also when spread in). */
function fieldsOf<T>() {
  return <const N extends FieldSet<T>>(
    fields: N & { readonly [K in Exclude<keyof N, AllKeys<T>>]: never },
  ): PayloadFields<T> => ({
    names: Object.freeze(Object.keys(fields)),
  });
}

const DOCUMENT = {
  id: true,
  number: true,
  type: true,
  status: true,
  currency: true,
  total: true,
  paidAmount: true,
  contactId: true,
  clientName: true,
  issuedAt: true,
  dueAt: true,
} as const satisfies FieldSet<DocumentPayload>;
const CONTACT = {
  id: true,
  name: true,
  email: true,
  phone: true,
  type: true,
  taxId: true,
  vatId: true,
  archived: true,
} as const satisfies FieldSet<ContactPayload>;
const PRODUCT = {
  id: true,
  name: true,
  sku: true,
  unit: true,
  price: true,
  vatRate: true,
  active: true,
} as const satisfies FieldSet<ProductPayload>;
const PAYMENT = {
  id: true,
  amount: true,
  currency: true,
  direction: true,
  receivedAt: true,
  variableSymbol: true,
  counterAccount: true,
  matchStatus: true,
  documentId: true,
  bankAccountId: true,
} as const satisfies FieldSet<PaymentPayload>;
const AUTOMATION = {
  automationId: true,
  runId: true,
  name: true,
  triggerEvent: true,
  documentId: true,
} as const satisfies FieldSet<AutomationPayload>;
const AI = { operation: true, model: true } as const satisfies FieldSet<AiPayload>;

const document = fieldsOf<DocumentPayload>()(DOCUMENT);
const contact = fieldsOf<ContactPayload>()(CONTACT);
const product = fieldsOf<ProductPayload>()(PRODUCT);
const automation = fieldsOf<AutomationPayload>()(AUTOMATION);

/** In SPEC 6.2's order, which is the order GET /webhooks/events lists them in. */
const CATALOG: { readonly [E in CatalogEventName]: { description: string; fields: PayloadFields<EventPayloads[E]> } } =
  {
    'document.created': {
      description: 'A document is created via POST /documents, including from a recurring series or a costs inbox',
      fields: document,
    },
    'document.updated': { description: 'PATCH /documents/:id (items, amounts, customer, tags)', fields: document },
    'document.deleted': { description: 'A draft is deleted; the payload is the last known state', fields: document },
    'document.sent': {
      description: 'A document is e-mailed to the customer (including reminders, payment thanks, quotes)',
      fields: fieldsOf<DocumentSentPayload>()({ ...DOCUMENT, sentTo: true, subject: true, emailType: true }),
    },
    'document.viewed': {
      description: 'The customer opens the document by public link; sent on every view',
      fields: fieldsOf<DocumentViewedPayload>()({ ...DOCUMENT, viewedAt: true }),
    },
    'document.paid': {
      description: 'The document reaches PAID by status change, payment matching, or creation as paid',
      fields: document,
    },
    'document.overdue': {
      description: 'The daily 08:00 check finds an unpaid overdue invoice; once per document',
      fields: fieldsOf<DocumentOverduePayload>()({ ...DOCUMENT, daysOverdue: true, remainingAmount: true }),
    },
    'document.archived': {
      description: 'The document moves to ARCHIVED',
      fields: fieldsOf<DocumentStatusPayload>()({ ...DOCUMENT, previousStatus: true }),
    },
    'contact.created': { description: 'POST /contacts', fields: contact },
    'contact.updated': { description: 'PATCH /contacts/:id, except archiving or unarchiving', fields: contact },
    'contact.archived': {
      description: 'PATCH /contacts/:id with archived true (contacts are archived, never deleted)',
      fields: contact,
    },
    'product.created': { description: 'POST /products', fields: product },
    'product.updated': { description: 'PATCH /products/:id', fields: product },
    'product.archived': { description: 'DELETE /products/:id (soft delete, active false)', fields: product },
    'payment.imported': {
      description: 'A new payment is created from bank sync or manual statement import; once per new payment',
      fields: fieldsOf<PaymentImportedPayload>()({ ...PAYMENT, source: true }),
    },
    'payment.matched': {
      description:
        'A payment is linked to a document manually, by confirmed suggestion, or by automatic matching on import; a payment linked to a received cost has documentId and documentNumber null and adds costId and costNumber',
      fields: fieldsOf<PaymentMatchedPayload>()({
        ...PAYMENT,
        documentNumber: true,
        matchedBy: true,
        costId: true,
        costNumber: true,
      }),
    },
    'payment.unmatched': {
      description:
        'The link between a payment and a document is removed; for a received cost previousDocumentId is null and costId and costNumber name the cost',
      fields: fieldsOf<PaymentUnmatchedPayload>()({
        ...PAYMENT,
        previousDocumentId: true,
        costId: true,
        costNumber: true,
      }),
    },
    'automation.started': {
      description: 'A system-event automation starts, including runs that end skipped',
      fields: automation,
    },
    'automation.finished': {
      description: 'An automation run ends COMPLETED or SKIPPED',
      fields: fieldsOf<AutomationFinishedPayload>()({
        ...AUTOMATION,
        status: true,
        actionsRun: true,
        actionsFailed: true,
      }),
    },
    'automation.failed': {
      description: 'An automation run crashes or any action fails',
      fields: fieldsOf<AutomationFailedPayload>()({ ...AUTOMATION, status: true, errorMessage: true }),
    },
    'ai.completed': {
      description: 'An AI operation (document OCR, chat, company data analysis) succeeds',
      fields: fieldsOf<AiCompletedPayload>()({ ...AI, inputSummary: true, outputSummary: true }),
    },
    'ai.failed': {
      description: 'An AI operation fails',
      fields: fieldsOf<AiFailedPayload>()({ ...AI, errorMessage: true }),
    },
    'webhook.test': {
      description: 'POST /webhooks/:id/test only',
      fields: fieldsOf<WebhookTestPayload>()({ message: true, webhookId: true }),
    },
  };

export const EVENT_CATALOG: readonly CatalogEvent[] = Object.freeze(
  (Object.keys(CATALOG) as CatalogEventName[]).map((event) => ({
    event,
    description: CATALOG[event].description,
    dataFields: CATALOG[event].fields.names,
  })),
);

export const CATALOG_EVENT_NAMES: ReadonlySet<string> = new Set(EVENT_CATALOG.map((e) => e.event));

export function isCatalogEvent(name: string): name is CatalogEventName {
  return CATALOG_EVENT_NAMES.has(name);
}
