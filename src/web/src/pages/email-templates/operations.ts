import { graphql } from '../../gql';

export const EmailTemplatesDocument = graphql(`
  query EmailTemplates {
    emailTemplates {
      kind
      language
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
      subject
      body
      custom
      updatedAt
    }
  }
`);

export const ResetEmailTemplateDocument = graphql(`
  mutation ResetEmailTemplate($kind: String!, $language: String!) {
    resetEmailTemplate(kind: $kind, language: $language) {
      kind
      language
      custom
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
