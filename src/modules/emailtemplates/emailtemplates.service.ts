import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../../core/languages';
import { parseInput } from '../../core/validation';
import {
  defaultTemplate,
  EMAIL_KINDS,
  withoutPaymentLines,
  type EmailKind,
  type EmailTemplateText,
  type TemplateVariables,
} from './email-templates';
import { emailSettingsInput, saveTemplateInput, templateKey } from './emailtemplates.inputs';
import {
  emailSettings,
  ownTemplate,
  ownTemplates,
  removeTemplate,
  saveEmailSettings,
  saveTemplate,
  type TemplateKey,
  type TemplateRow,
} from './emailtemplates.queries';
import { checkVariables, renderTemplate, type HtmlValues, type RenderedEmail } from './template-renderer';

/** One template as the API shows it: the company's own (custom) or Faktura's default. */
export interface EmailTemplateView extends EmailTemplateText {
  kind: EmailKind;
  language: DocumentLanguage;
  /** Only on a reminder step's own template: the step's days. */
  step?: number;
  custom: boolean;
  updatedAt: string | null;
}

/** The company's e-mail settings. */
export interface EmailSettingsView {
  paymentThanks: boolean;
  updatedAt: string | null;
}

/** What a rendering may add: the reminder step, unsaved wording (a live preview), markup for the HTML body. */
export interface RenderOptions {
  step?: number | null;
  /** The document asks for no money (an order, a delivery note): Faktura's default leaves out its lines about paying. */
  withoutPayment?: boolean;
  subject?: string;
  body?: string;
  html?: HtmlValues;
}

function view(key: TemplateKey, own: TemplateRow | undefined): EmailTemplateView {
  const { kind, language, step } = key;
  const text = own ?? defaultTemplate(language, kind, step);
  return {
    kind,
    language,
    ...(step === null ? {} : { step }),
    subject: text.subject,
    body: text.body,
    custom: Boolean(own),
    updatedAt: own ? new Date(own.updated_at).toISOString() : null,
  };
}

function keyOf(params: unknown): TemplateKey {
  const { kind, language, step } = parseInput(templateKey, params);
  return { kind, language, step: step ?? null };
}

/**
 * E-mail templates per company, kind and language (section company_settings), a REMINDER also per
 * step: the company's own wording where it wrote one, else Faktura's default. `render` is what the
 * modules that send e-mails call (the documents module's DocumentEmails); `settings` are the
 * company's e-mail switches (payment thanks).
 */
export class EmailTemplates {
  constructor(private readonly clock: Clock) {}

  /**
   * Every kind in every language (kinds in EMAIL_KINDS order, languages cs, en, de), then the
   * company's reminder steps' own templates (by step, then language).
   */
  async list(ctx: RequestContext): Promise<EmailTemplateView[]> {
    const own = await ownTemplates(ctx.em, orgId(ctx));
    const general = EMAIL_KINDS.flatMap((kind) =>
      DOCUMENT_LANGUAGES.map((language) =>
        view(
          { kind, language, step: null },
          own.find((t) => t.kind === kind && t.language === language && t.step === null),
        ),
      ),
    );
    const steps = own.filter((t) => t.step !== null).map((t) => view(t, t));
    return [...general, ...steps];
  }

  async save(ctx: RequestContext, params: unknown, input: unknown): Promise<EmailTemplateView> {
    const key = keyOf(params);
    const { subject, body } = parseInput(saveTemplateInput, input);
    checkVariables(subject, 'subject');
    checkVariables(body, 'body');
    const row = await saveTemplate(ctx.em, orgId(ctx), { ...key, subject, body }, this.clock.now());
    return view(key, row);
  }

  /** Back to Faktura's default (a step's: to the company's general reminder wording, else the default). */
  async reset(ctx: RequestContext, params: unknown): Promise<EmailTemplateView> {
    const key = keyOf(params);
    await removeTemplate(ctx.em, orgId(ctx), key);
    return view(key, undefined);
  }

  /**
   * The e-mail of `kind` in `language` for a company, filled with `variables` (text already written as
   * `language` writes amounts and dates). The wording: `options.subject`/`body` where given, else the
   * company's own (a REMINDER step's own, else the kind's general one), else Faktura's default (for a
   * REMINDER by the step's days: before, on or after the due day). Throws ValidationError naming an
   * unknown variable (a kept template never has one).
   */
  async render(
    em: EntityManager,
    organizationId: string,
    kind: EmailKind,
    language: DocumentLanguage,
    variables: TemplateVariables,
    options: RenderOptions = {},
  ): Promise<RenderedEmail> {
    const step = kind === 'REMINDER' ? (options.step ?? null) : null;
    const fallback = defaultTemplate(language, kind, step);
    const kept =
      (await ownTemplate(em, organizationId, { kind, language, step })) ??
      (options.withoutPayment ? withoutPaymentLines(fallback) : fallback);
    const template = { subject: options.subject ?? kept.subject, body: options.body ?? kept.body };
    return renderTemplate(template, variables, options.html);
  }

  async settings(ctx: RequestContext): Promise<EmailSettingsView> {
    return settingsView(await emailSettings(ctx.em, orgId(ctx)));
  }

  async saveSettings(ctx: RequestContext, input: unknown): Promise<EmailSettingsView> {
    const { paymentThanks } = parseInput(emailSettingsInput, input);
    return settingsView(await saveEmailSettings(ctx.em, orgId(ctx), paymentThanks, this.clock.now()));
  }

  /** Whether the company e-mails its thanks for a payment (off unless switched on). */
  async paymentThanksOn(em: EntityManager, organizationId: string): Promise<boolean> {
    return (await emailSettings(em, organizationId))?.payment_thanks ?? false;
  }
}

function settingsView(row: { payment_thanks: boolean; updated_at: Date | string } | null): EmailSettingsView {
  return {
    paymentThanks: row?.payment_thanks ?? false,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}
