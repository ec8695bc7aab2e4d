import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentStatus } from './document.types';

/**
 * One entry of a document's history (table document_history): a status change, or a POS
 * cancellation with its reason. Written in the transaction of the change; never edited.
 */
@Entity({ tableName: 'document_history' })
export class DocumentHistoryEntry {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'uuid' })
  documentId!: string;

  /** STATUS_CHANGED, or POS_CANCEL for a register's same-day cancellation. */
  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text', nullable: true })
  fromStatus: string | null = null;

  @Property({ type: 'text', nullable: true })
  toStatus: string | null = null;

  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  /** The person who made the change; null for a payment, a register, an automation or the system. */
  @Property({ type: 'uuid', nullable: true })
  userId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  posDeviceId: string | null = null;

  /** When it happened (column `at`; named createdAt so lists page like every other). */
  @Property({ type: 'timestamptz', fieldName: 'at' })
  createdAt!: Date;
}

/** Who made a change, as the history shows it. */
export interface HistoryActor {
  userId?: string | null;
  reason?: string | null;
}

/** A register's same-day cancellation (SPEC 4.5): the register, its reason and the moment it gives. */
export interface RegisterCancellation {
  posDeviceId: string;
  reason: string | null;
  cancelledAt: Date;
}

/** What an entry says beside the change: STATUS_CHANGED (a person or nobody) or POS_CANCEL (a register). */
type EntryOrigin = { action: 'STATUS_CHANGED' } & HistoryActor;
type RegisterOrigin = { action: 'POS_CANCEL'; posDeviceId: string; reason: string | null };
export type HistoryOrigin = EntryOrigin | RegisterOrigin;

export interface DocumentHistoryView {
  id: string;
  action: string;
  fromStatus: DocumentStatus | null;
  toStatus: DocumentStatus | null;
  reason: string | null;
  userId: string | null;
  posDeviceId: string | null;
  at: string;
}

export function recordStatusChange(
  em: EntityManager,
  doc: { id: string; organization: { id: string } },
  from: DocumentStatus,
  to: DocumentStatus,
  at: Date,
  origin: HistoryOrigin,
): void {
  em.persist(
    em.create(DocumentHistoryEntry, {
      organizationId: doc.organization.id,
      documentId: doc.id,
      action: origin.action,
      fromStatus: from,
      toStatus: to,
      reason: origin.reason ?? null,
      userId: origin.action === 'STATUS_CHANGED' ? (origin.userId ?? null) : null,
      posDeviceId: origin.action === 'POS_CANCEL' ? origin.posDeviceId : null,
      createdAt: at,
    }),
  );
}

export function historyView(e: DocumentHistoryEntry): DocumentHistoryView {
  return {
    id: e.id,
    action: e.action,
    fromStatus: e.fromStatus as DocumentStatus | null,
    toStatus: e.toStatus as DocumentStatus | null,
    reason: e.reason,
    userId: e.userId,
    posDeviceId: e.posDeviceId,
    at: e.createdAt.toISOString(),
  };
}
