import { graphql } from '../../gql';

export const ReportsDocument = graphql(`
  query Reports($from: String!, $to: String!) {
    vatReport(from: $from, to: $to) {
      rates {
        currency
        vatRate
        base
        vat
        total
      }
      input {
        currency
        vatRate
        base
        vat
        total
      }
      balance {
        currency
        outputVat
        inputVat
        reverseChargeVat
        difference
        result
      }
    }
    salesReport(from: $from, to: $to) {
      byRate {
        currency
        vatRate
        base
        vat
        total
      }
      totals {
        currency
        documentCount
        base
        vat
        total
        paidAmount
        outstandingAmount
      }
      czkTotal {
        documentCount
        total
        unconvertedDocumentCount
      }
    }
  }
`);
