import { graphql } from '../../gql';

/** What an item line says in the form and on the detail page. */
export const DocumentItemFieldsFragment = graphql(`
  fragment DocumentItemFields on DocumentItem {
    name
    quantity
    unit
    unitPrice
    vatRate
    priceIncludesVat
  }
`);

export const DocumentListDocument = graphql(`
  query DocumentList(
    $limit: Int
    $cursor: String
    $search: String
    $type: DocumentType
    $status: DocumentStatus
    $contactId: ID
    $from: String
    $to: String
    $sort: String
    $view: ID
    $unpaid: Boolean
    $dueBefore: String
  ) {
    documents(
      limit: $limit
      cursor: $cursor
      search: $search
      type: $type
      status: $status
      contactId: $contactId
      from: $from
      to: $to
      sort: $sort
      view: $view
      unpaid: $unpaid
      dueBefore: $dueBefore
    ) {
      data {
        id
        type
        status
        number
        clientName
        currency
        total
        remainingAmount
        issuedAt
        dueAt
      }
      nextCursor
    }
  }
`);

/** Contacts to pick from (filters and the document form): the first page of active ones, by name. */
export const ContactChoicesDocument = graphql(`
  query ContactChoices {
    contacts(limit: 200, archived: false) {
      data {
        id
        name
        email
      }
    }
  }
`);

/** Products to pick an item from (ProductSummary is the products page's fragment). */
export const ProductChoicesDocument = graphql(`
  query ProductChoices {
    products(limit: 200, active: true) {
      data {
        ...ProductSummary
      }
    }
  }
`);

export const DocumentTotalsPreviewDocument = graphql(`
  query DocumentTotalsPreview($items: [DocumentItemInput!]!, $reverseCharge: ReverseChargeInput) {
    documentTotalsPreview(items: $items, reverseCharge: $reverseCharge) {
      items {
        base
        vat
        total
      }
      vatRates {
        vatRate
        subtotal
        vatTotal
        total
      }
      subtotal
      vatTotal
      total
    }
  }
`);

export const EditDocumentDocument = graphql(`
  query EditDocument($id: ID!) {
    document(id: $id) {
      id
      type
      status
      number
      contactId
      clientName
      currency
      variableSymbol
      note
      validUntil
      language
      exchangeRate
      subtotalCzk
      vatTotalCzk
      totalCzk
      issuedAt
      taxableSupplyDate
      dueAt
      reverseCharge {
        regime
        code
      }
      items {
        ...DocumentItemFields
      }
    }
  }
`);

export const CreateDocumentDocument = graphql(`
  mutation CreateDocument($input: CreateDocumentInput!) {
    createDocument(input: $input) {
      id
      number
    }
  }
`);

export const UpdateDocumentDocument = graphql(`
  mutation UpdateDocument($id: ID!, $input: UpdateDocumentInput!) {
    updateDocument(id: $id, input: $input) {
      id
    }
  }
`);

export const DocumentDetailDocument = graphql(`
  query DocumentDetail($id: ID!) {
    document(id: $id) {
      id
      type
      status
      allowedTransitions
      number
      variableSymbol
      contactId
      clientName
      currency
      items {
        ...DocumentItemFields
        base
        vat
        total
      }
      subtotal
      vatTotal
      total
      paidAmount
      remainingAmount
      creditedAmount
      exchangeRate
      subtotalCzk
      vatTotalCzk
      totalCzk
      correctedDocumentId
      correctedDocumentNumber
      creditNoteReason
      creditNotes {
        id
        number
      }
      language
      tags
      note
      issuedAt
      taxableSupplyDate
      dueAt
      sentAt
      paidAt
      cancelledAt
      publicUrl
      reverseCharge {
        regime
        code
      }
      proformaId
      proformaNumber
      advanceDocuments {
        id
        number
        amount
      }
      finalInvoiceId
      settledAdvances {
        id
        number
        amount
      }
      convertibleTo
      sourceDocumentId
      derivedDocumentIds
      validUntil
      answeredAt
      answerNote
      createdAt
      updatedAt
    }
  }
`);

export const CreateCreditNoteDocument = graphql(`
  mutation CreateCreditNote($id: ID!, $input: CreditNoteInput!) {
    createCreditNote(id: $id, input: $input) {
      id
      number
    }
  }
`);

export const DocumentPaymentsDocument = graphql(`
  query DocumentPayments($documentId: ID!) {
    payments(documentId: $documentId, limit: 200) {
      data {
        id
        amount
        currency
        receivedAt
        variableSymbol
        counterAccount
        matchStatus
        matchedAt
      }
    }
  }
`);

export const DocumentHistoryDocument = graphql(`
  query DocumentHistory($id: ID!) {
    documentHistory(id: $id, limit: 200) {
      data {
        action
        fromStatus
        toStatus
        reason
        userId
        at
      }
    }
  }
`);

export const TransitionDocumentDocument = graphql(`
  mutation TransitionDocument($id: ID!, $status: DocumentStatus!) {
    transitionDocument(id: $id, status: $status) {
      id
      status
    }
  }
`);

export const SendDocumentEmailDocument = graphql(`
  mutation SendDocumentEmail($id: ID!, $input: SendDocumentEmailInput) {
    sendDocumentEmail(id: $id, input: $input) {
      id
      status
      sentAt
    }
  }
`);

export const CreateFinalInvoiceDocument = graphql(`
  mutation CreateFinalInvoice($id: ID!) {
    createFinalInvoice(id: $id) {
      id
    }
  }
`);

export const ConvertDocumentDocument = graphql(`
  mutation ConvertDocument($id: ID!, $input: ConvertDocumentInput!) {
    convertDocument(id: $id, input: $input) {
      id
      number
    }
  }
`);

export const DeleteDocumentDocument = graphql(`
  mutation DeleteDocument($id: ID!) {
    deleteDocument(id: $id)
  }
`);
