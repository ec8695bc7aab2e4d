import { CZ_TZ } from '../../core/clock';
import { defineModule } from '../../core/module';
import { daysBefore, retentionJob } from '../../core/retention';
import { Migration0040Exports } from '../../migrations/Migration0040Exports';
import { contactsModule } from '../contacts/contacts.module';
import { costsModule } from '../costs/costs.module';
import { documentsModule } from '../documents/documents.module';
import { identityModule } from '../identity/identity.module';
import { notificationsModule } from '../notifications/notifications.module';
import { paymentsModule } from '../payments/payments.module';
import { productsModule } from '../products/products.module';
import { DataExport } from './export.entity';
import { ExportLinks } from './export-links';
import { ExportRunner, STALE_AFTER_MS } from './export-runner';
import type { ExportSources } from './export-sources';
import { exportEvents } from './exports.events';
import { exportsOpenApi } from './exports.openapi';
import { deleteOldChunks, deleteOldExports, strandedExports } from './exports.queries';
import { ExportsResolver } from './exports.resolver';
import { exportRoutes } from './exports.routes';
import { EXPORT_JOB, ExportsService, KEPT_DAYS } from './exports.service';

export const RECOVER_JOB = 'exports.recover';

/** Bulk exports of lists as background jobs (issue 27 point 4): CSV, XLSX, ZIPs of ISDOC or PDF documents. */
export const exportsModule = defineModule({
  name: 'exports',
  dependsOn: [
    identityModule,
    documentsModule,
    costsModule,
    paymentsModule,
    contactsModule,
    productsModule,
    notificationsModule,
  ],
  events: exportEvents,
  // SPEC 2.2: exports are part of the reports section; the payload holds no rows, only the export's record.
  eventAccess: { section: 'reports' },
  entities: [DataExport],
  migrations: [Migration0040Exports],
  openapi: exportsOpenApi,
  build: ({ infra, documents, costs, payments, contacts, products, notifications }) => {
    const sources: ExportSources = {
      documents: documents.exportSource,
      costs: costs.exportSource,
      payments: payments.exportSource,
      contacts: contacts.exportSource,
      products: products.exportSource,
    };
    const exports = new ExportsService(
      infra.orm,
      infra.clock,
      sources,
      infra.scheduler,
      new ExportLinks(infra.sessionSecret),
      infra.config.PUBLIC_URL,
    );
    const runner = new ExportRunner(
      infra.orm,
      infra.clock,
      sources,
      documents.printer,
      documents.einvoice,
      notifications.notifications,
      infra.events,
      infra.logger.child({ job: EXPORT_JOB }),
    );
    return {
      services: { exports, exportRunner: runner },
      routes: { api: (api) => exportRoutes(api, exports) },
      resolvers: [new ExportsResolver(exports)],
      jobs: [
        {
          name: EXPORT_JOB,
          run: async (data) => {
            if (typeof data.exportId === 'string') await runner.run(data.exportId);
          },
        },
        {
          // An export whose job was lost (a crash between POST's commit and scheduling it) or whose
          // worker died while running it: scheduled again (the runner takes it only if still so).
          name: RECOVER_JOB,
          run: async () => {
            const before = new Date(infra.clock.now().getTime() - STALE_AFTER_MS);
            for (const id of await strandedExports(infra.orm.em.fork(), before, 100)) await exports.schedule(id);
          },
          recurring: { key: 'every-10-minutes', cron: '*/10 * * * *', timezone: CZ_TZ },
        },
        retentionJob('exports', infra, [
          {
            kind: 'file chunks',
            deleteBatch: (em, now, limit) => deleteOldChunks(em, daysBefore(now, KEPT_DAYS), limit),
          },
          {
            kind: 'exports',
            deleteBatch: (em, now, limit) => deleteOldExports(em, daysBefore(now, KEPT_DAYS), limit),
          },
        ]),
      ],
    };
  },
});
