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
  query DashboardInvoices($today: String!) {
    overdue: documents(type: INVOICE, unpaid: true, dueBefore: $today, limit: 200, sort: "issuedAt") {
      data {
        ...DashboardInvoice
      }
      nextCursor
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

/** The last 30 days' cash in and out: CZK payments per Czech day, from the statistics. */
export const DashboardCashDocument = graphql(`
  query DashboardCash($from: String!, $to: String!) {
    statistics(from: $from, to: $to, groupBy: "day") {
      periods {
        period
        cashIn
        cashOut
      }
    }
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
    sendDocumentEmail(id: $id, input: { kind: "REMINDER" }) {
      id
      status
      sentAt
    }
  }
`);
