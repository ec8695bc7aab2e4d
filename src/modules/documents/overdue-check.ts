import { LockMode } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { CZ_TZ, czechDate, dayjs, type Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from './document.events';
import { Document } from './document.entity';
import { documentEventData } from './document.events';
import { dueOf } from './document.views';

export const OVERDUE_JOB = 'documents.overdue-check';
const BATCH = 200;

/** Whole Czech calendar days from the due date to today. */
export function daysOverdue(dueAt: Date, now: Date): number {
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((day(czechDate(now)) - day(czechDate(dueAt))) / 86_400_000);
}

/**
 * The daily 08:00 (Europe/Prague) check: every unpaid INVOICE (ISSUED or SENT, something left to
 * pay) whose due date is before today's Czech date gets document.overdue once; overdueNotifiedAt
 * remembers it. Rows are claimed with SKIP LOCKED so two workers never report one twice.
 */
export class OverdueCheck {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly log: Logger,
  ) {}

  async run(): Promise<number> {
    const now = this.clock.now();
    const startOfToday = dayjs.tz(czechDate(now), CZ_TZ).toDate();
    let reported = 0;
    for (;;) {
      const n = await this.orm.em.fork().transactional(async (em) => {
        const docs = await em.find(
          Document,
          {
            type: 'INVOICE',
            status: { $in: ['ISSUED', 'SENT'] },
            overdueNotifiedAt: null,
            dueAt: { $lt: startOfToday },
          },
          { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, limit: BATCH, orderBy: { dueAt: 'asc', id: 'asc' } },
        );
        for (const doc of docs) {
          doc.overdueNotifiedAt = now;
          const remaining = dueOf(doc).minus(doc.paidAmount);
          if (remaining.lte(0)) continue;
          this.events.record(em, doc.organization.id, 'document.overdue', {
            ...documentEventData(doc),
            daysOverdue: daysOverdue(doc.dueAt, now),
            remainingAmount: remaining.toNumber(),
          });
          reported++;
        }
        return docs.length;
      });
      if (n < BATCH) break;
    }
    this.log.info({ reported }, 'overdue check finished');
    return reported;
  }
}
