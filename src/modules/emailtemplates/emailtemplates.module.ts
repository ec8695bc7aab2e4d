import { defineModule } from '../../core/module';
import { Migration0035EmailTemplates } from '../../migrations/Migration0035EmailTemplates';
import { companyModule } from '../company/company.module';
import { documentsModule } from '../documents/documents.module';
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
export type { RenderedEmail } from './template-renderer';
export type { EmailTemplates } from './emailtemplates.service';

/**
 * E-mail templates (issue 26 point 5): per company, e-mail kind and language a subject and body with
 * {{variables}}; Faktura's defaults otherwise. Other modules render their e-mails through
 * `emailTemplates.render(em, organizationId, kind, language, variables)`.
 */
export const emailTemplatesModule = defineModule({
  name: 'emailtemplates',
  dependsOn: [companyModule, documentsModule],
  migrations: [Migration0035EmailTemplates],
  openapi: emailTemplatesOpenApi,
  build: ({ infra, company, documents }) => {
    const emailTemplates = new EmailTemplates(infra.clock, documents.documents, company.company);
    return {
      services: { emailTemplates },
      routes: { api: (api) => emailTemplateRoutes(api, emailTemplates) },
      resolvers: [new EmailTemplatesResolver(emailTemplates)],
    };
  },
});
