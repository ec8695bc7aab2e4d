import { graphql } from '../gql';

export const SavedViewsDocument = graphql(`
  query SavedViews($resource: String) {
    savedViews(resource: $resource, limit: 100) {
      data {
        id
        name
        filters
        sort
        shared
      }
    }
  }
`);

export const CreateSavedViewDocument = graphql(`
  mutation CreateSavedView($input: SavedViewInput!) {
    createSavedView(input: $input) {
      id
      name
      filters
      sort
      shared
    }
  }
`);
