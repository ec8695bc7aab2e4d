import { id } from '../../core/fields';
import { DOCUMENT_LANGUAGES } from '../../core/languages';
import { z } from '../../core/validation';
import { EMAIL_KINDS, STEP_LIMITS, TEMPLATE_LIMITS, TEMPLATE_VARIABLES } from './email-templates';

const VARIABLES = `Variables in {{name}} form: ${TEMPLATE_VARIABLES.join(', ')}; any other is 400 naming it.`;

export const emailKind = z.enum(EMAIL_KINDS);
export const emailLanguage = z.enum(DOCUMENT_LANGUAGES);

const subject = z.string().trim().min(1).max(TEMPLATE_LIMITS.subject);
const body = z.string().trim().min(1).max(TEMPLATE_LIMITS.body);

const STEP = 'REMINDER only: the step’s days relative to the due date (−3 before it, 7 after it)';

/** A reminder step's days relative to the due date, in a body. */
export const reminderStep = z.number().int().min(STEP_LIMITS.min).max(STEP_LIMITS.max).meta({ description: STEP });
/** The same in a query (`?step=7`). */
const stepQuery = z.coerce.number().int().min(STEP_LIMITS.min).max(STEP_LIMITS.max).meta({ description: STEP });

const onlyReminders = {
  message: 'a step is only for REMINDER',
  path: ['step'],
};

/** The path of one template, /email-templates/:kind/:language, with `?step=` for a reminder step's own. */
export const templateKey = z
  .object({
    kind: emailKind,
    language: emailLanguage,
    // `?step=` with nothing after it is no step (not step 0).
    step: z.preprocess((v) => (v === '' ? undefined : v), stepQuery.nullish()),
  })
  .refine((k) => (k.step ?? null) === null || k.kind === 'REMINDER', onlyReminders);

/** The company's e-mail settings. */
export const emailSettingsInput = z
  .object({
    paymentThanks: z.boolean().meta({
      description: 'E-mail a PAYMENT_THANKS to the contact when an invoice becomes PAID through a payment',
    }),
  })
  .meta({ description: 'The company’s e-mail settings.' });

export const saveTemplateInput = z
  .object({ subject: subject.meta({ description: VARIABLES }), body: body.meta({ description: VARIABLES }) })
  .meta({ description: 'A company’s own wording of one e-mail kind in one language.' });

export const previewTemplateInput = z
  .object({
    documentId: id(),
    kind: emailKind,
    step: reminderStep.nullish(),
    language: emailLanguage.optional().meta({ description: 'Default: the document’s language (else the company’s)' }),
    subject: subject.optional().meta({ description: 'Unsaved wording to preview instead of the kept one' }),
    body: body.optional().meta({ description: 'Unsaved wording to preview instead of the kept one' }),
  })
  .refine((k) => (k.step ?? null) === null || k.kind === 'REMINDER', onlyReminders)
  .meta({ description: 'Renders a template with the values of a document.' });
