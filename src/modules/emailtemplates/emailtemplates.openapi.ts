import { DOCUMENT_LANGUAGES } from '../../core/languages';
import * as oa from '../../core/openapi/builders';
import { EMAIL_KINDS, TEMPLATE_VARIABLES } from './email-templates';
import { previewTemplateInput, saveTemplateInput } from './emailtemplates.inputs';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;
const tags = ['E-mail templates'];

const kind = { type: 'string', enum: [...EMAIL_KINDS] };
const language = { type: 'string', enum: [...DOCUMENT_LANGUAGES] };

const template = oa.object({
  kind,
  language,
  subject: oa.string,
  body: { ...oa.string, description: `Plain text with {{variables}}: ${TEMPLATE_VARIABLES.join(', ')}` },
  custom: { ...oa.boolean, description: 'false: Faktura’s default text' },
  updatedAt: { ...oa.dateTime, type: ['string', 'null'] },
});

const keyParameters = [
  oa.pathParameter('kind', 'The e-mail kind', kind),
  oa.pathParameter('language', 'The language', language),
];

export const emailTemplatesOpenApi: oa.PathItems = {
  '/api/v1/email-templates': {
    get: oa.operation({
      operationId: 'listEmailTemplates',
      summary: 'Every e-mail template: each kind in cs, en and de, the company’s own or the default',
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
  '/api/v1/email-templates/preview': {
    post: oa.operation({
      operationId: 'previewEmailTemplate',
      summary: 'Render a template with a document’s values',
      description:
        'Subject, text body and its HTML alternative (values escaped). Unsaved subject/body may be sent for a live preview; an unknown {{variable}} is 400 naming it.',
      tags,
      access: READ,
      body: previewTemplateInput,
      ok: {
        description: 'The rendered e-mail',
        schema: oa.object({ subject: oa.string, text: oa.string, html: oa.string, language }),
      },
      errors: ['400', '404'],
    }),
  },
};
