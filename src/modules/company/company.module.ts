import { defineModule } from '../../core/module';
import { Migration0012CompanyDocuments } from '../../migrations/Migration0012CompanyDocuments';
import { Migration0023DocumentVersions } from '../../migrations/Migration0023DocumentVersions';
import { Migration0043TaxFiling } from '../../migrations/Migration0043TaxFiling';
import { identityModule } from '../identity/identity.module';
import { CompanyProfile } from './company-profile.entity';
import { companyOpenApi } from './company.openapi';
import { CompanyResolver } from './company.resolver';
import { companyRoutes } from './company.routes';
import { CompanyService } from './company.service';
import { DefaultLanguageResolver } from './default-language.resolver';

// What documents print with: the company's profile and the languages a document can be printed in.
export type { CompanyProfile, DocumentLanguage, FilerType, VatPeriod } from './company-profile.entity';
export type { TaxFilingView } from './company.views';
export type { CompanyService } from './company.service';
// A new document's statement reads the company's language in place (documents.queries.ts).
export { companyLanguageSql } from './company.queries';

export const companyModule = defineModule({
  name: 'company',
  dependsOn: [identityModule],
  entities: [CompanyProfile],
  // Migration0012 also creates document_pdfs and the document search indexes; Migration0023 adds
  // lockIssuedDocuments beside the document versions (both listed by documents too); Migration0043 the
  // tax filing settings (tax office, filer type, VAT period, CZ-NACE).
  migrations: [Migration0012CompanyDocuments, Migration0023DocumentVersions, Migration0043TaxFiling],
  openapi: companyOpenApi,
  build: ({ infra }) => {
    const company = new CompanyService(infra.clock);
    return {
      services: { company },
      routes: { api: (api) => companyRoutes(api, company) },
      resolvers: [new CompanyResolver(company), new DefaultLanguageResolver(company)],
    };
  },
});
