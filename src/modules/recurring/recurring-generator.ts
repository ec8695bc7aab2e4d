import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { czechDate, type Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { DocumentLanguage } from '../../core/languages';
import type { ServicesOf } from '../../core/module';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { companyModule } from '../company/company.module';
import { Document, type documentsModule, type FailedDocumentEmail } from '../documents/documents.module';
import type { notificationsModule } from '../notifications/notifications.module';
import { periodOf, renderPeriod } from './period-placeholders';
import type { RecurringEvents } from './recurring.events';
import { claimOccurrence, recordOccurrenceDocument } from './recurring.queries';
import { RecurringSeries } from './recurring-series.entity';
import { seriesView } from './recurring.views';
import { activeContact, moveSeriesTo, scheduleOf } from './series-state';
import { addDays, dueBy, type Occurrence } from './schedule';

/** What the generator needs of the documents module: its one way to make a document from a template. */
type DocumentsService = Pick<ServicesOf<typeof documentsModule>['documents'], 'createFromTemplate'>;
type DocumentEmails = Pick<ServicesOf<typeof documentsModule>['emails'], 'enqueue'>;
type CompanyService = Pick<ServicesOf<typeof companyModule>['company'], 'profileOf'>;
type NotificationsService = Pick<ServicesOf<typeof notificationsModule>['notifications'], 'raise'>;

/** A document the generator made. */
interface Generated {
  id: string;
  number: string;
}

/** Series looked at per run; a run repeats until none is due. */
const BATCH = 200;
/** Occurrences of one series caught up per transaction (a worker down for months catches up in order). */
const PER_SERIES = 50;

/**
 * The daily job (06:00 Europe/Prague): every ACTIVE series whose next issue date has come makes its
 * due documents through the documents module, oldest first, each dated its own issue date. One
 * series' failure (an archived contact, say, or later its document's e-mail refused by the mail
 * server: emailFailed) is kept on that series (lastError) and stops no other; the first failure of an
 * episode raises an internal notification and records recurring_series.failed.
 */
export class RecurringGenerator {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly documents: DocumentsService,
    private readonly emails: DocumentEmails,
    private readonly company: CompanyService,
    private readonly notifications: NotificationsService,
    private readonly events: EventOutbox<RecurringEvents>,
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
    const contact = await activeContact(em, series.organizationId, series.contactId);
    const language =
      series.language ?? contact.language ?? (await this.company.profileOf(em, series.organizationId)).language;
    series.lastError = null;
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
      series.lastOccurrenceDate = occurrence.date;
      moveSeriesTo(series, occurrence.index + 1);
      if (claimed) {
        const document = await this.documents.createFromTemplate(
          em,
          series.organizationId,
          documentTemplate(series, occurrence, language),
          series.id,
        );
        await recordOccurrenceDocument(em, claimed, document.id);
        if (series.issueAndSend) await this.emailDocument(em, document);
        this.events.record(em, series.organizationId, 'recurring_series.generated', {
          ...seriesView(series),
          documentId: document.id,
          occurrenceIndex: occurrence.index,
          occurrenceDate: occurrence.date,
        });
        made++;
      }
    }
    // moveSeriesTo found no further occurrence: the series has ENDED.
    if (series.nextDate === null)
      this.events.record(em, series.organizationId, 'recurring_series.ended', seriesView(series));
    return { handled: due.length, documents: made };
  }

  /**
   * issueAndSend: queues the issued document's e-mail to its contact (the company's RECURRING template)
   * in the generating transaction; once delivered the document is SENT (document.sent, emailType
   * RECURRING). A contact without an e-mail fails the occurrence like an archived one: nothing is made,
   * the series keeps the reason and the next run tries again.
   */
  private async emailDocument(em: EntityManager, document: Generated): Promise<void> {
    const doc = await em.findOneOrFail(Document, document.id);
    await this.emails.enqueue(em, doc, { kind: 'RECURRING' });
  }

  /**
   * A generated document's e-mail (RECURRING) failed for good, in the transaction that records it
   * FAILED (documents' whenEmailFailed): the series keeps it as its failure, like one that could not
   * generate (keepFailure). The document stays ISSUED, the series ACTIVE; other series and e-mails go on.
   */
  async emailFailed(em: EntityManager, failure: FailedDocumentEmail): Promise<void> {
    const { document, emailType, recipient, error } = failure;
    if (emailType !== 'RECURRING' || !document.recurringSeriesId) return;
    const message = `The e-mail of ${document.number} to ${recipient} failed: ${error}`;
    this.log.warn({ seriesId: document.recurringSeriesId, documentId: document.id }, 'recurring e-mail failed');
    await this.keepFailure(
      em,
      document.recurringSeriesId,
      message,
      () =>
        `generated ${document.number}, but its e-mail failed: ${error}. The document stays ISSUED (send it again from its page)`,
    );
  }

  /** Keeps why the series failed to generate (keepFailure), in a transaction of its own. */
  private async keepError(id: string, err: unknown): Promise<void> {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    this.log.warn({ err, seriesId: id }, 'recurring series failed to generate');
    await this.orm.em
      .fork()
      .transactional((em) =>
        this.keepFailure(
          em,
          id,
          message,
          (series) =>
            `could not generate its document of ${series.nextDate ?? '—'}: ${message}. It is tried again at the next daily run`,
        ),
      );
  }

  /**
   * Keeps why the series failed in lastError. The first failure of an episode (lastError was null)
   * raises an internal notification (`what` happened, after the series' id) and records
   * recurring_series.failed; later failures only update the message, until a run generates and
   * clears it.
   */
  private async keepFailure(
    em: EntityManager,
    id: string,
    message: string,
    what: (series: RecurringSeries) => string,
  ): Promise<void> {
    const series = await em.findOne(RecurringSeries, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!series) return;
    const newEpisode = series.lastError === null;
    series.lastError = message.slice(0, 1000);
    if (!newEpisode) return;
    this.notifications.raise(em, series.organizationId, {
      type: 'recurring_series.failed',
      title: `Recurring series "${series.name}" failed`,
      message: `Recurring series ${series.id} ${what(series)}; other series go on.`,
    });
    this.events.record(em, series.organizationId, 'recurring_series.failed', {
      ...seriesView(series),
      error: series.lastError,
    });
  }
}

/** The POST /documents body of one occurrence: dated its issue date, due dueInDays later, its period filled in. */
function documentTemplate(
  series: RecurringSeries,
  occurrence: Occurrence,
  language: DocumentLanguage,
): Record<string, unknown> {
  const period = periodOf(scheduleOf(series), occurrence.index);
  const render = (text: string) => renderPeriod(text, period, language);
  return {
    type: series.documentType,
    status: series.issueAndSend ? 'ISSUED' : 'DRAFT',
    contactId: series.contactId,
    currency: series.currency,
    items: series.items.map((item) => ({ ...item, name: render(item.name) })),
    note: series.note === null ? null : render(series.note),
    tags: series.tags,
    language,
    issuedAt: occurrence.date,
    dueAt: addDays(occurrence.date, series.dueInDays),
  };
}
