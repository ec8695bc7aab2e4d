import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../db/sql';

/** outbound_email, the queue of every e-mail (core/mail's table; Migration0005Documents, Migration0022MailQueue). */

export type EmailState = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

/** A file as kept in the row: its bytes in base64. */
interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface NewEmailRow {
  id: string;
  organizationId: string | null;
  kind: string;
  context: Record<string, unknown>;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  state: 'PENDING' | 'SENDING';
  attempts: number;
  maxAttempts: number;
  nextAttemptAt: Date | null;
  claimedUntil: Date | null;
  createdAt: Date;
}

/** A row claimed for one attempt (state SENDING); `attempts` counts this one and identifies the claim. */
export interface ClaimedEmailRow {
  id: string;
  organizationId: string | null;
  kind: string;
  context: Record<string, unknown>;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  attempts: number;
  maxAttempts: number;
}

const INSERT_EMAIL = sql(
  `INSERT INTO outbound_email (id, organization_id, kind, context, sender, recipient, subject, body, attachments,
     state, attempts, max_attempts, next_attempt_at, claimed_until, created_at)
   VALUES (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?)`,
  'mail_insert',
);

export async function insertEmail(em: EntityManager, e: NewEmailRow): Promise<void> {
  const attachments: StoredAttachment[] = e.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content.toString('base64'),
  }));
  await query(em, INSERT_EMAIL, [
    e.id,
    e.organizationId,
    e.kind,
    JSON.stringify(e.context),
    e.sender,
    e.recipient,
    e.subject,
    e.body,
    JSON.stringify(attachments),
    e.state,
    e.attempts,
    e.maxAttempts,
    e.nextAttemptAt,
    e.claimedUntil,
    e.createdAt,
  ]);
}

/**
 * Claims up to `limit` e-mails due at `now`: waiting ones whose attempt is due, and ones whose claim ran
 * out (their sender died mid-attempt). SKIP LOCKED: two workers never claim one row; the claim
 * (SENDING until `until`, attempts + 1) commits with this statement, so nobody else sends it meanwhile.
 */
const CLAIM_DUE = sql(
  `WITH due AS (
     SELECT id FROM outbound_email
     WHERE (state = 'PENDING' AND next_attempt_at <= ?) OR (state = 'SENDING' AND claimed_until <= ?)
     ORDER BY created_at
     LIMIT ?
     FOR UPDATE SKIP LOCKED)
   UPDATE outbound_email e SET state = 'SENDING', attempts = e.attempts + 1, claimed_until = ?
   FROM due WHERE e.id = due.id
   RETURNING e.id, e.organization_id AS "organizationId", e.kind, e.context, e.sender, e.recipient, e.subject,
     e.body, e.attachments, e.attempts, e.max_attempts AS "maxAttempts"`,
  'mail_claim_due',
);

export async function claimDueEmails(
  em: EntityManager,
  now: Date,
  until: Date,
  limit: number,
): Promise<ClaimedEmailRow[]> {
  const rows = await query<Omit<ClaimedEmailRow, 'attachments'> & { attachments: StoredAttachment[] }>(em, CLAIM_DUE, [
    now,
    now,
    limit,
    until,
  ]);
  return rows.map((r) => ({
    ...r,
    attachments: r.attachments.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
  }));
}

const MARK_SENT = sql(
  `UPDATE outbound_email SET state = 'SENT', sent_at = ?, message_id = ?, claimed_until = NULL, last_error = NULL
   WHERE id = ? AND state = 'SENDING' AND attempts = ?
   RETURNING 1 AS done`,
  'mail_mark_sent',
);

/** Records the claimed attempt as delivered; false when the claim is no longer this one's (it ran out and was taken). */
export async function markEmailSent(
  em: EntityManager,
  claim: { id: string; attempts: number },
  sentAt: Date,
  messageId: string | null,
): Promise<boolean> {
  const rows = await query(em, MARK_SENT, [sentAt, messageId, claim.id, claim.attempts]);
  return rows.length > 0;
}

const MARK_FAILED = sql(
  `UPDATE outbound_email SET state = ?, next_attempt_at = ?, last_error = ?, claimed_until = NULL
   WHERE id = ? AND state = 'SENDING' AND attempts = ?
   RETURNING 1 AS done`,
  'mail_mark_failed',
);

/** Records a failed attempt: PENDING again from `nextAttemptAt`, or FAILED for good (nextAttemptAt null). */
export async function markEmailFailed(
  em: EntityManager,
  claim: { id: string; attempts: number },
  error: string,
  nextAttemptAt: Date | null,
): Promise<boolean> {
  const state: EmailState = nextAttemptAt ? 'PENDING' : 'FAILED';
  const rows = await query(em, MARK_FAILED, [state, nextAttemptAt, error, claim.id, claim.attempts]);
  return rows.length > 0;
}

const DELETE_OLD_EMAILS = sql(
  `WITH gone AS (
     DELETE FROM outbound_email WHERE id IN (
       SELECT id FROM outbound_email
       WHERE created_at < ? AND state IN ('SENT', 'FAILED')
       ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)
     RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
);

/** Retention: deletes up to `limit` finished e-mails (with their bodies and attachments) written before `before`. */
export async function deleteOldEmails(em: EntityManager, before: Date, limit: number): Promise<number> {
  const [row] = await query<{ n: number }>(em, DELETE_OLD_EMAILS, [before, limit]);
  return row.n;
}
