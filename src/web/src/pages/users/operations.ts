import { graphql } from '../../gql';

export const UsersDocument = graphql(`
  query Users($limit: Int, $cursor: String) {
    users(limit: $limit, cursor: $cursor) {
      data {
        id
        email
        role
        departmentIds
        createdAt
        permissions {
          ...PermissionLevels
        }
      }
      nextCursor
    }
    departments(limit: 200) {
      data {
        id
        name
      }
      nextCursor
    }
  }
`);

export const CreateUserDocument = graphql(`
  mutation CreateUser($input: CreateUserInput!) {
    createUser(input: $input) {
      id
      email
    }
  }
`);

export const UpdateUserDocument = graphql(`
  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {
    updateUser(id: $id, input: $input) {
      id
      role
    }
  }
`);

export const DepartmentPageDocument = graphql(`
  query DepartmentPage($limit: Int, $cursor: String) {
    departments(limit: $limit, cursor: $cursor) {
      data {
        id
        name
      }
      nextCursor
    }
  }
`);

export const CreateDepartmentDocument = graphql(`
  mutation CreateDepartment($name: String!) {
    createDepartment(name: $name) {
      id
      name
    }
  }
`);
