import * as oa from '../../core/openapi/builders';
import { ACTION_TYPES, RUN_STATUSES, TRIGGER_EVENTS, TRIGGER_TYPES } from './automation.types';
import { ruleSchema, runInput, updateRuleInput } from './automations.inputs';
import { READ, WRITE } from './automations.routes';

const tags = ['Automations'];
const ruleInput = oa.fromZod(ruleSchema);
const properties = ruleInput.properties as Record<string, Record<string, unknown>>;

const rule = oa.object({
  id: oa.uuid,
  name: oa.string,
  isActive: { type: 'boolean' },
  triggerType: { type: 'string', enum: [...TRIGGER_TYPES] },
  triggerEvent: { type: ['string', 'null'], enum: [...TRIGGER_EVENTS, null] },
  triggerCron: oa.nullableString,
  conditions: properties.conditions,
  actions: {
    type: 'array',
    items: {
      type: 'object',
      required: ['type', 'params'],
      properties: {
        type: { type: 'string', enum: [...ACTION_TYPES] },
        params: { type: 'object', additionalProperties: oa.string },
      },
    },
  },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
});

const actionResult = oa.object({
  index: oa.integer,
  type: { type: 'string', enum: [...ACTION_TYPES] },
  status: { type: 'string', enum: ['SUCCEEDED', 'FAILED'] },
  detail: {
    type: ['object', 'null'],
    description:
      'What the action did: e-mail recipient, status from/to, tag added, webhook deliveries, notification id',
  },
  error: { ...oa.nullableString, description: 'Why the action failed' },
});
const run = oa.object({
  id: oa.uuid,
  automationId: oa.uuid,
  status: { type: 'string', enum: [...RUN_STATUSES] },
  trigger: { type: 'string', enum: [...TRIGGER_TYPES] },
  context: {
    type: 'object',
    description:
      'SYSTEM_EVENT: documentId, organizationId, documentType, amount, status, tags, date; SCHEDULED: organizationId; MANUAL: the context sent',
  },
  startedAt: oa.dateTime,
  finishedAt: oa.dateTime,
  error: oa.nullableString,
  actions: { type: 'array', items: actionResult },
});

export const automationsOpenApi: oa.PathItems = {
  '/api/v1/automations': {
    get: oa.operation({
      operationId: 'listAutomations',
      summary: 'Automation rules of the company, oldest first',
      tags,
      access: READ,
      parameters: oa.pageParameters,
      ok: { description: 'A page of rules', schema: oa.pageOf(rule) },
    }),
    post: oa.operation({
      operationId: 'createAutomation',
      summary: 'Create an automation rule',
      description:
        'triggerEvent only for SYSTEM_EVENT, triggerCron (five fields, Europe/Prague) only for SCHEDULED. A bad rule is 400 VALIDATION_FAILED naming the field.',
      tags,
      access: WRITE,
      body: ruleSchema,
      ok: { status: '201', description: 'The rule', schema: rule },
      errors: ['400'],
    }),
  },
  '/api/v1/automations/{id}': {
    get: oa.operation({
      operationId: 'getAutomation',
      summary: 'One automation rule',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The rule', schema: rule },
      errors: ['404'],
    }),
    put: oa.operation({
      operationId: 'updateAutomation',
      summary: 'Change a rule (only the fields sent); a scheduled rule is rescheduled',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: updateRuleInput,
      ok: { description: 'The rule', schema: rule },
      errors: ['400', '404'],
    }),
    delete: oa.operation({
      operationId: 'deleteAutomation',
      summary: 'Delete a rule, its run history and its schedule',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404'],
    }),
  },
  '/api/v1/automations/{id}/runs': {
    get: oa.operation({
      operationId: 'listAutomationRuns',
      summary: 'Run history of a rule, newest first, with per-action results',
      tags,
      access: READ,
      parameters: [oa.idParameter, ...oa.pageParameters],
      ok: { description: 'A page of runs', schema: oa.pageOf(run) },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/automations/{id}/run': {
    post: oa.operation({
      operationId: 'runAutomation',
      summary: 'Run a rule now (a real run: statuses changed, e-mails recorded and sent once it has committed)',
      description:
        'context.organizationId is required and must be your organization (else 403); a context.documentId must be a document you can read (documents:read, your departments), else 404. Action failures are in the run record, not HTTP errors.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: runInput,
      ok: { description: 'The run', schema: run },
      errors: ['400', '404'],
    }),
  },
};
