import type { EntityManager } from '@mikro-orm/postgresql';
import BigNumber from 'bignumber.js';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import { daysOverdue, Document, remainingOf, type DocumentEmails } from '../documents/documents.module';
import {
  claimReminder,
  latestSentDays,
  organizationsWithSteps,
  stepsOf,
  switchedOff,
  type ReminderStepRow,
} from './reminders.queries';

export const REMINDERS_JOB = 'reminders.daily';

/**
 * The daily 08:00 (Europe/Prague) reminders: for each company with active steps, each ISSUED or SENT
 * invoice with something left to pay, reminders not switched off and an e-mail on its contact gets the
 * latest step that is due (its days ≤ today − due date) unless that step, or a later one, was already
 * sent. Catch-up after days without a run therefore sends only the latest due step. The row of
 * reminders_sent (UNIQUE (document_id, step_id)) is inserted in the transaction that queues the
 * e-mail: two workers or two runs send a step to a document once. The e-mail is the documents
 * module's (DocumentEmails: the company's REMINDER template of the step, PDF and payment QR); its
 * delivery records document.sent with emailType REMINDER and lists it on the document's record.
 */
export class ReminderRun {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly emails: Pick<DocumentEmails, 'enqueue'>,
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
    await this.emails.enqueue(em, doc, { kind: 'REMINDER', step: step.days, to, context: { stepId: step.id } });
    return true;
  }
}

/** The step with the most days among the active ones due `daysPastDue` days after the due date. */
export function latestDueStep(steps: readonly ReminderStepRow[], daysPastDue: number): ReminderStepRow | undefined {
  return steps
    .filter((s) => s.days <= daysPastDue)
    .reduce<ReminderStepRow | undefined>((latest, s) => (latest && latest.days >= s.days ? latest : s), undefined);
}
