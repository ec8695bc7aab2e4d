import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Orm } from '../db/orm';
import type { Metrics } from '../observability/metrics';
import { afterFailure, type RetryPolicy } from '../outbox/retry-policy';
import type { MailMessage, Mailer } from './mailer';
import { claimDueEmails, insertEmail, recordAttempt, type AttemptOutcome, type ClaimedEmailRow } from './mail.queries';

/**
 * How long a claimed attempt may take before another worker may claim the e-mail again: far beyond
 * the SMTP timeouts, so only a sender that died (or lost its database) leaves one to be sent again.
 */
export const CLAIM_SECONDS = 600;

/** An e-mail to record: `kind` picks the hooks run when it is sent or fails (EmailKind), `context` is what they need. */
export interface NewEmail extends MailMessage {
  organizationId: string | null;
  kind: string;
  context?: Record<string, unknown>;
}

/** An e-mail claimed for one attempt. */
export type ClaimedEmail = ClaimedEmailRow;

/** What a kind's hook sees of a delivered e-mail. */
export interface SentEmail extends ClaimedEmail {
  sentAt: Date;
}

/**
 * What a module does when one of its e-mails is delivered, in the transaction that records it SENT
 * (send-email: the document becomes SENT and document.sent is recorded), and, optionally, when one
 * fails for good (no further attempt), in the transaction that records it FAILED, with the error kept
 * in last_error (a refusal names the server's reply: `… 550 Mailbox unavailable`). A hook that throws
 * is logged and the e-mail is recorded SENT (it must not be sent again) or FAILED without it.
 */
export interface EmailKind {
  kind: string;
  sent(em: EntityManager, email: SentEmail): Promise<void>;
  failed?(em: EntityManager, email: ClaimedEmail, error: string): Promise<void>;
}

/** What nodemailer adds to an error when the server answered (its reply and code). */
type SmtpError = Error & { responseCode?: number; response?: unknown };

export type DeliveryOutcome =
  | { sent: true; messageId: string | null }
  | {
      sent: false;
      error: string;
      /** The mail server's reply when it answered with a refusal (`550 …`); null for a connection that failed. */
      serverReply: string | null;
      /** No further attempt: the e-mail is FAILED. */
      final: boolean;
    };

export interface MailQueueOptions extends Omit<RetryPolicy, 'maxAttempts'> {
  /** Attempts of e-mails the worker sends (enqueue); enqueueForDelivery's make one. */
  maxAttempts: number;
  from: string;
}

/**
 * Every e-mail goes through outbound_email (issue 24): recorded in the transaction of the change that
 * causes it, then sent outside any transaction, once per record. A worker (MailSender) claims due rows
 * with FOR UPDATE SKIP LOCKED; a request that must answer with the outcome (send-email) records its
 * e-mail already claimed and delivers it itself with the same code (deliver). An attempt's outcome is
 * written on the row: SENT with the server's Message-ID, or the error with the next attempt (backoff)
 * or FAILED after the last one.
 *
 * Once per record: the claim makes one process send it, and the outcome is recorded right after
 * the server accepted it. A process that dies between the two (or cannot reach its database then)
 * leaves the row SENDING; when the claim runs out (CLAIM_SECONDS) it is sent again: the documented
 * window in which an e-mail may go twice.
 */
export class MailQueue {
  private readonly kinds = new Map<string, EmailKind>();

  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly transport: Mailer,
    private readonly log: Logger,
    private readonly metrics: Metrics,
    private readonly options: MailQueueOptions,
  ) {}

  /** Registers what happens when an e-mail of `kind` is delivered or fails for good (see EmailKind). */
  register(spec: EmailKind): void {
    if (this.kinds.has(spec.kind)) throw new Error(`e-mail kind ${spec.kind} is registered twice`);
    this.kinds.set(spec.kind, spec);
  }

  /** Records an e-mail in `em`'s transaction, for a worker to send once it has committed; its id. */
  async enqueue(em: EntityManager, email: NewEmail): Promise<string> {
    const id = randomUUID();
    const now = this.clock.now();
    await insertEmail(em, {
      ...this.row(id, email, now),
      state: 'PENDING',
      attempts: 0,
      maxAttempts: this.options.maxAttempts,
      nextAttemptAt: now,
      claimedUntil: null,
    });
    return id;
  }

  /**
   * Records an e-mail already claimed by the caller, who delivers it (deliver) once `em`'s
   * transaction has committed and answers with the outcome. One attempt: a failure is FAILED at once,
   * since the caller was told. Left undelivered (the process died), a worker sends it when the claim runs out.
   */
  async enqueueForDelivery(em: EntityManager, email: NewEmail): Promise<ClaimedEmail> {
    const id = randomUUID();
    const now = this.clock.now();
    const row = {
      ...this.row(id, email, now),
      state: 'SENDING' as const,
      attempts: 1,
      maxAttempts: 1,
      nextAttemptAt: null,
      claimedUntil: this.claimUntil(now),
    };
    await insertEmail(em, row);
    return row;
  }

  /** Claims up to `limit` due e-mails for this process to deliver. */
  claimDue(limit: number): Promise<ClaimedEmail[]> {
    const now = this.clock.now();
    return claimDueEmails(this.orm.em.fork(), now, this.claimUntil(now), limit);
  }

  /** One attempt of a claimed e-mail, outside any transaction; its outcome is recorded on the row. */
  async deliver(email: ClaimedEmail): Promise<DeliveryOutcome> {
    let messageId: string | null;
    try {
      ({ messageId } = await this.transport.send({
        id: email.id,
        from: email.sender,
        to: email.recipient,
        subject: email.subject,
        text: email.body,
        html: email.html ?? undefined,
        attachments: email.attachments,
      }));
    } catch (err) {
      return this.recordFailure(email, err as SmtpError);
    }
    this.metrics.mailAttempts.inc({ kind: email.kind, outcome: 'sent' });
    await this.recordSent(email, messageId);
    return { sent: true, messageId };
  }

  private async recordSent(email: ClaimedEmail, messageId: string | null): Promise<void> {
    const outcome: AttemptOutcome = { state: 'SENT', sentAt: this.clock.now(), messageId };
    const kind = this.kinds.get(email.kind);
    await this.record(
      email,
      outcome,
      (em) => kind?.sent(em, { ...email, sentAt: outcome.sentAt }),
      'e-mail sent but not recorded: it is sent again when its claim runs out',
    );
  }

  /**
   * Records an attempt's outcome, when the claim is still this one's, with its kind's hook (`effects`)
   * in the same transaction. A hook that throws (or a transaction that fails) is logged and the outcome
   * is recorded without it.
   */
  private async record(
    email: ClaimedEmail,
    outcome: AttemptOutcome,
    effects: (em: EntityManager) => Promise<void> | undefined,
    unrecorded: string,
  ): Promise<void> {
    try {
      await this.orm.em.fork().transactional(async (em) => {
        if (await recordAttempt(em, email, outcome)) await effects(em);
      });
      return;
    } catch (err) {
      this.log.error(
        { err, emailId: email.id, kind: email.kind, state: outcome.state },
        'recording the e-mail with its effects failed; recording it without them',
      );
    }
    await recordAttempt(this.orm.em.fork(), email, outcome).catch((err: Error) =>
      this.log.error({ err, emailId: email.id }, unrecorded),
    );
  }

  private async recordFailure(email: ClaimedEmail, err: SmtpError): Promise<DeliveryOutcome> {
    const error = (err.message || String(err)).slice(0, 1000);
    const serverReply = err.responseCode && typeof err.response === 'string' ? err.response.slice(0, 300) : null;
    const final = email.attempts >= email.maxAttempts;
    const { nextAttemptAt } = afterFailure(
      { ...this.options, maxAttempts: email.maxAttempts },
      email.attempts,
      this.clock.now(),
    );
    this.metrics.mailAttempts.inc({ kind: email.kind, outcome: final ? 'failed' : 'retry' });
    this.log.warn(
      { emailId: email.id, kind: email.kind, attempt: email.attempts, final, error },
      final ? 'e-mail failed; no further attempt' : 'e-mail attempt failed; will retry',
    );
    const outcome: AttemptOutcome = final ? { state: 'FAILED', error } : { state: 'PENDING', error, nextAttemptAt };
    const kind = this.kinds.get(email.kind);
    await this.record(
      email,
      outcome,
      (em) => (final ? kind?.failed?.(em, email, error) : undefined),
      'failed e-mail attempt could not be recorded',
    );
    return { sent: false, error, serverReply, final };
  }

  private row(id: string, email: NewEmail, now: Date) {
    return {
      id,
      organizationId: email.organizationId,
      kind: email.kind,
      context: email.context ?? {},
      sender: this.options.from,
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      html: email.html ?? null,
      attachments: email.attachments ?? [],
      createdAt: now,
    };
  }

  private claimUntil(now: Date): Date {
    return new Date(now.getTime() + CLAIM_SECONDS * 1000);
  }
}
