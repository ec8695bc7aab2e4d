import { graphql } from '../../gql';

export const AuditLogDocument = graphql(`
  query AuditLog($limit: Int, $cursor: String, $action: AuditAction, $userId: ID) {
    auditLog(limit: $limit, cursor: $cursor, action: $action, userId: $userId) {
      data {
        id
        createdAt
        action
        ip
        userAgent
        details
        actor {
          userId
          email
          kind
          credentialId
        }
        target {
          type
          id
        }
      }
      nextCursor
    }
  }
`);

export const AuditPeopleDocument = graphql(`
  query AuditPeople {
    users(limit: 200) {
      data {
        id
        email
      }
      nextCursor
    }
  }
`);
