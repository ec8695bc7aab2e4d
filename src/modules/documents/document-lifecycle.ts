import BigNumber from 'bignumber.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from './document.events';
import type { Document } from './document.entity';
import { documentEventData } from './document.events';
import { TransitionNotAllowed } from './documents.errors';
import {
  recordStatusChange,
  type HistoryActor,
  type HistoryOrigin,
  type RegisterCancellation,
} from './document-history';
import { PAYABLE_TYPES, type DocumentStatus } from './document.types';
import { money } from './document-totals';
import { dueOf } from './document.views';

/**
 * Every status change goes through here, so each one records document.status_changed (the
 * automation trigger) plus the catalog event the new status implies: document.paid on PAID,
 * document.archived (with previousStatus) on ARCHIVED.
 */
export class DocumentLifecycle {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
  ) {}

  /** `actor`: who made the change, for the document's history (nobody: a payment, an automation, the system). */
  changeStatus(em: EntityManager, doc: Document, to: DocumentStatus, actor: HistoryActor = {}): void {
    const from = doc.status;
    const now = this.clock.now();
    if (to === 'PAID') {
      doc.statusBeforePaid = from;
      doc.paidAt = now;
    } else if (from === 'PAID' && to !== 'ARCHIVED') {
      doc.statusBeforePaid = null;
      doc.paidAt = null;
    }
    if (to === 'CANCELLED') doc.cancelledAt = now;
    if (to === 'SENT') doc.sentAt ??= now;
    this.move(em, doc, to, now, { action: 'STATUS_CHANGED', ...actor });
  }

  /**
   * A register's same-day cancellation (POS checks the day and the status first): cancelledAt is
   * the moment the register gives, and a receipt keeps its payment (the sale is undone, not unpaid).
   * Its history entry is POS_CANCEL, naming the register and its reason.
   */
  cancelAtRegister(em: EntityManager, doc: Document, cancellation: RegisterCancellation): void {
    doc.cancelledAt = cancellation.cancelledAt;
    const { posDeviceId, reason } = cancellation;
    this.move(em, doc, 'CANCELLED', this.clock.now(), { action: 'POS_CANCEL', posDeviceId, reason });
  }

  /** A manual change to PAID fills the rest of the amount with an automatically computed payment. */
  markPaidManually(em: EntityManager, doc: Document, actor: HistoryActor = {}): void {
    const remaining = BigNumber.max(dueOf(doc).minus(doc.paidAmount), 0);
    doc.autoPaidAmount = money(new BigNumber(doc.autoPaidAmount).plus(remaining));
    doc.paidAmount = money(new BigNumber(doc.paidAmount).plus(remaining));
    this.changeStatus(em, doc, 'PAID', actor);
  }

  /** PAID back to ISSUED removes the automatically computed payment; a bank payment blocks it. */
  reopenPaid(em: EntityManager, doc: Document, to: DocumentStatus, actor: HistoryActor = {}): void {
    const bankPaid = new BigNumber(doc.paidAmount).minus(doc.autoPaidAmount);
    if (bankPaid.gt(0)) throw new TransitionNotAllowed(doc.status, to, 'the document is covered by a bank payment');
    doc.paidAmount = money(bankPaid);
    doc.autoPaidAmount = '0.00';
    this.changeStatus(em, doc, to, actor);
  }

  /**
   * Adds a bank payment (delta may be negative when one is unmatched; zero after a credit note
   * changed what is due). A real payment first replaces the automatically computed one; reaching
   * the amount due (total corrected by credit notes) pays an ISSUED/SENT document, falling below it
   * returns a PAID one to the status it had before.
   */
  applyPayment(em: EntityManager, doc: Document, delta: BigNumber): void {
    const total = dueOf(doc);
    let paid = new BigNumber(doc.paidAmount).plus(delta);
    let auto = new BigNumber(doc.autoPaidAmount);
    const excess = paid.minus(total);
    if (excess.gt(0) && auto.gt(0)) {
      const cut = BigNumber.min(excess, auto);
      auto = auto.minus(cut);
      paid = paid.minus(cut);
    }
    const settled = PAYABLE_TYPES.includes(doc.type) && total.gt(0) && paid.gte(total);
    const reverting = !settled && doc.status === 'PAID';
    if (reverting) {
      // Back to unpaid: the automatically computed payment of an earlier manual PAID goes too.
      paid = paid.minus(auto);
      auto = new BigNumber(0);
    } else if (paid.lt(auto)) {
      auto = BigNumber.max(paid, 0);
    }
    doc.paidAmount = money(paid);
    doc.autoPaidAmount = money(auto);
    doc.updatedAt = this.clock.now();
    if (reverting) this.changeStatus(em, doc, doc.statusBeforePaid ?? 'ISSUED');
    else if (settled && (doc.status === 'ISSUED' || doc.status === 'SENT')) this.changeStatus(em, doc, 'PAID');
  }

  /**
   * After a credit note changed what the document asks for (total + creditedAmount): paid enough,
   * an ISSUED/SENT one becomes PAID; asking for more than was paid, a PAID one returns to its
   * earlier status without the automatically computed payment. A fully credited document keeps
   * its status (nothing is due, nothing was paid for it).
   */
  followCredit(em: EntityManager, doc: Document): void {
    const due = dueOf(doc);
    const paid = new BigNumber(doc.paidAmount);
    if ((doc.status === 'ISSUED' || doc.status === 'SENT') && due.gt(0) && paid.gte(due))
      this.changeStatus(em, doc, 'PAID');
    else if (doc.status === 'PAID' && paid.lt(due)) {
      doc.paidAmount = money(paid.minus(doc.autoPaidAmount));
      doc.autoPaidAmount = '0.00';
      this.changeStatus(em, doc, doc.statusBeforePaid ?? 'ISSUED');
    }
  }

  /** The change itself: its history entry, the status, and the events it implies. */
  private move(em: EntityManager, doc: Document, to: DocumentStatus, now: Date, origin: HistoryOrigin): void {
    const from = doc.status;
    recordStatusChange(em, doc, from, to, now, origin);
    doc.status = to;
    doc.updatedAt = now;
    const org = doc.organization.id;
    this.events.record(em, org, 'document.status_changed', { ...documentEventData(doc), previousStatus: from });
    if (to === 'PAID') this.events.record(em, org, 'document.paid', documentEventData(doc));
    if (to === 'ARCHIVED')
      this.events.record(em, org, 'document.archived', { ...documentEventData(doc), previousStatus: from });
  }
}
