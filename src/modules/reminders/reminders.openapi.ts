import * as oa from '../../core/openapi/builders';
import { documentRemindersInput, reminderStepsInput } from './reminders.inputs';

const tags = ['Company settings'];

const stepList = oa.object({
  steps: {
    type: 'array',
    items: oa.object({
      id: oa.uuid,
      days: { ...oa.integer, description: 'Days relative to the due date (negative: before it)' },
      active: oa.boolean,
    }),
  },
});

const documentReminders = oa.object({
  enabled: { ...oa.boolean, description: 'false: the daily job sends this document no reminders' },
  sent: {
    type: 'array',
    description: 'The reminders sent, oldest first',
    items: oa.object({ stepId: oa.uuid, days: oa.integer, sentAt: oa.dateTime }),
  },
});

export const remindersOpenApi: oa.PathItems = {
  '/api/v1/settings/reminder-steps': {
    get: oa.operation({
      operationId: 'getReminderSteps',
      summary: 'The company’s reminder steps, earliest first',
      tags,
      access: { section: 'company_settings', access: 'read' },
      ok: { description: 'The steps', schema: stepList },
    }),
    put: oa.operation({
      operationId: 'updateReminderSteps',
      summary: 'Replace the reminder steps',
      description:
        'A step is known by its days (−365 to 365, at most 20 steps, each days once): a step kept keeps what was already sent of it. The daily 08:00 Europe/Prague job e-mails each ISSUED or SENT invoice with something left to pay, whose contact has an e-mail, the latest active step due (days ≤ today − due date), once per step, never a step older than one already sent.',
      tags,
      access: { section: 'company_settings', access: 'write' },
      body: reminderStepsInput,
      ok: { description: 'The steps after the change', schema: stepList },
      errors: ['400'],
    }),
  },
  '/api/v1/documents/{id}/reminders': {
    get: oa.operation({
      operationId: 'getDocumentReminders',
      summary: 'Whether a document gets reminders, and those sent',
      tags: ['Documents'],
      access: { section: 'documents', access: 'read' },
      parameters: [oa.idParameter],
      ok: { description: 'The document’s reminders', schema: documentReminders },
      errors: ['404'],
    }),
    put: oa.operation({
      operationId: 'updateDocumentReminders',
      summary: 'Switch a document’s reminders on or off',
      tags: ['Documents'],
      access: { section: 'documents', access: 'write' },
      parameters: [oa.idParameter],
      body: documentRemindersInput,
      ok: { description: 'The document’s reminders after the change', schema: documentReminders },
      errors: ['400', '404'],
    }),
  },
};
