import { graphql } from '../../gql';

export const OAuthGrantsDocument = graphql(`
  query OAuthGrants($limit: Int, $cursor: String) {
    oauthGrants(limit: $limit, cursor: $cursor) {
      data {
        id
        scopes
        createdAt
        updatedAt
        application {
          id
          name
          description
        }
      }
      nextCursor
    }
  }
`);

export const RevokeOAuthGrantDocument = graphql(`
  mutation RevokeOAuthGrant($id: ID!) {
    revokeOAuthGrant(id: $id)
  }
`);
