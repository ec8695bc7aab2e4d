import { DOCUMENT_LANGUAGES } from '../../core/languages';
import * as oa from '../../core/openapi/builders';
import { previewTemplateInput } from '../emailtemplates/emailtemplates.module';
import { LISTED_REMINDERS } from './document-emails';

const language = { type: 'string', enum: [...DOCUMENT_LANGUAGES] };

const sentReminder = oa.object({
  step: { type: ['integer', 'null'], description: 'The step’s days relative to the due date' },
  sentAt: { ...oa.dateTime, description: 'When the mail server accepted it' },
});

/** A document's record (GET /documents/{id}) with the reminders it was sent. */
export function withReminders(document: oa.Schema): oa.Schema {
  const { properties, required } = document as { properties: Record<string, oa.Schema>; required: string[] };
  return {
    ...document,
    required: [...required, 'reminders'],
    properties: {
      ...properties,
      reminders: {
        type: 'array',
        items: sentReminder,
        description: `The reminders delivered, newest first (at most ${LISTED_REMINDERS})`,
      },
    },
  };
}

/** The e-mails about documents: the templates' preview, which shows a document. */
export const documentEmailsOpenApi: oa.PathItems = {
  '/api/v1/email-templates/preview': {
    post: oa.operation({
      operationId: 'previewEmailTemplate',
      summary: 'Render a template with a document’s values',
      description:
        'Subject, text body and its HTML alternative (values escaped; the payment QR an inline image by Content-ID where the document asks for money). Unsaved subject/body may be sent for a live preview; an unknown {{variable}} is 400 naming it. `step` (REMINDER only) picks a reminder step’s wording. Needs documents: read besides.',
      tags: ['E-mail templates'],
      access: { section: 'company_settings', access: 'read' },
      body: previewTemplateInput,
      ok: {
        description: 'The rendered e-mail',
        schema: oa.object({ subject: oa.string, text: oa.string, html: oa.string, language }),
      },
      errors: ['400', '404'],
    }),
  },
};
