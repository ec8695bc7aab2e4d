import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

/** One e-mail about a document (document_emails): what kind, to whom, and when it was delivered. */
export interface DocumentEmailRow {
  id: string;
  organizationId: string;
  documentId: string;
  emailType: string;
  step: number | null;
  recipient: string;
  queuedAt: Date;
}

const INSERT_DOCUMENT_EMAIL = sql(
  `INSERT INTO document_emails (id, organization_id, document_id, email_type, step, recipient, queued_at)
   VALUES (?, ?, ?, ?, ?, ?, ?)`,
  'documents.email-insert',
);

/** Records an e-mail about a document when it is queued, in the transaction that queues it. */
export async function insertDocumentEmail(em: EntityManager, row: DocumentEmailRow): Promise<void> {
  const { id, organizationId, documentId, emailType, step, recipient, queuedAt } = row;
  await query(em, INSERT_DOCUMENT_EMAIL, [id, organizationId, documentId, emailType, step, recipient, queuedAt]);
}

const MARK_SENT = sql(
  `INSERT INTO document_emails (id, organization_id, document_id, email_type, step, recipient, queued_at, sent_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT (id) DO UPDATE SET sent_at = EXCLUDED.sent_at`,
  'documents.email-sent',
);

/** The e-mail was delivered (recorded now if it was queued without its row). */
export async function markDocumentEmailSent(em: EntityManager, row: DocumentEmailRow, sentAt: Date): Promise<void> {
  const { id, organizationId, documentId, emailType, step, recipient, queuedAt } = row;
  await query(em, MARK_SENT, [id, organizationId, documentId, emailType, step, recipient, queuedAt, sentAt]);
}

const THANKED = sql(
  `SELECT 1 FROM document_emails WHERE document_id = ? AND email_type = 'PAYMENT_THANKS'`,
  'documents.email-thanked',
);

/** Whether the document's payment was already thanked for (queued or sent). */
export async function thanked(em: EntityManager, documentId: string): Promise<boolean> {
  return (await query(em, THANKED, [documentId])).length > 0;
}

/** A reminder as the document's record lists it. */
export interface SentReminder {
  step: number | null;
  sentAt: string;
}

/** The reminders of the document `documentId` names (a parameter or a column) the mail server accepted, newest first. */
export function sentRemindersOf(documentId: string): string {
  return `SELECT step, sent_at, id FROM document_emails
    WHERE document_id = ${documentId} AND email_type = 'REMINDER' AND sent_at IS NOT NULL
    ORDER BY sent_at DESC, id LIMIT ?`;
}

const SENT_REMINDERS = sql(sentRemindersOf('?'), 'documents.email-reminders');

/** The reminders of a document the mail server accepted, newest first, at most `limit`. */
export async function sentReminders(em: EntityManager, documentId: string, limit: number): Promise<SentReminder[]> {
  const rows = await query<SentReminderRow>(em, SENT_REMINDERS, [documentId, limit]);
  return rows.map(sentReminderView);
}

/** A row of sentRemindersOf: sent_at a Date, or its JSON text when the rows come as JSON. */
export interface SentReminderRow {
  step: number | null;
  sent_at: Date | string;
}

export function sentReminderView(r: SentReminderRow): SentReminder {
  return { step: r.step, sentAt: new Date(r.sent_at).toISOString() };
}
