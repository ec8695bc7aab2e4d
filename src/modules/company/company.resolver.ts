import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import {
  CompanySettingsType,
  DocumentLookType,
  TaxFilingSettingsType,
  UpdateCompanySettingsInput,
  UpdateTaxFilingSettingsInput,
  UpdateDocumentLookInput,
  UploadLogoInput,
} from './company.graphql';
import type { CompanyService } from './company.service';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;

/** The same service as REST /settings/company, /settings/tax-filing and /settings/document-look. */
@Resolver()
export class CompanyResolver {
  constructor(private readonly company: CompanyService) {}

  @Query(() => CompanySettingsType)
  @Requires(READ)
  companySettings(@Ctx() { rc }: GraphQLContext) {
    return this.company.get(rc);
  }

  @Mutation(() => CompanySettingsType)
  @Requires(WRITE)
  updateCompanySettings(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => UpdateCompanySettingsInput) input: UpdateCompanySettingsInput,
  ) {
    return this.company.update(rc, plain(input));
  }

  @Query(() => TaxFilingSettingsType)
  @Requires(READ)
  taxFilingSettings(@Ctx() { rc }: GraphQLContext) {
    return this.company.getTaxFiling(rc);
  }

  @Mutation(() => TaxFilingSettingsType)
  @Requires(WRITE)
  updateTaxFilingSettings(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => UpdateTaxFilingSettingsInput) input: UpdateTaxFilingSettingsInput,
  ) {
    return this.company.updateTaxFiling(rc, plain(input));
  }

  @Query(() => DocumentLookType)
  @Requires(READ)
  documentLook(@Ctx() { rc }: GraphQLContext) {
    return this.company.getLook(rc);
  }

  @Mutation(() => DocumentLookType)
  @Requires(WRITE)
  updateDocumentLook(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => UpdateDocumentLookInput) input: UpdateDocumentLookInput,
  ) {
    return this.company.updateLook(rc, plain(input));
  }

  @Mutation(() => DocumentLookType)
  @Requires(WRITE)
  uploadCompanyLogo(@Ctx() { rc }: GraphQLContext, @Arg('input', () => UploadLogoInput) input: UploadLogoInput) {
    return this.company.uploadLogo(rc, plain(input));
  }

  @Mutation(() => DocumentLookType)
  @Requires(WRITE)
  deleteCompanyLogo(@Ctx() { rc }: GraphQLContext) {
    return this.company.deleteLogo(rc);
  }
}
