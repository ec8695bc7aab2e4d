import { graphql } from '../../gql';

/** This month and the last, by month, with the receivables aging as of today (GET /reports/statistics). */
export const DashboardStatisticsDocument = graphql(`
  query DashboardStatistics($from: String!, $to: String!) {
    statistics(from: $from, to: $to, groupBy: "month") {
      periods {
        period
        invoiced {
          documentCount
          total
        }
        paid
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
    }
  }
`);

/** Unpaid issued and sent invoices: those due before today are overdue. */
export const DashboardInvoicesDocument = graphql(`
  query DashboardInvoices {
    issued: documents(type: INVOICE, status: ISSUED, limit: 200, sort: "-issuedAt") {
      data {
        ...DashboardInvoice
      }
    }
    sent: documents(type: INVOICE, status: SENT, limit: 200, sort: "-issuedAt") {
      data {
        ...DashboardInvoice
      }
    }
  }
  fragment DashboardInvoice on Document {
    id
    number
    clientName
    dueAt
    currency
    remainingAmount
    sentAt
  }
`);

/** The newest payments each way: the last 30 days' cash in and out. */
export const DashboardPaymentsDocument = graphql(`
  query DashboardPayments {
    incoming: payments(direction: IN, limit: 200, sort: "-createdAt") {
      data {
        ...DashboardPayment
      }
    }
    outgoing: payments(direction: OUT, limit: 200, sort: "-createdAt") {
      data {
        ...DashboardPayment
      }
    }
  }
  fragment DashboardPayment on Payment {
    id
    amount
    currency
    receivedAt
  }
`);

export const DashboardInboxDocument = graphql(`
  query DashboardInbox {
    inboxItems(status: EXTRACTED, limit: 200) {
      data {
        id
      }
      nextCursor
    }
  }
`);

export const DashboardHooksDocument = graphql(`
  query DashboardHooks {
    webhooks(limit: 100) {
      data {
        id
        name
        isActive
      }
    }
    automations(limit: 100) {
      data {
        id
        name
        isActive
      }
    }
  }
`);

export const DashboardWebhookDeliveriesDocument = graphql(`
  query DashboardWebhookDeliveries($webhookId: ID!) {
    webhookDeliveries(webhookId: $webhookId, limit: 1) {
      data {
        id
        status
        createdAt
        attempts {
          at
        }
      }
    }
  }
`);

export const DashboardAutomationRunsDocument = graphql(`
  query DashboardAutomationRuns($automationId: ID!) {
    automationRuns(automationId: $automationId, limit: 1) {
      data {
        id
        status
        startedAt
      }
    }
  }
`);

export const SendReminderDocument = graphql(`
  mutation DashboardSendReminder($id: ID!) {
    sendDocumentEmail(id: $id) {
      id
      status
      sentAt
    }
  }
`);
