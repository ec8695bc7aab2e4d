import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../db/sql';

/** outbound_email, the queue of every e-mail (core/mail's table; Migration0005Documents, Migration0022MailQueue). */

/** A file as kept in the row: its bytes in base64. */
interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
  cid?: string;
}

/** What an e-mail is: who writes to whom about what, and what its kind's hook needs (context). */
interface EmailContent {
  id: string;
  organizationId: string | null;
  kind: string;
  context: Record<string, unknown>;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attachments: { filename: string; contentType: string; content: Buffer; cid?: string }[];
  attempts: number;
  maxAttempts: number;
}

export interface NewEmailRow extends EmailContent {
  state: 'PENDING' | 'SENDING';
  nextAttemptAt: Date | null;
  claimedUntil: Date | null;
  createdAt: Date;
}

/** A row claimed for one attempt (state SENDING); `attempts` counts this one and identifies the claim. */
export type ClaimedEmailRow = EmailContent;

const INSERT_EMAIL = sql(
  `INSERT INTO outbound_email (id, organization_id, kind, context, sender, recipient, subject, body, html,
     attachments, state, attempts, max_attempts, next_attempt_at, claimed_until, created_at)
   VALUES (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?)`,
  'mail_insert',
);

export async function insertEmail(em: EntityManager, e: NewEmailRow): Promise<void> {
  const attachments: StoredAttachment[] = e.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content.toString('base64'),
    ...(a.cid ? { cid: a.cid } : {}),
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
    e.html,
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
     e.body, e.html, e.attachments, e.attempts, e.max_attempts AS "maxAttempts"`,
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

/** How a claimed attempt ended: delivered, or failed with the next attempt (PENDING) or none (FAILED). */
export type AttemptOutcome =
  | { state: 'SENT'; sentAt: Date; messageId: string | null }
  | { state: 'PENDING'; error: string; nextAttemptAt: Date }
  | { state: 'FAILED'; error: string };

const RECORD_ATTEMPT = sql(
  `UPDATE outbound_email
   SET state = ?, sent_at = ?, message_id = ?, last_error = ?, next_attempt_at = ?, claimed_until = NULL
   WHERE id = ? AND state = 'SENDING' AND attempts = ?
   RETURNING 1 AS done`,
  'mail_record_attempt',
);

/** Records a claimed attempt's outcome; false when the claim is no longer this one's (it ran out and was taken). */
export async function recordAttempt(
  em: EntityManager,
  claim: { id: string; attempts: number },
  outcome: AttemptOutcome,
): Promise<boolean> {
  const columns =
    outcome.state === 'SENT'
      ? [outcome.sentAt, outcome.messageId, null, null]
      : [null, null, outcome.error, outcome.state === 'PENDING' ? outcome.nextAttemptAt : null];
  const rows = await query(em, RECORD_ATTEMPT, [outcome.state, ...columns, claim.id, claim.attempts]);
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
