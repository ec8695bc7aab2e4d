import { z } from '../../core/validation';

export const clockInput = z.union([
  z.object({ advanceSeconds: z.number().finite() }),
  z.object({ now: z.iso.datetime({ offset: true }) }),
]);
export const eventsQuery = z.object({ after: z.string().max(20).regex(/^\d+$/).default('0') });
