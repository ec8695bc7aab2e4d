import type { EntityManager } from '@mikro-orm/postgresql';
import BigNumber from 'bignumber.js';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { DocumentLanguage } from '../../core/languages';
import type { MailQueue, SentEmail } from '../../core/mail';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import {
  daysOverdue,
  Document,
  documentEventData,
  remainingOf,
  type DocumentEvents,
  type DocumentsService,
} from '../documents/documents.module';
import {
  claimReminder,
  latestSentDays,
  organizationsWithSteps,
  stepsOf,
  switchedOff,
  type ReminderStepRow,
} from './reminders.queries';
import { reminderText } from './reminder-texts';

export const REMINDERS_JOB = 'reminders.daily';
/** The kind of reminder e-mails (core/mail): their hook records document.sent with emailType REMINDER. */
export const REMINDER_EMAIL = 'reminder';

type ReminderEmailContext = { documentId: string; stepId: string; days: number };

/**
 * The daily 08:00 (Europe/Prague) reminders: for each company with active steps, each ISSUED or SENT
 * invoice with something left to pay, reminders not switched off and an e-mail on its contact gets the
 * latest step that is due (its days ≤ today − due date) unless that step, or a later one, was already
 * sent. Catch-up after days without a run therefore sends only the latest due step. The row of
 * reminders_sent (UNIQUE (document_id, step_id)) is inserted in the transaction that queues the
 * e-mail: two workers or two runs send a step to a document once.
 */
export class ReminderRun {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly mail: Pick<MailQueue, 'enqueue'>,
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly documents: Pick<DocumentsService, 'languageOf'>,
    private readonly log: Logger,
  ) {}

  async run(): Promise<number> {
    let sent = 0;
    for (const organizationId of await organizationsWithSteps(this.orm.em.fork())) {
      sent += await this.orm.em.fork().transactional((em) => this.runCompany(em, organizationId));
    }
    this.log.info({ sent }, 'reminders sent');
    return sent;
  }

  private async runCompany(em: EntityManager, organizationId: string): Promise<number> {
    const steps = (await stepsOf(em, organizationId)).filter((s) => s.active);
    const now = this.clock.now();
    const docs = await em.find(
      Document,
      { organization: organizationId, type: 'INVOICE', status: { $in: ['ISSUED', 'SENT'] } },
      { populate: ['contact'], orderBy: { dueAt: 'asc', id: 'asc' } },
    );
    const open = docs.filter((d) => new BigNumber(remainingOf(d)).gt(0));
    const ids = open.map((d) => d.id);
    const [latestSent, off] = await Promise.all([latestSentDays(em, ids), switchedOff(em, ids)]);
    let sent = 0;
    for (const doc of open) {
      const to = doc.contact?.email;
      if (!to || off.has(doc.id)) continue;
      const step = latestDueStep(steps, daysOverdue(doc.dueAt, now));
      if (!step) continue;
      const already = latestSent.get(doc.id);
      if (already !== undefined && already >= step.days) continue;
      if (await this.send(em, doc, step, to, now)) sent++;
    }
    return sent;
  }

  private async send(em: EntityManager, doc: Document, step: ReminderStepRow, to: string, now: Date): Promise<boolean> {
    const claimed = await claimReminder(em, {
      organizationId: doc.organization.id,
      documentId: doc.id,
      stepId: step.id,
      days: step.days,
      at: now,
    });
    // Another run sent this step meanwhile (its row committed first): its e-mail is the one.
    if (!claimed) return false;
    const language: DocumentLanguage = await this.documents.languageOf(em, doc);
    const context: ReminderEmailContext = { documentId: doc.id, stepId: step.id, days: step.days };
    await this.mail.enqueue(em, {
      organizationId: doc.organization.id,
      kind: REMINDER_EMAIL,
      context,
      to,
      ...reminderText(doc, language, step.days),
    });
    return true;
  }

  /** A reminder was delivered: document.sent with emailType REMINDER. */
  async sent(em: EntityManager, email: SentEmail): Promise<void> {
    const { documentId } = email.context as ReminderEmailContext;
    if (!email.organizationId) return;
    const doc = await em.findOne(Document, { id: documentId, organization: email.organizationId });
    if (!doc) return;
    this.events.record(em, doc.organization.id, 'document.sent', {
      ...documentEventData(doc),
      sentTo: email.recipient,
      subject: email.subject,
      emailType: 'REMINDER',
    });
  }
}

/** The step with the most days among the active ones due `daysPastDue` days after the due date. */
export function latestDueStep(steps: readonly ReminderStepRow[], daysPastDue: number): ReminderStepRow | undefined {
  return steps
    .filter((s) => s.days <= daysPastDue)
    .reduce<ReminderStepRow | undefined>((latest, s) => (latest && latest.days >= s.days ? latest : s), undefined);
}
