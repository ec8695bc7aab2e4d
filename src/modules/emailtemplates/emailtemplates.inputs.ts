import { id } from '../../core/fields';
import { DOCUMENT_LANGUAGES } from '../../core/languages';
import { z } from '../../core/validation';
import { EMAIL_KINDS, TEMPLATE_LIMITS, TEMPLATE_VARIABLES } from './email-templates';

const VARIABLES = `Variables in {{name}} form: ${TEMPLATE_VARIABLES.join(', ')}; any other is 400 naming it.`;

export const emailKind = z.enum(EMAIL_KINDS);
export const emailLanguage = z.enum(DOCUMENT_LANGUAGES);

const subject = z.string().trim().min(1).max(TEMPLATE_LIMITS.subject);
const body = z.string().trim().min(1).max(TEMPLATE_LIMITS.body);

/** The path of one template: /email-templates/:kind/:language. */
export const templateKey = z.object({ kind: emailKind, language: emailLanguage });

export const saveTemplateInput = z
  .object({ subject: subject.meta({ description: VARIABLES }), body: body.meta({ description: VARIABLES }) })
  .meta({ description: 'A company’s own wording of one e-mail kind in one language.' });

export const previewTemplateInput = z
  .object({
    documentId: id(),
    kind: emailKind,
    language: emailLanguage.optional().meta({ description: 'Default: the document’s language (else the company’s)' }),
    subject: subject.optional().meta({ description: 'Unsaved wording to preview instead of the kept one' }),
    body: body.optional().meta({ description: 'Unsaved wording to preview instead of the kept one' }),
  })
  .meta({ description: 'Renders a template with the values of a document.' });
