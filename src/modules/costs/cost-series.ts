import type { SeriesRegistration } from '../documents/documents.module';
import { Cost } from './cost.entity';

/** Received costs are numbered from a series of their own, N for náklad; their numbers are kept in costs. */
export const costSeries: SeriesRegistration = {
  name: 'COST',
  defaultPrefix: 'N',
  isTaken: async (em, organizationId, number) => (await em.count(Cost, { organization: organizationId, number })) > 0,
};
