import { graphql } from '../../gql';

export const PosDevicesDocument = graphql(`
  query PosDevices($limit: Int, $cursor: String) {
    posDevices(limit: $limit, cursor: $cursor) {
      data {
        id
        name
        prefix
        createdAt
        lastUsedAt
        revokedAt
      }
      nextCursor
    }
  }
`);

export const CreatePosDeviceDocument = graphql(`
  mutation CreatePosDevice($name: String!, $prefix: String) {
    createPosDevice(name: $name, prefix: $prefix) {
      id
      name
      token
    }
  }
`);

export const UpdatePosDeviceDocument = graphql(`
  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {
    updatePosDevice(id: $id, name: $name, prefix: $prefix) {
      id
      name
      prefix
    }
  }
`);

export const RotatePosDeviceTokenDocument = graphql(`
  mutation RotatePosDeviceToken($id: ID!) {
    rotatePosDeviceToken(id: $id) {
      token
    }
  }
`);

export const RevokePosDeviceDocument = graphql(`
  mutation RevokePosDevice($id: ID!) {
    revokePosDevice(id: $id) {
      id
      revokedAt
    }
  }
`);
