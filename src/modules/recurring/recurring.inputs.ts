import { czechDay, id, MAX, text } from '../../core/fields';
import { DOCUMENT_LANGUAGES } from '../../core/languages';
import { listInput } from '../../core/pagination';
import { z } from '../../core/validation';
import { itemInput, tags } from '../documents/documents.module';
import { SERIES_DOCUMENT_TYPES } from './recurring-series.entity';
import { SCHEDULE_UNITS } from './schedule';

/** POST and PUT take the whole series (PUT replaces it). */
export const seriesInput = z.object({
  name: text(MAX.name).meta({ description: "The series' own name, e.g. Hosting Novák" }),
  documentType: z.enum(SERIES_DOCUMENT_TYPES),
  contactId: id().meta({ description: 'A contact of this organization, not archived' }),
  currency: z
    .string()
    .max(3)
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as CZK')
    .default('CZK'),
  items: z.array(itemInput).min(1).max(500),
  note: z.string().max(5000).nullable().default(null),
  tags: tags.default([]),
  dueInDays: z.number().int().min(0).max(365).default(14).meta({ description: 'Due date = issue date + N days' }),
  language: z
    .enum(DOCUMENT_LANGUAGES)
    .nullable()
    .default(null)
    .meta({ description: "cs, en or de; null: the contact's, else the company's" }),
  startDate: czechDay().meta({ description: 'The first issue date, a Czech day YYYY-MM-DD' }),
  unit: z.enum(SCHEDULE_UNITS),
  every: z.number().int().min(1).max(1000).default(1).meta({ description: 'Every N units' }),
  lastDayOfMonth: z
    .boolean()
    .default(false)
    .meta({ description: 'MONTH or YEAR only: every issue date on the last day of its month' }),
  endDate: czechDay().nullable().default(null).meta({ description: 'No issue date after this Czech day' }),
  count: z.number().int().min(1).max(10000).nullable().default(null).meta({ description: 'How many documents in all' }),
  issueAndSend: z
    .boolean()
    .default(false)
    .meta({ description: 'true: issue each document and e-mail it to the contact; false: leave a draft' }),
});
export type SeriesInput = z.infer<typeof seriesInput>;

/** POST /recurring-series/schedule-preview: a schedule not saved yet (what the form shows while it is typed). */
export const scheduleInput = seriesInput.pick({
  startDate: true,
  unit: true,
  every: true,
  lastDayOfMonth: true,
  endDate: true,
  count: true,
});

export const listSeriesQuery = listInput(['createdAt']).extend({
  status: z.enum(['ACTIVE', 'PAUSED', 'ENDED']).optional(),
});

/** GET /recurring-series/:id/documents: newest first, pages by the last date seen. */
export const seriesDocumentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: czechDay()
    .optional()
    .meta({ description: 'Only occurrences dated before this Czech day (the last date of the previous page)' }),
});
