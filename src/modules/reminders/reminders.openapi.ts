import * as oa from '../../core/openapi/builders';
import { reminderStepsInput } from './reminders.inputs';

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
};
