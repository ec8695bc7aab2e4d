import { graphql } from '../../gql';

graphql(`
  fragment StatementImportResult on StatementImport {
    summary {
      imported
      duplicates
      matched
    }
    lines {
      transactionId
      result
      payment {
        id
        matchStatus
      }
    }
  }
`);

export const BankAccountsDocument = graphql(`
  query BankAccounts {
    bankAccounts(limit: 200) {
      data {
        id
        name
        accountNumber
        iban
        currency
        kind
      }
    }
  }
`);

export const CreateBankAccountDocument = graphql(`
  mutation CreateBankAccount($input: CreateBankAccountInput!) {
    createBankAccount(input: $input) {
      id
      name
    }
  }
`);

export const ImportPaymentsDocument = graphql(`
  mutation ImportPayments($input: ImportPaymentsInput!) {
    importPayments(input: $input) {
      ...StatementImportResult
    }
  }
`);

export const PaymentListDocument = graphql(`
  query PaymentList($limit: Int, $cursor: String, $matchStatus: PaymentMatchStatus, $bankAccountId: ID, $view: ID) {
    payments(limit: $limit, cursor: $cursor, matchStatus: $matchStatus, bankAccountId: $bankAccountId, view: $view) {
      data {
        id
        transactionId
        amount
        currency
        direction
        receivedAt
        variableSymbol
        counterAccount
        matchStatus
        documentId
        costId
        suggestion {
          documentId
          number
          clientName
          currency
          remainingAmount
          reason
          appliedAmount
        }
      }
      nextCursor
    }
  }
`);

/** An open invoice a payment can be matched to. */
export const OpenDocumentFieldsFragment = graphql(`
  fragment OpenDocumentFields on Document {
    id
    number
    clientName
    remainingAmount
    currency
  }
`);

export const OpenDocumentsDocument = graphql(`
  query OpenDocuments {
    issued: documents(status: ISSUED, type: INVOICE, limit: 200) {
      data {
        ...OpenDocumentFields
      }
    }
    sent: documents(status: SENT, type: INVOICE, limit: 200) {
      data {
        ...OpenDocumentFields
      }
    }
  }
`);

export const MatchPaymentDocument = graphql(`
  mutation MatchPayment($id: ID!, $documentId: ID) {
    matchPayment(id: $id, documentId: $documentId) {
      id
      matchStatus
      documentId
    }
  }
`);

export const UnmatchPaymentDocument = graphql(`
  mutation UnmatchPayment($id: ID!) {
    unmatchPayment(id: $id) {
      id
      matchStatus
    }
  }
`);

graphql(`
  fragment StatementPreviewFields on StatementPreview {
    format
    summary {
      new
      duplicates
    }
    lines {
      transactionId
      result
      amount
      currency
      direction
      receivedAt
      variableSymbol
      counterAccount
      counterAccountName
      message
    }
  }
`);

export const PreviewPaymentsDocument = graphql(`
  query PreviewPayments($input: ImportPaymentsInput!) {
    previewPayments(input: $input) {
      ...StatementPreviewFields
    }
  }
`);

export const PreviewStatementFileDocument = graphql(`
  query PreviewStatementFile($input: StatementFileInput!) {
    previewStatementFile(input: $input) {
      ...StatementPreviewFields
    }
  }
`);

export const ImportStatementFileDocument = graphql(`
  mutation ImportStatementFile($input: StatementFileInput!) {
    importStatementFile(input: $input) {
      ...StatementImportResult
    }
  }
`);

/** The open received costs an outgoing payment can be matched to. */
export const OpenCostsDocument = graphql(`
  query OpenCosts {
    costs(status: OPEN, limit: 200, sort: "-issuedAt") {
      data {
        id
        number
        supplierDocumentNumber
        supplier {
          name
        }
        remainingAmount
        currency
      }
    }
  }
`);

export const MatchPaymentToCostDocument = graphql(`
  mutation MatchPaymentToCost($id: ID!, $costId: ID!) {
    matchPayment(id: $id, costId: $costId) {
      id
      matchStatus
      costId
    }
  }
`);
