import { graphql } from '../../gql';

export const NumberingSeriesDocument = graphql(`
  query NumberingSeries {
    numberingSeries {
      documentType
      format
      restart
      nextNumber
      preview
    }
  }
`);

export const UpdateNumberingSeriesDocument = graphql(`
  mutation UpdateNumberingSeries($series: [NumberingSeriesInput!]!) {
    updateNumberingSeries(series: $series) {
      documentType
      preview
    }
  }
`);

export const CompanySettingsDocument = graphql(`
  query CompanySettings {
    companySettings {
      legalName
      taxId
      vatId
      vatPayer
      street
      city
      zip
      country
      iban
      accountNumber
      email
      phone
      registryText
      lockIssuedDocuments
    }
    taxFilingSettings {
      taxOfficeCode
      taxOfficeWorkplaceCode
      filerType
      filerFirstName
      filerLastName
      vatPeriod
      naceCode
    }
    documentLook {
      accentColor
      footerText
      language
      logoContentType
    }
  }
`);

export const UpdateCompanySettingsDocument = graphql(`
  mutation UpdateCompanySettings($input: UpdateCompanySettingsInput!) {
    updateCompanySettings(input: $input) {
      accountNumber
    }
  }
`);

export const UpdateTaxFilingSettingsDocument = graphql(`
  mutation UpdateTaxFilingSettings($input: UpdateTaxFilingSettingsInput!) {
    updateTaxFilingSettings(input: $input) {
      taxOfficeCode
    }
  }
`);

export const UpdateDocumentLookDocument = graphql(`
  mutation UpdateDocumentLook($input: UpdateDocumentLookInput!) {
    updateDocumentLook(input: $input) {
      accentColor
    }
  }
`);

export const UploadCompanyLogoDocument = graphql(`
  mutation UploadCompanyLogo($input: UploadLogoInput!) {
    uploadCompanyLogo(input: $input) {
      logoContentType
    }
  }
`);

export const DeleteCompanyLogoDocument = graphql(`
  mutation DeleteCompanyLogo {
    deleteCompanyLogo {
      logoContentType
    }
  }
`);
