import { CZ_TZ } from '../../core/clock';
import { defineModule } from '../../core/module';
import { daysBefore, retentionJob } from '../../core/retention';
import { WorkSlots } from '../../core/work-slots';
import { Migration0048InboxItems } from '../../migrations/Migration0048InboxItems';
import { contactsModule } from '../contacts/contacts.module';
import { costsModule } from '../costs/costs.module';
import { identityModule } from '../identity/identity.module';
import { notificationsModule } from '../notifications/notifications.module';
import { createExtractor } from './extraction';
import { InboxItem } from './inbox-item.entity';
import { InboxProcessor, STALE_AFTER_MS } from './inbox-processor';
import { inboxEvents } from './inbox.events';
import { inboxOpenApi } from './inbox.openapi';
import { deleteConfirmedFiles, deleteOldFailed, strandedItems } from './inbox.queries';
import { InboxResolver } from './inbox.resolver';
import { inboxRoutes } from './inbox.routes';
import { InboxService, PROCESS_JOB } from './inbox.service';

export const RECOVER_JOB = 'inbox.recover';
/** A CONFIRMED item's file is kept this long (its cost has it as an attachment). */
export const CONFIRMED_FILE_DAYS = 30;
/** A FAILED item, with its file, is kept this long. */
export const FAILED_ITEM_DAYS = 90;
/** Extractions running at once in a process (each runs its tools as child processes); more wait their turn. */
export const EXTRACTION_SLOTS = 2;

export type { InboxItemView } from './inbox.types';

/**
 * The costs inbox (issue 29, section costs): received documents (PDF, image, ISDOC) uploaded, read by
 * the job inbox.process (ISDOC exactly, a PDF's text layer, else OCR), and confirmed into costs. Declares
 * the ai.* events (operation "ocr").
 */
export const inboxModule = defineModule({
  name: 'inbox',
  dependsOn: [identityModule, contactsModule, costsModule, notificationsModule],
  events: inboxEvents,
  eventAccess: { section: 'costs' },
  entities: [InboxItem],
  migrations: [Migration0048InboxItems],
  openapi: inboxOpenApi,
  build: ({ infra, contacts, costs, notifications }) => {
    const extractor = createExtractor();
    const inbox = new InboxService(infra.clock, infra.scheduler, extractor, costs.costs, contacts.contacts);
    const processor = new InboxProcessor(
      infra.orm,
      infra.clock,
      extractor,
      new WorkSlots(EXTRACTION_SLOTS, 1000),
      costs.costs,
      notifications.notifications,
      infra.events,
      infra.logger.child({ job: PROCESS_JOB }),
    );
    const log = infra.logger.child({ module: 'inbox' });
    // The service runs without tesseract; a worker says once at start that image OCR is unavailable.
    const ocrCheck = {
      name: 'inbox.ocr-check',
      start: () => {
        void extractor.ocrAvailable().then(
          (ok) => {
            if (!ok) log.warn('image OCR is unavailable: tesseract-ocr with ces and eng is not installed');
          },
          (err: unknown) => log.warn({ err }, 'image OCR is unavailable'),
        );
      },
      stop: () => Promise.resolve(),
    };
    return {
      services: { inbox, inboxProcessor: processor, extractor },
      workers: [ocrCheck],
      routes: { api: (api) => inboxRoutes(api, inbox) },
      resolvers: [new InboxResolver(inbox)],
      jobs: [
        {
          name: PROCESS_JOB,
          run: async (data) => {
            if (typeof data.itemId === 'string') await processor.run(data.itemId);
          },
        },
        {
          // An item whose job was lost (a crash between the upload's commit and scheduling it) or whose
          // worker died while processing it: scheduled again (the processor takes it only if still so).
          name: RECOVER_JOB,
          run: async () => {
            const before = new Date(infra.clock.now().getTime() - STALE_AFTER_MS);
            for (const id of await strandedItems(infra.orm.em.fork(), before, 100)) await inbox.schedule(id);
          },
          recurring: { key: 'every-10-minutes', cron: '*/10 * * * *', timezone: CZ_TZ },
        },
        retentionJob('inbox', infra, [
          {
            kind: 'confirmed files',
            deleteBatch: (em, now, limit) => deleteConfirmedFiles(em, daysBefore(now, CONFIRMED_FILE_DAYS), limit),
          },
          {
            kind: 'failed items',
            deleteBatch: (em, now, limit) => deleteOldFailed(em, daysBefore(now, FAILED_ITEM_DAYS), limit),
          },
        ]),
      ],
    };
  },
});
