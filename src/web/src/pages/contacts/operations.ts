import { graphql } from '../../gql';

export const ContactFieldsFragment = graphql(`
  fragment ContactFields on Contact {
    id
    type
    name
    email
    phone
    taxId
    vatId
    street
    city
    zip
    country
    language
    archived
    updatedAt
  }
`);

export const ContactsDocument = graphql(`
  query Contacts($limit: Int, $cursor: String, $search: String, $archived: Boolean, $view: ID) {
    contacts(limit: $limit, cursor: $cursor, search: $search, archived: $archived, view: $view) {
      data {
        ...ContactFields
      }
      nextCursor
    }
  }
`);

export const ContactDocument = graphql(`
  query Contact($id: ID!) {
    contact(id: $id) {
      ...ContactFields
    }
  }
`);

export const CreateContactDocument = graphql(`
  mutation CreateContact($input: CreateContactInput!) {
    createContact(input: $input) {
      ...ContactFields
    }
  }
`);

export const UpdateContactDocument = graphql(`
  mutation UpdateContact($id: ID!, $input: UpdateContactInput!) {
    updateContact(id: $id, input: $input) {
      ...ContactFields
    }
  }
`);
