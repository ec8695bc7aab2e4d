import { expect } from 'chai';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventOutbox } from '../../src/modules/events/event-outbox';
import type { CostPayload, DocumentPayload, EventName, PaymentPayload } from '../../src/modules/events/event-payloads';
import { EVENT_CATALOG } from '../../src/modules/webhooks/event-catalog';
import { makeContactPayload } from '../helpers/outbox';

/**
 * The `@ts-expect-error` lines are the test: `npm run typecheck` fails if any of them compiles,
 * that is if record() stopped tying a payload to its event name. Never called at run time.
 */
function typeChecks(
  outbox: EventOutbox,
  em: EntityManager,
  doc: DocumentPayload,
  cost: CostPayload,
  payment: PaymentPayload,
): void {
  outbox.record(em, 'org', 'cost.paid', cost);
  outbox.record(em, 'org', 'payment.matched', { ...payment, documentNumber: 'FV1', matchedBy: null });
  outbox.record(em, 'org', 'payment.matched', {
    ...payment,
    documentId: null,
    documentNumber: null,
    matchedBy: null,
    costId: 'c',
    costNumber: 'N1',
  });
  // @ts-expect-error a document payload is not a cost's
  outbox.record(em, 'org', 'cost.created', doc);
  // @ts-expect-error a payment of a cost names the cost's number too
  outbox.record(em, 'org', 'payment.matched', {
    ...payment,
    documentId: null,
    documentNumber: null,
    matchedBy: null,
    costId: 'c',
  });
  outbox.record(em, 'org', 'payment.unmatched', {
    ...payment,
    documentId: null,
    previousDocumentId: 'd',
    // @ts-expect-error a payment of a document does not carry a cost
    costId: 'c',
    costNumber: 'N1',
  });
  outbox.record(em, 'org', 'contact.created', makeContactPayload());
  outbox.record(em, 'org', 'document.archived', { ...doc, previousStatus: 'PAID' });
  // @ts-expect-error a contact payload is not a document's
  outbox.record(em, 'org', 'document.created', makeContactPayload());
  // @ts-expect-error document.archived needs previousStatus
  outbox.record(em, 'org', 'document.archived', doc);
  // @ts-expect-error a field the catalog does not list
  outbox.record(em, 'org', 'document.paid', { ...doc, secret: 'x' });
  // @ts-expect-error no such event
  outbox.record(em, 'org', 'document.exploded', doc);
}

describe('typed events', () => {
  it('keeps the catalog to SPEC 6.2: every event but the system-side ones, in order', () => {
    void typeChecks;
    const system: EventName[] = ['document.status_changed'];
    expect(EVENT_CATALOG.map((e) => e.event)).to.not.include.members(system);
    expect(EVENT_CATALOG).to.have.length(23);
    expect(EVENT_CATALOG[0]).to.deep.equal({
      event: 'document.created',
      description: 'A document is created via POST /documents, including from a recurring series or a costs inbox',
      dataFields: [
        'id',
        'number',
        'type',
        'status',
        'currency',
        'total',
        'paidAmount',
        'contactId',
        'clientName',
        'issuedAt',
        'dueAt',
      ],
    });
  });
});
