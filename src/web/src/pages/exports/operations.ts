import { graphql } from '../../gql';

export const ExportsDocument = graphql(`
  query Exports {
    exports(limit: 20) {
      data {
        id
        resource
        format
        status
        progress {
          done
          total
        }
        error
        createdAt
        finishedAt
        downloadUrl
        downloadExpiresAt
        sizeBytes
      }
    }
  }
`);

export const StartExportDocument = graphql(`
  mutation StartExport($input: CreateExportInput!) {
    createExport(input: $input) {
      id
      status
    }
  }
`);
