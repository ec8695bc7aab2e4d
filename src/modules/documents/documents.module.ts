import { CZ_TZ } from '../../core/clock';
import type { FakturaModule } from '../../core/module';
import { documentsOpenApi } from './documents.openapi';
import { DocumentsResolver } from './documents.resolver';
import { documentRoutes, publicDocumentRoutes } from './documents.routes';
import { OVERDUE_JOB } from './overdue-check';

export const documentsModule: FakturaModule = {
  name: 'documents',
  routes: documentRoutes,
  rootRoutes: publicDocumentRoutes,
  resolvers: (c) => [new DocumentsResolver(c)],
  openapi: documentsOpenApi,
  async setup(c) {
    c.scheduler.define(OVERDUE_JOB, async () => {
      await c.overdueCheck.run();
    });
    await c.scheduler.ensureRecurring(OVERDUE_JOB, 'daily', '0 8 * * *', CZ_TZ);
  },
};
