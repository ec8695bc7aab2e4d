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

export const StatisticsDocument = graphql(`
  query Statistics($from: String!, $to: String!, $groupBy: String!) {
    statistics(from: $from, to: $to, groupBy: $groupBy) {
      periods {
        period
        invoiced {
          documentCount
          base
          vat
          total
        }
        paid
        costs
        vatBalance
      }
      aging {
        notYetDue {
          amount
          count
        }
        d1_30 {
          amount
          count
        }
        d31_60 {
          amount
          count
        }
        d61_90 {
          amount
          count
        }
        d90plus {
          amount
          count
        }
      }
      topCustomers {
        contactId
        name
        revenue
        documentCount
      }
      topProducts {
        name
        revenue
        quantity
      }
      averageDaysToPayment
    }
  }
`);

export const ControlStatementDocument = graphql(`
  query ReportsControlStatement($period: String!) {
    vatControlStatement(period: $period) {
      period
      a1 {
        documentId
        number
        customerVatId
        taxableSupplyDate
        code
        base
      }
      a4 {
        documentId
        number
        customerVatId
        taxableSupplyDate
        base21
        vat21
        base12
        vat12
        total
      }
      a5 {
        base21
        vat21
        base12
        vat12
      }
      b2 {
        costId
        number
        supplierVatId
        supplierDocumentNumber
        taxableSupplyDate
        base21
        vat21
        base12
        vat12
        total
      }
      b3 {
        base21
        vat21
        base12
        vat12
      }
    }
  }
`);
