import { graphql } from '../../gql';

export const EmailTemplatesDocument = graphql(`
  query EmailTemplates {
    emailTemplates {
      kind
      language
      step
      subject
      body
      custom
      updatedAt
    }
  }
`);

export const SaveEmailTemplateDocument = graphql(`
  mutation SaveEmailTemplate($input: SaveEmailTemplateInput!) {
    saveEmailTemplate(input: $input) {
      kind
      language
      step
      subject
      body
      custom
      updatedAt
    }
  }
`);

export const ResetEmailTemplateDocument = graphql(`
  mutation ResetEmailTemplate($kind: String!, $language: String!, $step: Int) {
    resetEmailTemplate(kind: $kind, language: $language, step: $step) {
      kind
      language
      step
      custom
    }
  }
`);

export const EmailSettingsDocument = graphql(`
  query EmailSettings {
    emailSettings {
      paymentThanks
      updatedAt
    }
  }
`);

export const SaveEmailSettingsDocument = graphql(`
  mutation SaveEmailSettings($paymentThanks: Boolean!) {
    saveEmailSettings(paymentThanks: $paymentThanks) {
      paymentThanks
      updatedAt
    }
  }
`);

export const EmailTemplatePreviewDocument = graphql(`
  query EmailTemplatePreview($input: PreviewEmailTemplateInput!) {
    emailTemplatePreview(input: $input) {
      subject
      text
      language
    }
  }
`);

/** Invoices to preview a template with: those issued since `from` (or the first ones when none), oldest first. */
export const PreviewDocumentsDocument = graphql(`
  query PreviewDocuments($from: String) {
    documents(type: INVOICE, from: $from, limit: 200) {
      data {
        id
        number
        clientName
        issuedAt
      }
    }
  }
`);
