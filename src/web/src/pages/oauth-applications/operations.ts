import { graphql } from '../../gql';

export const OAuthApplicationsDocument = graphql(`
  query OAuthApplications($limit: Int, $cursor: String) {
    oauthApplications(limit: $limit, cursor: $cursor) {
      data {
        id
        name
        description
        clientId
        confidential
        disabled
        redirectUris
        scopes
        createdAt
      }
      nextCursor
    }
  }
`);

export const RegisterOAuthApplicationDocument = graphql(`
  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {
    registerOAuthApplication(input: $input) {
      id
      name
      clientId
      clientSecret
    }
  }
`);

export const UpdateOAuthApplicationDocument = graphql(`
  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {
    updateOAuthApplication(id: $id, input: $input) {
      id
      name
      disabled
    }
  }
`);

export const RotateOAuthApplicationSecretDocument = graphql(`
  mutation RotateOAuthApplicationSecret($id: ID!) {
    rotateOAuthApplicationSecret(id: $id) {
      clientSecret
    }
  }
`);
