import { graphql } from '../../gql';

graphql(`
  fragment ExtractedValue on ExtractedText {
    value
    confidence
  }
`);

export const InboxItemFieldsFragment = graphql(`
  fragment InboxItemFields on InboxItem {
    id
    status
    filename
    contentType
    size
    pages
    method
    engine
    failureReason
    supplierContactId
    duplicateCostId
    costId
    createdAt
    processedAt
    fields {
      supplierIco {
        ...ExtractedValue
      }
      supplierDic {
        ...ExtractedValue
      }
      supplierName {
        ...ExtractedValue
      }
      documentNumber {
        ...ExtractedValue
      }
      variableSymbol {
        ...ExtractedValue
      }
      issueDate {
        ...ExtractedValue
      }
      taxableSupplyDate {
        ...ExtractedValue
      }
      dueDate {
        ...ExtractedValue
      }
      total {
        ...ExtractedValue
      }
      currency {
        ...ExtractedValue
      }
      iban {
        ...ExtractedValue
      }
      accountNumber {
        ...ExtractedValue
      }
      vat {
        rate
        base
        vat
        confidence
      }
    }
  }
`);

/** A row of the list: what was read in a few words (the whole reading is the review's; a page of 200 stays within the query cost). */
export const InboxRowFragment = graphql(`
  fragment InboxRow on InboxItem {
    id
    status
    filename
    failureReason
    duplicateCostId
    createdAt
    fields {
      supplierName {
        value
      }
      documentNumber {
        value
      }
      total {
        value
      }
      currency {
        value
      }
    }
  }
`);

export const InboxItemsDocument = graphql(`
  query InboxItems($limit: Int, $cursor: String, $status: InboxItemStatus) {
    inboxItems(limit: $limit, cursor: $cursor, status: $status) {
      data {
        ...InboxRow
      }
      nextCursor
    }
  }
`);

export const InboxItemDocument = graphql(`
  query InboxItem($id: ID!) {
    inboxItem(id: $id) {
      ...InboxItemFields
    }
  }
`);

/** Suppliers to choose from (needs contacts read; the review works without it, with the matched contact). */
export const InboxSuppliersDocument = graphql(`
  query InboxSuppliers {
    contacts(limit: 200, archived: false) {
      data {
        id
        name
        type
        taxId
      }
    }
  }
`);

export const DeleteInboxItemDocument = graphql(`
  mutation DeleteInboxItem($id: ID!) {
    deleteInboxItem(id: $id)
  }
`);

export const ConfirmInboxItemDocument = graphql(`
  mutation ConfirmInboxItem($id: ID!, $input: ConfirmInboxItemInput) {
    confirmInboxItem(id: $id, input: $input) {
      item {
        ...InboxItemFields
      }
      cost {
        id
        number
        supplier {
          name
        }
        total
        currency
      }
    }
  }
`);

export const InboxCostDocument = graphql(`
  query InboxCost($id: ID!) {
    cost(id: $id) {
      id
      number
      status
      supplier {
        name
      }
      supplierDocumentNumber
      variableSymbol
      total
      currency
      attachments {
        filename
      }
    }
  }
`);
