import { graphql } from '../../gql';

export const MySessionsDocument = graphql(`
  query MySessions($limit: Int, $cursor: String) {
    mySessions(limit: $limit, cursor: $cursor) {
      data {
        id
        current
        createdAt
        lastSeenAt
        expiresAt
        ip
        userAgent
      }
      nextCursor
    }
  }
`);

export const EndSessionDocument = graphql(`
  mutation EndSession($id: ID!) {
    endSession(id: $id)
  }
`);
