import { graphql } from '../../gql';

export const WebhooksDocument = graphql(`
  query Webhooks($limit: Int, $cursor: String) {
    webhooks(limit: $limit, cursor: $cursor) {
      data {
        id
        name
        url
        events
        isActive
        createdAt
      }
      nextCursor
    }
    webhookEvents {
      event
      description
    }
  }
`);

export const CreateWebhookDocument = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      id
      name
      secret
    }
  }
`);

export const UpdateWebhookDocument = graphql(`
  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
    updateWebhook(id: $id, input: $input) {
      id
      name
      url
      events
      isActive
    }
  }
`);

export const DeleteWebhookDocument = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

export const TestWebhookDocument = graphql(`
  mutation TestWebhook($id: ID!) {
    testWebhook(id: $id) {
      delivered
      statusCode
      durationMs
      error
    }
  }
`);

export const WebhookDeliveriesDocument = graphql(`
  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {
    webhook(id: $webhookId) {
      id
      name
      url
    }
    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {
      data {
        id
        event
        status
        createdAt
        attempts {
          number
          at
          statusCode
          durationMs
          error
        }
      }
      nextCursor
    }
  }
`);

export const ReplayWebhookDeliveryDocument = graphql(`
  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {
    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {
      id
      status
    }
  }
`);
