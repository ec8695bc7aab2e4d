import { graphql } from '../../gql';

export const NotificationsDocument = graphql(`
  query Notifications($limit: Int, $cursor: String, $read: Boolean) {
    notifications(limit: $limit, cursor: $cursor, read: $read) {
      data {
        id
        type
        title
        message
        read
        createdAt
        documentId
        webhookId
      }
      nextCursor
    }
  }
`);

export const MarkNotificationReadDocument = graphql(`
  mutation MarkNotificationRead($id: ID!) {
    markNotificationRead(id: $id) {
      id
      read
    }
  }
`);
