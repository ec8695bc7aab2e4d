/**
 * The payload (`data`) of every outbox event (SPEC 6.3), keyed by event name. This map is the one
 * source: `EventOutbox.record()` accepts only the payload of the name it is given, and the webhook
 * catalog (webhooks/event-catalog.ts) must list exactly these fields, or the typecheck fails.
 * Payloads are type aliases (not interfaces) so they stay assignable to Record<string, unknown>.
 * Payloads are JSON as delivered: enums are strings, money is a number, instants ISO 8601 strings.
 */

export type DocumentPayload = {
  id: string;
  number: string;
  type: string;
  status: string;
  currency: string;
  total: number;
  paidAmount: number;
  contactId: string | null;
  clientName: string | null;
  issuedAt: string;
  dueAt: string;
};
export type DocumentSentPayload = DocumentPayload & {
  sentTo: string;
  subject: string;
  emailType: string;
};
export type DocumentViewedPayload = DocumentPayload & {
  viewedAt: string;
};
export type DocumentOverduePayload = DocumentPayload & {
  daysOverdue: number;
  remainingAmount: number;
};
/** document.archived, and document.status_changed (a trigger for automation rules, not in the catalog). */
export type DocumentStatusPayload = DocumentPayload & {
  previousStatus: string;
};

export type ContactPayload = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  type: string;
  taxId: string | null;
  vatId: string | null;
  archived: boolean;
};

export type ProductPayload = {
  id: string;
  name: string;
  sku: string | null;
  unit: string;
  price: number;
  vatRate: number;
  active: boolean;
};

export type PaymentPayload = {
  id: string;
  amount: number;
  currency: string;
  direction: string;
  receivedAt: string;
  variableSymbol: string | null;
  counterAccount: string | null;
  matchStatus: string;
  documentId: string | null;
  bankAccountId: string;
};
export type PaymentImportedPayload = PaymentPayload & {
  source: string;
};
export type PaymentDocumentMatchedPayload = PaymentPayload & {
  documentNumber: string;
  /** The user who matched by hand; null for an automatic match (DESIGN 5). */
  matchedBy: string | null;
};
/** A payment linked to a received cost: the SPEC 6.3 fields with documentId and documentNumber null, plus the cost. */
export type PaymentCostMatchedPayload = PaymentPayload & {
  documentId: null;
  documentNumber: null;
  matchedBy: string | null;
  costId: string;
  costNumber: string;
};
export type PaymentMatchedPayload = PaymentDocumentMatchedPayload | PaymentCostMatchedPayload;
export type PaymentDocumentUnmatchedPayload = PaymentPayload & {
  documentId: null;
  previousDocumentId: string;
};
/** The link to a received cost removed: previousDocumentId null; costId and costNumber name the cost it was linked to. */
export type PaymentCostUnmatchedPayload = PaymentPayload & {
  documentId: null;
  previousDocumentId: null;
  costId: string;
  costNumber: string;
};
export type PaymentUnmatchedPayload = PaymentDocumentUnmatchedPayload | PaymentCostUnmatchedPayload;

/** A received cost (issue 16) as its cost.* events carry it. */
export type CostPayload = {
  id: string;
  number: string;
  kind: string;
  status: string;
  supplierId: string;
  supplierName: string;
  supplierDocumentNumber: string | null;
  variableSymbol: string | null;
  currency: string;
  subtotal: number;
  vatTotal: number;
  total: number;
  paidAmount: number;
  reverseCharge: boolean;
  issuedAt: string;
  taxableSupplyDate: string;
  vatClaimDate: string;
  dueAt: string;
};

export type AutomationPayload = {
  automationId: string;
  runId: string;
  name: string;
  triggerEvent: string | null;
  documentId: string | null;
};
export type AutomationFinishedPayload = AutomationPayload & {
  status: 'COMPLETED' | 'SKIPPED';
  actionsRun: number;
  actionsFailed: number;
};
export type AutomationFailedPayload = AutomationPayload & {
  status: 'FAILED';
  errorMessage: string;
};

/** INTERNAL_NOTIFICATION's event (system-side, SPEC 6.2): the notification it created. */
export type AutomationNotificationPayload = {
  notificationId: string;
  automationId: string;
  runId: string;
  documentId: string | null;
  title: string;
  message: string;
};

// No producer yet: the AI module will record these.
export type AiPayload = {
  operation: string;
  model: string;
};
export type AiCompletedPayload = AiPayload & {
  inputSummary: string;
  outputSummary: string;
};
export type AiFailedPayload = AiPayload & {
  errorMessage: string;
};

export type WebhookTestPayload = {
  message: string;
  webhookId: string;
};

export interface EventPayloads {
  'document.created': DocumentPayload;
  'document.updated': DocumentPayload;
  'document.deleted': DocumentPayload;
  'document.sent': DocumentSentPayload;
  'document.viewed': DocumentViewedPayload;
  'document.paid': DocumentPayload;
  'document.overdue': DocumentOverduePayload;
  'document.archived': DocumentStatusPayload;
  'document.status_changed': DocumentStatusPayload;
  'contact.created': ContactPayload;
  'contact.updated': ContactPayload;
  'contact.archived': ContactPayload;
  'product.created': ProductPayload;
  'product.updated': ProductPayload;
  'product.archived': ProductPayload;
  'payment.imported': PaymentImportedPayload;
  'payment.matched': PaymentMatchedPayload;
  'payment.unmatched': PaymentUnmatchedPayload;
  'cost.created': CostPayload;
  'cost.updated': CostPayload;
  'cost.paid': CostPayload;
  /** A PAID cost back to OPEN: a payment was unmatched. */
  'cost.reopened': CostPayload;
  'cost.cancelled': CostPayload;
  'cost.deleted': CostPayload;
  'automation.started': AutomationPayload;
  'automation.finished': AutomationFinishedPayload;
  'automation.failed': AutomationFailedPayload;
  'automation.notification': AutomationNotificationPayload;
  'ai.completed': AiCompletedPayload;
  'ai.failed': AiFailedPayload;
  'webhook.test': WebhookTestPayload;
}

export type EventName = keyof EventPayloads;

/** System-side events (SPEC 6.2, last paragraph): automation triggers, never offered to webhooks. */
export type SystemEventName = 'document.status_changed' | 'automation.notification';

/**
 * Events of received costs (issue 16). SPEC 6.2's catalog (GET /webhooks/events) does not list them;
 * an endpoint that names one in its events still receives it (SPEC 2.8: any string is accepted).
 */
export type CostEventName = Extract<EventName, `cost.${string}`>;

/** The events of SPEC 6.2, which GET /webhooks/events lists. */
export type CatalogEventName = Exclude<EventName, SystemEventName | CostEventName>;

/** One event as it leaves the outbox; `event` narrows `data`. */
export interface OutboxEventOf<E extends EventName> {
  seq: string;
  event: E;
  organizationId: string;
  data: EventPayloads[E];
  createdAt: string;
}

export type RecordedEvent = { [E in EventName]: OutboxEventOf<E> }[EventName];
