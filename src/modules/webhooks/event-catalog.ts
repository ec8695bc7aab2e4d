/**
 * The webhook event catalog (SPEC 6.2) with the payload fields of each event (SPEC 6.3). GET
 * /api/v1/webhooks/events serves it; webhook endpoints may subscribe only to these names.
 */
export interface CatalogEvent {
  event: string;
  description: string;
  /** Field names of `data` in the delivery envelope. */
  dataFields: readonly string[];
}

const DOCUMENT = ['id', 'number', 'type', 'status', 'currency', 'total', 'paidAmount', 'contactId', 'clientName', 'issuedAt', 'dueAt'];
const CONTACT = ['id', 'name', 'email', 'phone', 'type', 'taxId', 'vatId', 'archived'];
const PRODUCT = ['id', 'name', 'sku', 'unit', 'price', 'vatRate', 'active'];
const PAYMENT = ['id', 'amount', 'currency', 'direction', 'receivedAt', 'variableSymbol', 'counterAccount', 'matchStatus', 'documentId', 'bankAccountId'];
const AUTOMATION = ['automationId', 'runId', 'name', 'triggerEvent', 'documentId'];
const AI = ['operation', 'model'];

export const EVENT_CATALOG: readonly CatalogEvent[] = Object.freeze([
  { event: 'document.created', description: 'A document is created via POST /documents, including from a recurring series or a costs inbox', dataFields: DOCUMENT },
  { event: 'document.updated', description: 'PATCH /documents/:id (items, amounts, customer, tags)', dataFields: DOCUMENT },
  { event: 'document.deleted', description: 'A draft is deleted; the payload is the last known state', dataFields: DOCUMENT },
  { event: 'document.sent', description: 'A document is e-mailed to the customer (including reminders, payment thanks, quotes)', dataFields: [...DOCUMENT, 'sentTo', 'subject', 'emailType'] },
  { event: 'document.viewed', description: 'The customer opens the document by public link; sent on every view', dataFields: [...DOCUMENT, 'viewedAt'] },
  { event: 'document.paid', description: 'The document reaches PAID by status change, payment matching, or creation as paid', dataFields: DOCUMENT },
  { event: 'document.overdue', description: 'The daily 08:00 check finds an unpaid overdue invoice; once per document', dataFields: [...DOCUMENT, 'daysOverdue', 'remainingAmount'] },
  { event: 'document.archived', description: 'The document moves to ARCHIVED', dataFields: [...DOCUMENT, 'previousStatus'] },
  { event: 'contact.created', description: 'POST /contacts', dataFields: CONTACT },
  { event: 'contact.updated', description: 'PATCH /contacts/:id, except archiving or unarchiving', dataFields: CONTACT },
  { event: 'contact.archived', description: 'PATCH /contacts/:id with archived true (contacts are archived, never deleted)', dataFields: CONTACT },
  { event: 'product.created', description: 'POST /products', dataFields: PRODUCT },
  { event: 'product.updated', description: 'PATCH /products/:id', dataFields: PRODUCT },
  { event: 'product.archived', description: 'DELETE /products/:id (soft delete, active false)', dataFields: PRODUCT },
  { event: 'payment.imported', description: 'A new payment is created from bank sync or manual statement import; once per new payment', dataFields: [...PAYMENT, 'source'] },
  { event: 'payment.matched', description: 'A payment is linked to a document manually, by confirmed suggestion, or by automatic matching on import', dataFields: [...PAYMENT, 'documentNumber', 'matchedBy'] },
  { event: 'payment.unmatched', description: 'The link between a payment and a document is removed', dataFields: [...PAYMENT, 'previousDocumentId'] },
  { event: 'automation.started', description: 'A system-event automation starts, including runs that end skipped', dataFields: AUTOMATION },
  { event: 'automation.finished', description: 'An automation run ends COMPLETED or SKIPPED', dataFields: [...AUTOMATION, 'status', 'actionsRun', 'actionsFailed'] },
  { event: 'automation.failed', description: 'An automation run crashes or any action fails', dataFields: [...AUTOMATION, 'status', 'errorMessage'] },
  { event: 'ai.completed', description: 'An AI operation (document OCR, chat, company data analysis) succeeds', dataFields: [...AI, 'inputSummary', 'outputSummary'] },
  { event: 'ai.failed', description: 'An AI operation fails', dataFields: [...AI, 'errorMessage'] },
  { event: 'webhook.test', description: 'POST /webhooks/:id/test only', dataFields: ['message', 'webhookId'] },
]);

export const CATALOG_EVENT_NAMES: ReadonlySet<string> = new Set(EVENT_CATALOG.map((e) => e.event));

export function isCatalogEvent(name: string): boolean {
  return CATALOG_EVENT_NAMES.has(name);
}
