import { expect } from 'chai';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventOutbox } from '../../src/core/outbox/event-outbox';
import { defineModule } from '../../src/core/module';
import { DeclaredEvents } from '../../src/core/outbox/declared-events';
import { event } from '../../src/core/outbox/event-declarations';
import { catalogOrder, modules, type EventName, type EventPayloads } from '../../src/modules';
import type { ContactEvents } from '../../src/modules/contacts/contact.events';
import { contactsModule } from '../../src/modules/contacts/contacts.module';
import type { CostPayload } from '../../src/modules/costs/cost.events';
import type { DocumentPayload } from '../../src/modules/documents/document.events';
import type { PaymentPayload } from '../../src/modules/payments/payment.events';
import { makeContactPayload } from '../helpers/outbox';

/**
 * The `@ts-expect-error` lines are the test: `npm run typecheck` fails if any of them compiles,
 * that is if record() stopped tying a payload to its event name. Never called at run time.
 */
function typeChecks(
  outbox: EventOutbox<EventPayloads>,
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

/** A module's services record only their module's events (and its dependencies'): contacts depend on no events. */
function moduleTypeChecks(contacts: EventOutbox<ContactEvents>, em: EntityManager, doc: DocumentPayload): void {
  contacts.record(em, 'org', 'contact.archived', makeContactPayload({ archived: true }));
  // @ts-expect-error contacts do not record document events
  contacts.record(em, 'org', 'document.created', doc);
}

/** A module's build sees the outbox typed with its own events and its dependencies' (built, never run). */
function buildContextTypeChecks(doc: DocumentPayload) {
  return defineModule({
    name: 'typed',
    dependsOn: [contactsModule],
    events: { 'typed.happened': event<{ id: string }>().unlisted() },
    build: ({ infra }) => {
      const record = (em: EntityManager) => {
        infra.events.record(em, 'org', 'typed.happened', { id: 'x' });
        infra.events.record(em, 'org', 'contact.created', makeContactPayload());
        // @ts-expect-error its own event's payload is checked too
        infra.events.record(em, 'org', 'typed.happened', { id: 1 });
        // @ts-expect-error documents is not a dependency: its events are not this module's to record
        infra.events.record(em, 'org', 'document.created', doc);
      };
      void record;
      return {};
    },
  });
}

describe('typed events', () => {
  const declared = new DeclaredEvents(modules, catalogOrder);

  it("keeps the catalog to SPEC 6.2 (then issue 26's recurring_series.*, issue 27's export.*): every event but the system-side ones and the costs, in order", () => {
    void typeChecks;
    void moduleTypeChecks;
    void buildContextTypeChecks;
    const system: EventName[] = ['document.status_changed', 'automation.notification'];
    const costs: EventName[] = ['cost.created', 'cost.paid'];
    expect(declared.catalog.map((e) => e.event)).to.not.include.members([...system, ...costs]);
    const events = declared.catalog.map((e) => e.event);
    expect(events).to.have.length(33);
    expect(
      events.slice(23, 31).every((e) => e.startsWith('recurring_series.')),
      events.join(' '),
    ).to.equal(true);
    expect(events.slice(31)).to.deep.equal(['export.completed', 'export.failed']);
    expect(declared.catalog[0]).to.deep.equal({
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

  it('delivers every declared event to webhooks but the system-side ones', () => {
    expect(declared.isDelivered('document.status_changed')).to.equal(false);
    expect(declared.isDelivered('automation.notification')).to.equal(false);
    for (const name of ['document.paid', 'cost.created', 'payment.matched', 'webhook.test'])
      expect(declared.isDelivered(name), name).to.equal(true);
    expect(declared.isListed('cost.created')).to.equal(false);
    expect(declared.isListed('ai.failed')).to.equal(true);
  });

  it('refuses two modules declaring one event, naming them', () => {
    const again = defineModule({
      name: 'again',
      events: { 'contact.created': event<{ id: string }>().unlisted() },
      build: () => ({}),
    });
    expect(() => new DeclaredEvents([...modules, again])).to.throw(
      'Event contact.created is declared by both module "contacts" and "again"',
    );
  });
});
