import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { ServicesOf } from '../../core/module';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { WorkSlots } from '../../core/work-slots';
import { Contact } from '../contacts/contacts.module';
import type { costsModule } from '../costs/costs.module';
import type { notificationsModule } from '../notifications/notifications.module';
import { ExtractionFailed, type ExtractionResult, type Extractor } from './extraction';
import { InboxItem } from './inbox-item.entity';
import type { InboxEvents } from './inbox.events';
import { claimItem, finishItem, readFile, type ItemOutcome } from './inbox.queries';

/** A PROCESSING item whose worker has been silent this long is taken over (the worker died). */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** An item interrupted this many times (its worker died each time) ends FAILED rather than tried again. */
export const MAX_ATTEMPTS = 3;
/** The most one extraction may take, whatever the extractor's own limits: then it is aborted and the item FAILED. */
export const EXTRACTION_DEADLINE_MS = 3 * 60 * 1000;
const SUPPLIER_TYPES = ['SUPPLIER', 'BOTH'];

type Notifications = ServicesOf<typeof notificationsModule>['notifications'];
type Costs = ServicesOf<typeof costsModule>['costs'];

/**
 * The job inbox.process: claims an item (QUEUED, or PROCESSING with a dead worker) in one statement,
 * so two workers never process one item twice; extracts its fields in a bounded slot; matches the
 * supplier by IČO and flags a duplicate supplier number; and ends it EXTRACTED or FAILED with
 * ai.completed or ai.failed and a notification, in one transaction.
 */
export class InboxProcessor {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly extractor: Extractor,
    private readonly slots: WorkSlots,
    private readonly costs: Costs,
    private readonly notifications: Notifications,
    private readonly events: EventOutbox<InboxEvents>,
    private readonly log: Logger,
  ) {}

  /** Processes item `id` if it is this worker's to process; returns whether it did. */
  async run(id: string): Promise<boolean> {
    const now = this.clock.now();
    const claim = await claimItem(this.orm.em.fork(), id, now, new Date(now.getTime() - STALE_AFTER_MS));
    if (claim === null) return false;
    const em = this.orm.em.fork();
    const item = await em.findOne(InboxItem, { id });
    if (!item) return false;
    const started = Date.now();
    let outcome: ItemOutcome;
    let result: ExtractionResult | null = null;
    try {
      if (claim.attempt > MAX_ATTEMPTS)
        throw new ExtractionFailed(`The processing was interrupted ${MAX_ATTEMPTS} times (its worker stopped)`);
      const content = await readFile(em, id);
      if (content === null) throw new ExtractionFailed('The file is no longer kept');
      const file = { filename: item.filename, content };
      result = await this.slots.run(() => this.extractor.extract(file, AbortSignal.timeout(EXTRACTION_DEADLINE_MS)));
      outcome = { ...(await this.proposal(em, item, result)), status: 'EXTRACTED', failureReason: null };
    } catch (err) {
      const reason = reasonOf(err);
      if (!(err instanceof ExtractionFailed)) this.log.error({ err, itemId: id }, 'inbox extraction failed');
      outcome = {
        status: 'FAILED',
        pages: null,
        method: null,
        engine: null,
        failureReason: reason,
        fields: null,
        supplierContactId: null,
        duplicateCostId: null,
      };
    }
    await this.finish(item, claim.attempt, outcome, result, Date.now() - started);
    return true;
  }

  /** What the extraction proposes: the fields, the supplier contact of the IČO, and a cost with the same supplier number. */
  private async proposal(
    em: EntityManager,
    item: InboxItem,
    result: ExtractionResult,
  ): Promise<Omit<ItemOutcome, 'status' | 'failureReason'>> {
    const ico = result.fields.supplierIco?.value ?? null;
    const supplier = ico ? await supplierWithIco(em, item.organizationId, ico) : null;
    const number = result.fields.documentNumber?.value ?? null;
    const duplicateCostId =
      supplier && number ? await this.costs.duplicateOf(em, item.organizationId, supplier, number) : null;
    return {
      pages: result.pages,
      method: result.method,
      engine: result.engine,
      fields: result.fields,
      supplierContactId: supplier,
      duplicateCostId,
    };
  }

  /** The end of the attempt, its event and its notification in one transaction (nothing when the claim is lost or the item deleted). */
  private async finish(
    item: InboxItem,
    attempt: number,
    end: ItemOutcome,
    result: ExtractionResult | null,
    ms: number,
  ): Promise<void> {
    const now = this.clock.now();
    await this.orm.em.fork().transactional(async (em) => {
      if (!(await finishItem(em, { id: item.id, attempt }, end, now))) return;
      const input = `${item.contentType} ${item.filename.slice(0, 100)} (${item.size} bytes)`;
      if (end.status === 'EXTRACTED' && result) {
        this.events.record(em, item.organizationId, 'ai.completed', {
          operation: 'ocr',
          model: result.engine,
          inputSummary: input,
          outputSummary: `${result.method}: ${result.pages} page(s), ${result.textChars} characters, ${filledFields(result)} fields found in ${(ms / 1000).toFixed(1)} s`,
        });
        this.notifications.raise(em, item.organizationId, {
          type: 'inbox.extracted',
          title: 'Received document read',
          message: `${item.filename.slice(0, 100)} is ready to review and confirm: GET /api/v1/inbox/${item.id}`,
        });
      } else {
        this.events.record(em, item.organizationId, 'ai.failed', {
          operation: 'ocr',
          model: result?.engine ?? 'faktura inbox extraction',
          errorMessage: end.failureReason ?? 'failed',
        });
        this.notifications.raise(em, item.organizationId, {
          type: 'inbox.failed',
          title: 'Received document could not be read',
          message: `${item.filename.slice(0, 100)}: ${end.failureReason}`,
        });
      }
      await em.flush();
    });
  }
}

/**
 * The company's contact with this IČO: an active supplier first, then an active contact of another
 * type (a client, which confirmation makes BOTH, as the ISDOC import does), then an archived one.
 */
async function supplierWithIco(em: EntityManager, organizationId: string, ico: string): Promise<string | null> {
  const found = await em.find(Contact, { organization: organizationId, taxId: ico }, { limit: 20 });
  const rank = (c: Contact) => (c.archived ? 2 : 0) + (SUPPLIER_TYPES.includes(c.type) ? 0 : 1);
  return found.sort((a, b) => rank(a) - rank(b))[0]?.id ?? null;
}

function filledFields(result: ExtractionResult): number {
  const { vat, ...single } = result.fields;
  return Object.values(single).filter((f) => f !== null).length + (vat.length > 0 ? 1 : 0);
}

/** A person-readable reason, at most 500 characters. */
function reasonOf(err: unknown): string {
  if (err instanceof ExtractionFailed) return err.reason.slice(0, 500);
  if (err instanceof Error && err.name === 'AbortError')
    return `The extraction took longer than ${EXTRACTION_DEADLINE_MS / 1000} seconds`;
  if (err instanceof Error && err.name === 'TimeoutError')
    return `The extraction took longer than ${EXTRACTION_DEADLINE_MS / 1000} seconds`;
  return 'The document could not be read (an unexpected error; see the server log)';
}
