import { defineModule } from '../../core/module';
import { Migration0035EmailTemplates } from '../../migrations/Migration0035EmailTemplates';
import { Migration0037DocumentEmails } from '../../migrations/Migration0037DocumentEmails';
import { companyModule } from '../company/company.module';
import { emailTemplatesOpenApi } from './emailtemplates.openapi';
import { EmailTemplatesResolver } from './emailtemplates.resolver';
import { emailTemplateRoutes } from './emailtemplates.routes';
import { EmailTemplates } from './emailtemplates.service';

export {
  EMAIL_KINDS,
  TEMPLATE_VARIABLES,
  type EmailKind,
  type TemplateVariable,
  type TemplateVariables,
} from './email-templates';
export { htmlOfText, type HtmlValues, type RenderedEmail } from './template-renderer';
export { emailKind, emailLanguage, previewTemplateInput } from './emailtemplates.inputs';
export { PreviewEmailTemplateInput, RenderedEmailType } from './emailtemplates.graphql';
export type { EmailTemplates, RenderOptions } from './emailtemplates.service';

/**
 * E-mail templates (issue 26 point 5): per company, e-mail kind and language (a REMINDER also per
 * step) a subject and body with {{variables}}; Faktura's defaults otherwise; and the company's e-mail
 * settings (payment thanks on or off). The documents module renders every e-mail about a document
 * through `emailTemplates.render(em, organizationId, kind, language, variables, options)` and serves
 * the preview, which shows a document.
 */
export const emailTemplatesModule = defineModule({
  name: 'emailtemplates',
  dependsOn: [companyModule],
  // Migration0037 (listed by documents too): a reminder step's template, email_settings.
  migrations: [Migration0035EmailTemplates, Migration0037DocumentEmails],
  openapi: emailTemplatesOpenApi,
  build: ({ infra }) => {
    const emailTemplates = new EmailTemplates(infra.clock);
    return {
      services: { emailTemplates },
      routes: { api: (api) => emailTemplateRoutes(api, emailTemplates) },
      resolvers: [new EmailTemplatesResolver(emailTemplates)],
    };
  },
});
