import * as oa from '../../core/openapi/builders';
import { itemInput } from '../documents/documents.module';
import { listSeriesQuery, scheduleInput, seriesDocumentsQuery, seriesInput } from './recurring.inputs';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;
const tags = ['Recurring series'];
const czechDay = { type: 'string', format: 'date' } as const;
const nullableDay = { type: ['string', 'null'], format: 'date' } as const;

const series = oa.object({
  id: oa.uuid,
  name: oa.string,
  documentType: { type: 'string', enum: ['INVOICE', 'PROFORMA'] },
  contactId: oa.uuid,
  currency: oa.string,
  items: { type: 'array', items: oa.fromZod(itemInput) },
  note: oa.nullableString,
  tags: { type: 'array', items: oa.string },
  dueInDays: oa.integer,
  language: { type: ['string', 'null'], enum: ['cs', 'en', 'de', null] },
  startDate: czechDay,
  unit: { type: 'string', enum: ['DAY', 'WEEK', 'MONTH', 'YEAR'] },
  every: oa.integer,
  lastDayOfMonth: oa.boolean,
  endDate: nullableDay,
  count: { type: ['integer', 'null'] },
  issueAndSend: oa.boolean,
  status: { type: 'string', enum: ['ACTIVE', 'PAUSED', 'ENDED'] },
  nextDate: { ...nullableDay, description: 'The next issue date (Czech day); null once ENDED' },
  lastOccurrenceDate: { ...nullableDay, description: 'The issue date of the last document generated' },
  lastError: { ...oa.nullableString, description: 'Why the last generation failed; null once one succeeds' },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
});

const preview = oa.object({ dates: { type: 'array', items: czechDay, maxItems: 12 } });

const SCHEDULE =
  "Issue dates are Czech days counted from startDate (a monthly series from 31 January runs 31 Jan, 28/29 Feb, 31 Mar, …); the series ENDS after count documents or its last date on or before endDate. Item names and the note may hold {{period.month}}, {{period.year}}, {{period.from}} and {{period.to}}, filled in with each occurrence's period (its issue date to the day before the next) in the document's language; any other {{…}} name is 400 VALIDATION_FAILED naming the field (items[1].name, note).";

export const recurringOpenApi: oa.PathItems = {
  '/api/v1/recurring-series': {
    post: oa.operation({
      operationId: 'createRecurringSeries',
      summary: 'Start a recurring series',
      description: SCHEDULE,
      tags,
      access: WRITE,
      body: seriesInput,
      ok: { status: '201', description: 'The new series, ACTIVE (ENDED if its schedule has no date)', schema: series },
      errors: ['400'],
    }),
    get: oa.operation({
      operationId: 'listRecurringSeries',
      summary: 'List the recurring series, oldest first',
      tags,
      access: READ,
      parameters: oa.queryParameters(listSeriesQuery, { status: 'Only series in this status' }),
      ok: { description: 'A page of series', schema: oa.pageOf(series) },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/recurring-series/{id}': {
    get: oa.operation({
      operationId: 'getRecurringSeries',
      summary: 'One recurring series',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The series', schema: series },
      errors: ['404'],
    }),
    put: oa.operation({
      operationId: 'replaceRecurringSeries',
      summary: 'Replace the template and schedule of a series',
      description: `${SCHEDULE} The series goes on after the last document it generated; an ENDED series whose new schedule has further dates becomes ACTIVE.`,
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: seriesInput,
      ok: { description: 'The series after the change', schema: series },
      errors: ['400', '404'],
    }),
    delete: oa.operation({
      operationId: 'deleteRecurringSeries',
      summary: 'Delete a recurring series',
      description: 'The documents it generated stay.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404'],
    }),
  },
  '/api/v1/recurring-series/{id}/pause': {
    post: oa.operation({
      operationId: 'pauseRecurringSeries',
      summary: 'Pause a series: nothing is generated until it is resumed',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { description: 'The series, PAUSED (a PAUSED or ENDED one unchanged)', schema: series },
      errors: ['404'],
    }),
  },
  '/api/v1/recurring-series/{id}/resume': {
    post: oa.operation({
      operationId: 'resumeRecurringSeries',
      summary: 'Resume a paused series from today on',
      description:
        'The issue dates that passed while it was paused are skipped. 409 RECURRING_SERIES_ENDED for an ENDED series.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { description: 'The series, ACTIVE', schema: series },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/recurring-series/{id}/documents': {
    get: oa.operation({
      operationId: 'listRecurringSeriesDocuments',
      summary: 'What a series generated: its issue dates and their documents, newest first',
      tags,
      access: READ,
      parameters: [
        oa.idParameter,
        ...oa.queryParameters(seriesDocumentsQuery, {
          limit: 'At most this many, 1–100 (default 50)',
          before: 'Only dates before this Czech day: the last date of the previous page',
        }),
      ],
      ok: {
        description: 'The generated occurrences',
        schema: oa.object({
          data: {
            type: 'array',
            items: oa.object({
              index: oa.integer,
              date: czechDay,
              documentId: { ...oa.uuid, type: ['string', 'null'] },
            }),
          },
        }),
      },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/recurring-series/schedule-preview': {
    post: oa.operation({
      operationId: 'previewRecurringSchedule',
      summary: 'The first 12 issue dates of a schedule not saved yet',
      description:
        'What a series with this schedule would issue, from its start date (the form shows it while typed). Nothing is saved.',
      tags,
      access: READ,
      body: scheduleInput,
      ok: { description: 'The first issue dates', schema: preview },
      errors: ['400'],
    }),
  },
  '/api/v1/recurring-series/{id}/preview': {
    get: oa.operation({
      operationId: 'previewRecurringSeries',
      summary: 'The next 12 issue dates of a series',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The next issue dates, none once ENDED', schema: preview },
      errors: ['404'],
    }),
  },
};
