import { graphql } from '../../gql';

// Received costs (issue 30, point 3): the list, a new cost, its detail with payments and attachments,
// and the outgoing payments.

export const CostListDocument = graphql(`
  query CostList(
    $limit: Int
    $cursor: String
    $search: String
    $status: CostStatus
    $kind: CostKind
    $overdue: Boolean
    $from: String
    $to: String
    $view: ID
    $sort: String
  ) {
    costs(
      limit: $limit
      cursor: $cursor
      search: $search
      status: $status
      kind: $kind
      overdue: $overdue
      from: $from
      to: $to
      view: $view
      sort: $sort
    ) {
      data {
        id
        number
        kind
        status
        overdue
        supplierDocumentNumber
        supplier {
          name
        }
        issuedAt
        dueAt
        total
        remainingAmount
        currency
      }
      nextCursor
    }
  }
`);

export const CostSuppliersDocument = graphql(`
  query CostSuppliers {
    suppliers: contacts(type: SUPPLIER, limit: 200, archived: false) {
      data {
        id
        name
      }
    }
    both: contacts(type: BOTH, limit: 200, archived: false) {
      data {
        id
        name
      }
    }
  }
`);

export const CostTotalsPreviewDocument = graphql(`
  query CostTotalsPreview($items: [DocumentItemInput!]!) {
    documentTotalsPreview(items: $items) {
      subtotal
      vatTotal
      total
      vatRates {
        vatRate
        subtotal
        vatTotal
        total
      }
    }
  }
`);

export const CostDetailFieldsFragment = graphql(`
  fragment CostDetailFields on Cost {
    id
    number
    kind
    status
    overdue
    supplierId
    supplier {
      name
      taxId
      vatId
      street
      city
      zip
    }
    supplierDocumentNumber
    variableSymbol
    issuedAt
    receivedAt
    taxableSupplyDate
    vatClaimDate
    dueAt
    paidAt
    cancelledAt
    currency
    subtotal
    vatTotal
    total
    paidAmount
    remainingAmount
    reverseCharge
    taxDeductible
    note
    items {
      name
      quantity
      unit
      unitPrice
      vatRate
      base
      vat
      total
    }
    vatSummary {
      vatRate
      subtotal
      vatTotal
      total
    }
    attachments {
      id
      filename
      contentType
      size
    }
  }
`);

export const CostDocument = graphql(`
  query Cost($id: ID!) {
    cost(id: $id) {
      ...CostDetailFields
    }
    payments(costId: $id, limit: 100) {
      data {
        id
        amount
        currency
        receivedAt
        method
        note
        matchStatus
      }
    }
  }
`);

export const CreateCostDocument = graphql(`
  mutation CreateCost($input: CreateCostInput!) {
    createCost(input: $input) {
      id
      number
    }
  }
`);

export const UpdateCostDocument = graphql(`
  mutation UpdateCost($id: ID!, $input: UpdateCostInput!) {
    updateCost(id: $id, input: $input) {
      ...CostDetailFields
    }
  }
`);

export const CancelCostDocument = graphql(`
  mutation CancelCost($id: ID!) {
    cancelCost(id: $id) {
      ...CostDetailFields
    }
  }
`);

export const DeleteCostDocument = graphql(`
  mutation DeleteCost($id: ID!) {
    deleteCost(id: $id)
  }
`);

export const PayCostDocument = graphql(`
  mutation PayCost($input: CreatePaymentInput!) {
    createPayment(input: $input) {
      id
      amount
      currency
      matchStatus
    }
  }
`);

export const OutgoingPaymentsDocument = graphql(`
  query OutgoingPayments($limit: Int, $cursor: String) {
    payments(direction: OUT, limit: $limit, cursor: $cursor, sort: "-createdAt") {
      data {
        id
        amount
        currency
        receivedAt
        method
        counterAccount
        counterAccountName
        variableSymbol
        matchStatus
        costId
        note
      }
      nextCursor
    }
  }
`);
