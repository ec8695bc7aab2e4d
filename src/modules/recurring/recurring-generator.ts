import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { czechDate, type Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { ServicesOf } from '../../core/module';
import type { documentsModule } from '../documents/documents.module';
import { claimOccurrence, recordOccurrenceDocument } from './recurring.queries';
import { RecurringSeries } from './recurring-series.entity';
import { assertActiveContact, moveSeriesTo, scheduleOf } from './series-state';
import { addDays, dueBy, type Occurrence } from './schedule';

/** What the generator needs of the documents module: its one way to make a document from a template. */
type DocumentsService = Pick<ServicesOf<typeof documentsModule>['documents'], 'createFromTemplate'>;

/** Series looked at per run; a run repeats until none is due. */
const BATCH = 200;
/** Occurrences of one series caught up per transaction (a worker down for months catches up in order). */
const PER_SERIES = 50;

/**
 * The daily job (06:00 Europe/Prague): every ACTIVE series whose next issue date has come makes its
 * due documents through the documents module, oldest first, each dated its own issue date. One
 * series' failure (an archived contact, say) is kept on that series (lastError) and stops no other.
 */
export class RecurringGenerator {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly documents: DocumentsService,
    private readonly log: Logger,
  ) {}

  /** Generates everything due today (Czech day); the number of documents made. */
  async run(): Promise<number> {
    const today = czechDate(this.clock.now());
    let made = 0;
    /** Series this run leaves alone: failed, or with nothing more to do (changed meanwhile). */
    const skipped = new Set<string>();
    for (;;) {
      const due = await this.orm.em
        .fork()
        .find(
          RecurringSeries,
          { status: 'ACTIVE', nextDate: { $lte: today }, id: { $nin: [...skipped] } },
          { fields: ['id'], orderBy: { nextDate: 'asc', id: 'asc' }, limit: BATCH },
        );
      if (due.length === 0) return made;
      for (const { id } of due) {
        try {
          const { handled, documents } = await this.orm.em.fork().transactional((em) => this.generate(em, id, today));
          made += documents;
          if (handled === 0) skipped.add(id);
        } catch (err) {
          skipped.add(id);
          await this.keepError(id, err);
        }
      }
    }
  }

  /** The due occurrences of one series, under its row lock (a second worker waits, then finds them done). */
  private async generate(
    em: EntityManager,
    id: string,
    today: string,
  ): Promise<{ handled: number; documents: number }> {
    const series = await em.findOne(RecurringSeries, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!series || series.status !== 'ACTIVE') return { handled: 0, documents: 0 };
    await assertActiveContact(em, series.organizationId, series.contactId);
    let made = 0;
    const due = dueBy(scheduleOf(series), series.nextIndex, today, PER_SERIES);
    for (const occurrence of due) {
      const claimed = await claimOccurrence(em, {
        organizationId: series.organizationId,
        seriesId: series.id,
        index: occurrence.index,
        date: occurrence.date,
        at: this.clock.now(),
      });
      if (claimed) {
        const document = await this.documents.createFromTemplate(
          em,
          series.organizationId,
          documentTemplate(series, occurrence),
          series.id,
        );
        await recordOccurrenceDocument(em, claimed, document.id);
        made++;
      }
      series.lastOccurrenceDate = occurrence.date;
      moveSeriesTo(series, occurrence.index + 1);
    }
    series.lastError = null;
    return { handled: due.length, documents: made };
  }

  private async keepError(id: string, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    this.log.warn({ err, seriesId: id }, 'recurring series failed to generate');
    await this.orm.em.fork().nativeUpdate(RecurringSeries, { id }, { lastError: message.slice(0, 1000) });
  }
}

/** The POST /documents body of one occurrence: dated its issue date, due dueInDays later. */
function documentTemplate(series: RecurringSeries, occurrence: Occurrence): Record<string, unknown> {
  return {
    type: series.documentType,
    status: series.issueAndSend ? 'ISSUED' : 'DRAFT',
    contactId: series.contactId,
    currency: series.currency,
    items: series.items,
    note: series.note,
    tags: series.tags,
    language: series.language,
    issuedAt: occurrence.date,
    dueAt: addDays(occurrence.date, series.dueInDays),
  };
}
