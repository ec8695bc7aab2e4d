import { Field, InputType, ObjectType } from 'type-graphql';
import { PartyDetailsType } from '../../core/graphql/party-details';

@ObjectType('CompanySettings')
export class CompanySettingsType extends PartyDetailsType {
  @Field(() => String, { nullable: true }) legalName!: string | null;
  @Field() vatPayer!: boolean;
  @Field(() => String, { nullable: true }) iban!: string | null;
  @Field(() => String, { nullable: true, description: 'Czech form derived from a Czech iban' }) accountNumber!:
    string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true, description: 'The § 435 commercial register line' }) registryText!:
    string | null;
  @Field({ description: 'Issued documents cannot be edited; corrections go through credit notes' })
  lockIssuedDocuments!: boolean;
}

/** null or "" clears an optional field; absent fields do not change. */
@InputType()
export class UpdateCompanySettingsInput {
  @Field(() => String, { nullable: true }) legalName?: string | null;
  @Field(() => String, { nullable: true, description: 'IČO: 8 digits with its mod-11 check digit' }) taxId?:
    string | null;
  @Field(() => String, { nullable: true, description: 'DIČ: CZ + 8–10 digits' }) vatId?: string | null;
  @Field(() => String, { nullable: true }) street?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) zip?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => Boolean, { nullable: true }) vatPayer?: boolean;
  @Field(() => String, { nullable: true }) iban?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) registryText?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'true: the content of ISSUED and SENT documents can no longer be edited (DOCUMENT_LOCKED)',
  })
  lockIssuedDocuments?: boolean;
}

@ObjectType('DocumentLook')
export class DocumentLookType {
  @Field() accentColor!: string;
  @Field(() => String, { nullable: true }) footerText!: string | null;
  @Field({ description: 'cs, en or de' }) language!: string;
  @Field(() => String, { nullable: true, description: 'image/png or image/svg+xml' }) logoContentType!: string | null;
  @Field(() => String, { nullable: true }) logoSha256!: string | null;
}

@InputType()
export class UpdateDocumentLookInput {
  @Field(() => String, { nullable: true, description: '#RRGGBB' }) accentColor?: string;
  @Field(() => String, { nullable: true }) footerText?: string | null;
  @Field(() => String, { nullable: true, description: 'cs, en or de' }) language?: string;
}

@InputType()
export class UploadLogoInput {
  @Field({ description: 'image/png or image/svg+xml' }) contentType!: string;
  @Field({ description: 'The image, base64' }) data!: string;
}

@ObjectType('TaxFilingSettings')
export class TaxFilingSettingsType {
  @Field(() => String, { nullable: true, description: 'Finanční úřad (c_ufo), 3 digits' }) taxOfficeCode!:
    string | null;
  @Field(() => String, { nullable: true, description: 'Územní pracoviště (c_pracufo), 4 digits' })
  taxOfficeWorkplaceCode!: string | null;
  @Field(() => String, { nullable: true, description: 'LEGAL_PERSON or NATURAL_PERSON' }) filerType!: string | null;
  @Field(() => String, { nullable: true }) filerFirstName!: string | null;
  @Field(() => String, { nullable: true }) filerLastName!: string | null;
  @Field(() => String, { nullable: true, description: 'MONTHLY or QUARTERLY' }) vatPeriod!: string | null;
  @Field(() => String, { nullable: true, description: 'CZ-NACE of the main activity (c_okec)' }) naceCode!:
    string | null;
}

/** null or "" clears a field; absent fields do not change. */
@InputType()
export class UpdateTaxFilingSettingsInput {
  @Field(() => String, { nullable: true }) taxOfficeCode?: string | null;
  @Field(() => String, { nullable: true }) taxOfficeWorkplaceCode?: string | null;
  @Field(() => String, { nullable: true, description: 'LEGAL_PERSON or NATURAL_PERSON' }) filerType?: string | null;
  @Field(() => String, { nullable: true }) filerFirstName?: string | null;
  @Field(() => String, { nullable: true }) filerLastName?: string | null;
  @Field(() => String, { nullable: true, description: 'MONTHLY or QUARTERLY' }) vatPeriod?: string | null;
  @Field(() => String, { nullable: true }) naceCode?: string | null;
}
