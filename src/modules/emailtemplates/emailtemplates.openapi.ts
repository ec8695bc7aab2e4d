import { DOCUMENT_LANGUAGES } from '../../core/languages';
import * as oa from '../../core/openapi/builders';
import { EMAIL_KINDS, STEP_LIMITS, TEMPLATE_VARIABLES } from './email-templates';
import { emailSettingsInput, saveTemplateInput } from './emailtemplates.inputs';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;
const tags = ['E-mail templates'];

const kind = { type: 'string', enum: [...EMAIL_KINDS] };
const language = { type: 'string', enum: [...DOCUMENT_LANGUAGES] };

const template = oa.object(
  {
    kind,
    language,
    subject: oa.string,
    body: { ...oa.string, description: `Plain text with {{variables}}: ${TEMPLATE_VARIABLES.join(', ')}` },
    step: {
      ...oa.integer,
      description: 'Only on a reminder step’s own template (listed after the general ones): the step’s days',
    },
    custom: { ...oa.boolean, description: 'false: Faktura’s default text' },
    updatedAt: { ...oa.dateTime, type: ['string', 'null'] },
  },
  ['kind', 'language', 'subject', 'body', 'custom', 'updatedAt'],
);

const emailSettings = oa.object({
  paymentThanks: { ...oa.boolean, description: 'Payment thanks e-mailed (off by default)' },
  updatedAt: { ...oa.dateTime, type: ['string', 'null'] },
});

const keyParameters = [
  oa.pathParameter('kind', 'The e-mail kind', kind),
  oa.pathParameter('language', 'The language', language),
  oa.queryParameter(
    'step',
    { ...oa.integer, minimum: STEP_LIMITS.min, maximum: STEP_LIMITS.max },
    'REMINDER only: the wording of the reminder step with these days (−3 before the due date, 7 after it); none: the general reminder wording',
  ),
];

export const emailTemplatesOpenApi: oa.PathItems = {
  '/api/v1/email-templates': {
    get: oa.operation({
      operationId: 'listEmailTemplates',
      summary: 'Every e-mail template: each kind in cs, en and de, the company’s own or the default',
      description: 'Then the company’s own templates of reminder steps, each with its step.',
      tags,
      access: READ,
      ok: { description: 'The templates', schema: oa.object({ data: { type: 'array', items: template } }) },
    }),
  },
  '/api/v1/email-templates/{kind}/{language}': {
    put: oa.operation({
      operationId: 'saveEmailTemplate',
      summary: 'Word one e-mail kind in one language',
      description: 'An unknown {{variable}} is 400 VALIDATION_FAILED naming it.',
      tags,
      access: WRITE,
      parameters: keyParameters,
      body: saveTemplateInput,
      ok: { description: 'The template as kept', schema: template },
      errors: ['400'],
    }),
    delete: oa.operation({
      operationId: 'resetEmailTemplate',
      summary: 'Go back to Faktura’s default text',
      tags,
      access: WRITE,
      parameters: keyParameters,
      ok: { description: 'The default template', schema: template },
      errors: ['400'],
    }),
  },
  '/api/v1/settings/emails': {
    get: oa.operation({
      operationId: 'getEmailSettings',
      summary: 'The company’s e-mail settings',
      tags: ['Company settings'],
      access: READ,
      ok: { description: 'The settings', schema: emailSettings },
    }),
    put: oa.operation({
      operationId: 'updateEmailSettings',
      summary: 'Switch the payment thanks on or off',
      description:
        'paymentThanks (off by default): when an INVOICE becomes PAID through a payment (matched by hand, a suggestion, an import, bank sync or a gateway) and its contact has an e-mail, a PAYMENT_THANKS e-mail goes to it (document.sent with emailType PAYMENT_THANKS). Not when it is marked PAID by hand.',
      tags: ['Company settings'],
      access: WRITE,
      body: emailSettingsInput,
      ok: { description: 'The settings as kept', schema: emailSettings },
      errors: ['400'],
    }),
  },
};
