import type { EntityManager } from '@mikro-orm/postgresql';
import { allows } from '../../core/access';
import { czechDate, type Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { MissingScopeError } from '../../core/errors';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../../core/languages';
import { parseInput } from '../../core/validation';
import type { CompanyService } from '../company/company.module';
import { formatAmount, formatDate, type DocumentsService } from '../documents/documents.module';
import {
  DEFAULT_TEMPLATES,
  EMAIL_KINDS,
  type EmailKind,
  type EmailTemplateText,
  type TemplateVariables,
} from './email-templates';
import { previewTemplateInput, saveTemplateInput, templateKey } from './emailtemplates.inputs';
import { ownTemplate, ownTemplates, removeTemplate, saveTemplate, type TemplateRow } from './emailtemplates.queries';
import { checkVariables, renderTemplate, type RenderedEmail } from './template-renderer';

/** One template as the API shows it: the company's own (custom) or Faktura's default. */
export interface EmailTemplateView extends EmailTemplateText {
  kind: EmailKind;
  language: DocumentLanguage;
  custom: boolean;
  updatedAt: string | null;
}

const DAY_MS = 86_400_000;

function view(kind: EmailKind, language: DocumentLanguage, own: TemplateRow | undefined): EmailTemplateView {
  const text = own ?? DEFAULT_TEMPLATES[language][kind];
  return {
    kind,
    language,
    subject: text.subject,
    body: text.body,
    custom: Boolean(own),
    updatedAt: own ? new Date(own.updated_at).toISOString() : null,
  };
}

/**
 * E-mail templates per company, kind and language (section company_settings): the company's own
 * wording where it wrote one, else Faktura's default. `render` is what the modules that send e-mails call.
 */
export class EmailTemplates {
  constructor(
    private readonly clock: Clock,
    private readonly documents: Pick<DocumentsService, 'get'>,
    private readonly company: Pick<CompanyService, 'getLook'>,
  ) {}

  /** Every kind in every language (kinds in EMAIL_KINDS order, languages cs, en, de). */
  async list(ctx: RequestContext): Promise<EmailTemplateView[]> {
    const own = await ownTemplates(ctx.em, orgId(ctx));
    return EMAIL_KINDS.flatMap((kind) =>
      DOCUMENT_LANGUAGES.map((language) =>
        view(
          kind,
          language,
          own.find((t) => t.kind === kind && t.language === language),
        ),
      ),
    );
  }

  async save(ctx: RequestContext, params: unknown, input: unknown): Promise<EmailTemplateView> {
    const { kind, language } = parseInput(templateKey, params);
    const { subject, body } = parseInput(saveTemplateInput, input);
    checkVariables(subject, 'subject');
    checkVariables(body, 'body');
    const row = await saveTemplate(ctx.em, orgId(ctx), { kind, language, subject, body }, this.clock.now());
    return view(kind, language, row);
  }

  /** Back to Faktura's default. */
  async reset(ctx: RequestContext, params: unknown): Promise<EmailTemplateView> {
    const { kind, language } = parseInput(templateKey, params);
    await removeTemplate(ctx.em, orgId(ctx), kind, language);
    return view(kind, language, undefined);
  }

  /**
   * A template rendered with a document's values (the kept wording unless subject or body is given):
   * the live preview of the templates page.
   */
  async preview(ctx: RequestContext, input: unknown): Promise<RenderedEmail & { language: DocumentLanguage }> {
    const data = parseInput(previewTemplateInput, input);
    // The route needs company_settings: read; the document's values need documents: read too.
    if (!allows(authed(ctx).principal.permissions, 'documents', 'read')) throw new MissingScopeError('documents:read');
    const doc = await this.documents.get(ctx, data.documentId);
    const language = data.language ?? doc.language ?? (await this.company.getLook(ctx)).language;
    const kept = await this.template(ctx.em, orgId(ctx), data.kind, language);
    const template = { subject: data.subject ?? kept.subject, body: data.body ?? kept.body };
    const variables: TemplateVariables = {
      documentNumber: doc.number,
      amountDue: `${formatAmount(doc.remainingAmount, language)} ${doc.currency}`,
      dueDate: formatDate(new Date(doc.dueAt), language),
      daysOverdue: String(this.daysOverdue(new Date(doc.dueAt))),
      variableSymbol: doc.variableSymbol ?? '',
      company: authed(ctx).principal.organization.name,
      contact: doc.clientName ?? '',
      publicLink: doc.publicUrl,
    };
    return { ...renderTemplate(template, variables), language };
  }

  /**
   * The e-mail of `kind` in `language` for a company, its own wording or the default, filled with
   * `variables` (text already written as `language` writes amounts and dates). Throws
   * ValidationError naming an unknown variable (a kept template never has one).
   */
  async render(
    em: EntityManager,
    organizationId: string,
    kind: EmailKind,
    language: DocumentLanguage,
    variables: TemplateVariables,
  ): Promise<RenderedEmail> {
    return renderTemplate(await this.template(em, organizationId, kind, language), variables);
  }

  private async template(
    em: EntityManager,
    organizationId: string,
    kind: EmailKind,
    language: DocumentLanguage,
  ): Promise<EmailTemplateText> {
    return (await ownTemplate(em, organizationId, kind, language)) ?? DEFAULT_TEMPLATES[language][kind];
  }

  /** Whole Czech calendar days since the due day; 0 before it. */
  private daysOverdue(dueAt: Date): number {
    const days = (Date.parse(czechDate(this.clock.now())) - Date.parse(czechDate(dueAt))) / DAY_MS;
    return Math.max(0, Math.round(days));
  }
}
