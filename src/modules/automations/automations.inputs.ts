import { id, MAX, text } from '../../core/fields';
import { paginationInput, z } from '../../core/validation';
import { DOCUMENT_STATUSES } from '../documents/documents.module';
import { cronProblem } from './automation-cron';
import { unknownVariables, variablesIn } from './automation-templates';
import { ACTION_TYPES, CONDITION_FIELDS, OPERATORS, TRIGGER_EVENTS, TRIGGER_TYPES } from './automation.types';

export const MAX_CONDITIONS = 20;
export const MAX_ACTIONS = 20;
const CUSTOM_EVENT_MAX = 100;
const CUSTOM_EVENT_MESSAGE = 'must be a custom event name, not one of the catalog';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const EMAIL = z.email();

/** A text param that may carry template variables; only the known ones are accepted. */
const templated = (max: number) =>
  text(max).superRefine((value, ctx) => {
    const unknown = unknownVariables(value);
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: `unknown template variable ${unknown.map((v) => `{{${v}}}`).join(', ')}`,
      });
  });

export const conditionInput = z
  .object({
    field: z.enum(CONDITION_FIELDS),
    operator: z.enum(OPERATORS),
    value: z.union([z.string().max(500), z.number().finite(), z.boolean()]),
    name: text(100).optional().meta({ description: 'customField only: the key in the document’s customFields' }),
  })
  .superRefine((c, ctx) => {
    const ordering = ['gt', 'lt', 'gte', 'lte'].includes(c.operator);
    const exact = ordering || c.operator === 'equals' || c.operator === 'not_equals';
    if (c.field === 'customField' && !c.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'a customField condition names its field' });
    if (c.field !== 'customField' && c.name !== undefined)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'only a customField condition has a name' });
    if (c.field === 'amount' && exact && !NUMBER.test(String(c.value)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a number for amount' });
    if (c.field === 'date' && exact && !DAY.test(String(c.value)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a date YYYY-MM-DD' });
    if (c.field === 'tags' && ordering && !NUMBER.test(String(c.value)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a number (tags compare by count)' });
  })
  .meta({
    description:
      'amount = total incl. VAT; date = issue date YYYY-MM-DD (Czech day); tags contains/not_contains test membership, gt/lt/gte/lte compare the count; customField reads customFields[name]',
  });

const action = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('TRIGGER_WEBHOOK'),
    params: z.object({
      event: text(CUSTOM_EVENT_MAX).refine(
        (e) => !e.startsWith('automation.') && e !== 'document.status_changed',
        CUSTOM_EVENT_MESSAGE,
      ),
    }),
  }),
  z.object({ type: z.literal('STATUS_CHANGE'), params: z.object({ status: z.enum(DOCUMENT_STATUSES) }) }),
  z.object({
    type: z.literal('SEND_EMAIL'),
    params: z
      .object({
        to: templated(MAX.email).refine(
          (to) => variablesIn(to).length > 0 || EMAIL.safeParse(to).success,
          'must be an e-mail address or a template variable',
        ),
        subject: templated(300),
        body: z.string().max(20000).optional(),
        text: z.string().max(20000).optional().meta({ description: 'Older name of body' }),
      })
      .superRefine((p, ctx) => {
        for (const key of ['body', 'text'] as const) {
          const unknown = unknownVariables(p[key] ?? '');
          if (unknown.length)
            ctx.addIssue({ code: 'custom', path: [key], message: `unknown template variable {{${unknown[0]}}}` });
        }
      })
      // One stored name: body (text is the older spelling of it).
      .transform(({ text: older, body, ...rest }) => ({ ...rest, body: body ?? older ?? '' })),
  }),
  z.object({ type: z.literal('ADD_TAG'), params: z.object({ tag: text(50) }) }),
  z.object({
    type: z.literal('INTERNAL_NOTIFICATION'),
    params: z.object({ title: text(MAX.name), message: text(MAX.note) }),
  }),
]);

const fields = {
  name: text(MAX.name),
  isActive: z.boolean().meta({ description: 'Default true; an inactive rule never runs (nor its schedule)' }),
  triggerType: z.enum(TRIGGER_TYPES),
  triggerEvent: z.enum(TRIGGER_EVENTS).nullable().meta({ description: 'Only for SYSTEM_EVENT (required there)' }),
  triggerCron: z
    .string()
    .max(200)
    .nullable()
    .meta({ description: 'Only for SCHEDULED (required there): five-field cron, Europe/Prague' }),
  conditions: z.array(conditionInput).max(MAX_CONDITIONS),
  actions: z
    .array(action)
    .min(1)
    .max(MAX_ACTIONS)
    .meta({ description: `Run in array order; types ${ACTION_TYPES.join(', ')}` }),
};

/** The whole rule, after defaults and (for PUT) merging with the stored one. */
export const ruleSchema = z
  .object({
    ...fields,
    isActive: fields.isActive.default(true),
    triggerEvent: fields.triggerEvent.default(null),
    triggerCron: fields.triggerCron.default(null),
    conditions: fields.conditions.default([]),
  })
  .superRefine((r, ctx) => {
    if (r.triggerType === 'SYSTEM_EVENT' && !r.triggerEvent)
      ctx.addIssue({ code: 'custom', path: ['triggerEvent'], message: 'required for SYSTEM_EVENT' });
    if (r.triggerType !== 'SYSTEM_EVENT' && r.triggerEvent)
      ctx.addIssue({ code: 'custom', path: ['triggerEvent'], message: 'only for SYSTEM_EVENT' });
    if (r.triggerType === 'SCHEDULED') {
      const problem = r.triggerCron ? cronProblem(r.triggerCron) : 'required for SCHEDULED';
      if (problem) ctx.addIssue({ code: 'custom', path: ['triggerCron'], message: problem });
    } else if (r.triggerCron) ctx.addIssue({ code: 'custom', path: ['triggerCron'], message: 'only for SCHEDULED' });
  });
export type RuleInput = ReturnType<typeof ruleSchema.parse>;

/**
 * The rule as the service checks it: also refuses a TRIGGER_WEBHOOK whose event is in the webhook
 * catalog, which the composed modules declare (known when the app is composed, not at import).
 */
export function ruleInput(isCatalogEvent: (name: string) => boolean) {
  return ruleSchema.superRefine((r, ctx) =>
    r.actions.forEach((a, i) => {
      if (a.type === 'TRIGGER_WEBHOOK' && isCatalogEvent(a.params.event))
        ctx.addIssue({ code: 'custom', path: ['actions', i, 'params', 'event'], message: CUSTOM_EVENT_MESSAGE });
    }),
  );
}

/** PUT: only the fields sent change; the result is checked as a whole rule. */
export const updateRuleInput = z
  .object({
    name: fields.name.optional(),
    isActive: fields.isActive.optional(),
    triggerType: fields.triggerType.optional(),
    triggerEvent: fields.triggerEvent.optional(),
    triggerCron: fields.triggerCron.optional(),
    conditions: z.array(z.unknown()).max(MAX_CONDITIONS).optional(),
    actions: z.array(z.unknown()).max(MAX_ACTIONS).optional(),
  })
  .meta({
    description:
      'Only the fields sent change; the resulting rule must be valid as a whole (send triggerEvent/triggerCron null when changing triggerType).',
  });

export const runInput = z.object({
  context: z
    .object({
      organizationId: id().meta({ description: 'Required; must be the caller’s organization (else 403)' }),
      documentId: id().optional(),
    })
    .catchall(
      z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null(), z.array(z.string().max(100)).max(50)]),
    )
    .refine((c) => Object.keys(c).length <= 30, 'at most 30 keys'),
});

export const listRunsQuery = paginationInput;
