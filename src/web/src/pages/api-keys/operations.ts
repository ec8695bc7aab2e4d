import { graphql } from '../../gql';

export const ApiKeysDocument = graphql(`
  query ApiKeys($limit: Int, $cursor: String) {
    apiKeys(limit: $limit, cursor: $cursor) {
      data {
        id
        name
        redacted
        permissions {
          documents
          costs
          contacts
          reports
          company_settings
          payments
          automations
        }
        createdAt
      }
      nextCursor
    }
  }
`);

export const QuotaUsageDocument = graphql(`
  query QuotaUsage($cursor: String) {
    quotaUsage(limit: 200, cursor: $cursor) {
      data {
        credentialId
        credentialType
        used
        limit
        remaining
      }
      nextCursor
    }
  }
`);

export const CreateApiKeyDocument = graphql(`
  mutation CreateApiKey($name: String!, $permissions: PermissionsInput) {
    createApiKey(name: $name, permissions: $permissions) {
      id
      name
      key
    }
  }
`);

export const DeleteApiKeyDocument = graphql(`
  mutation DeleteApiKey($id: ID!) {
    deleteApiKey(id: $id)
  }
`);
