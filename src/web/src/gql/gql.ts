/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ApiKeys($limit: Int, $cursor: String) {\n    apiKeys(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        redacted\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  query QuotaUsage($cursor: String) {\n    quotaUsage(limit: 200, cursor: $cursor) {\n      data {\n        credentialId\n        credentialType\n        used\n        limit\n        remaining\n      }\n      nextCursor\n    }\n  }\n": typeof types.QuotaUsageDocument,
    "\n  mutation CreateApiKey($name: String!) {\n    createApiKey(name: $name) {\n      id\n      name\n      key\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation DeleteApiKey($id: ID!) {\n    deleteApiKey(id: $id)\n  }\n": typeof types.DeleteApiKeyDocument,
    "\n  query OAuthGrants($limit: Int, $cursor: String) {\n    oauthGrants(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        scopes\n        createdAt\n        updatedAt\n        application {\n          id\n          name\n          description\n        }\n      }\n      nextCursor\n    }\n  }\n": typeof types.OAuthGrantsDocument,
    "\n  mutation RevokeOAuthGrant($id: ID!) {\n    revokeOAuthGrant(id: $id)\n  }\n": typeof types.RevokeOAuthGrantDocument,
    "\n  query Notifications($limit: Int, $cursor: String, $read: Boolean) {\n    notifications(limit: $limit, cursor: $cursor, read: $read) {\n      data {\n        id\n        type\n        title\n        message\n        read\n        createdAt\n        documentId\n        webhookId\n      }\n      nextCursor\n    }\n  }\n": typeof types.NotificationsDocument,
    "\n  mutation MarkNotificationRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      id\n      read\n    }\n  }\n": typeof types.MarkNotificationReadDocument,
    "\n  query OAuthApplications($limit: Int, $cursor: String) {\n    oauthApplications(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        description\n        clientId\n        confidential\n        disabled\n        redirectUris\n        scopes\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.OAuthApplicationsDocument,
    "\n  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {\n    registerOAuthApplication(input: $input) {\n      id\n      name\n      clientId\n      clientSecret\n    }\n  }\n": typeof types.RegisterOAuthApplicationDocument,
    "\n  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {\n    updateOAuthApplication(id: $id, input: $input) {\n      id\n      name\n      disabled\n    }\n  }\n": typeof types.UpdateOAuthApplicationDocument,
    "\n  mutation RotateOAuthApplicationSecret($id: ID!) {\n    rotateOAuthApplicationSecret(id: $id) {\n      clientSecret\n    }\n  }\n": typeof types.RotateOAuthApplicationSecretDocument,
    "\n  query PosDevices($limit: Int, $cursor: String) {\n    posDevices(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        prefix\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.PosDevicesDocument,
    "\n  mutation CreatePosDevice($name: String!, $prefix: String) {\n    createPosDevice(name: $name, prefix: $prefix) {\n      id\n      name\n      token\n    }\n  }\n": typeof types.CreatePosDeviceDocument,
    "\n  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {\n    updatePosDevice(id: $id, name: $name, prefix: $prefix) {\n      id\n      name\n      prefix\n    }\n  }\n": typeof types.UpdatePosDeviceDocument,
    "\n  mutation RotatePosDeviceToken($id: ID!) {\n    rotatePosDeviceToken(id: $id) {\n      token\n    }\n  }\n": typeof types.RotatePosDeviceTokenDocument,
    "\n  mutation RevokePosDevice($id: ID!) {\n    revokePosDevice(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokePosDeviceDocument,
    "\n  query Users($limit: Int, $cursor: String) {\n    users(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        email\n        role\n        departmentIds\n        createdAt\n        permissions {\n          ...PermissionLevels\n        }\n      }\n      nextCursor\n    }\n    departments(limit: 200) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n": typeof types.UsersDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n": typeof types.CreateUserDocument,
    "\n  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      role\n    }\n  }\n": typeof types.UpdateUserDocument,
    "\n  query DepartmentPage($limit: Int, $cursor: String) {\n    departments(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n": typeof types.DepartmentPageDocument,
    "\n  mutation CreateDepartment($name: String!) {\n    createDepartment(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.CreateDepartmentDocument,
    "\n  query Webhooks($limit: Int, $cursor: String) {\n    webhooks(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        url\n        events\n        isActive\n        createdAt\n      }\n      nextCursor\n    }\n    webhookEvents {\n      event\n      description\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n    }\n  }\n": typeof types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation TestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n": typeof types.TestWebhookDocument,
    "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {\n    webhook(id: $webhookId) {\n      id\n      name\n      url\n    }\n    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        id\n        event\n        status\n        createdAt\n        attempts {\n          number\n          at\n          statusCode\n          durationMs\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": typeof types.ReplayWebhookDeliveryDocument,
    "\n  fragment PermissionLevels on Permissions {\n    documents\n    costs\n    contacts\n    reports\n    payments\n    automations\n    company_settings\n  }\n": typeof types.PermissionLevelsFragmentDoc,
    "\n  query Shell {\n    me {\n      user {\n        id\n        email\n        role\n        permissions {\n          ...PermissionLevels\n        }\n      }\n    }\n    organization {\n      id\n      name\n      plan\n    }\n  }\n": typeof types.ShellDocument,
    "\n  query UnreadCount {\n    notifications(read: false, limit: 100) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n": typeof types.UnreadCountDocument,
    "\n  mutation LogOut {\n    logOut\n  }\n": typeof types.LogOutDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.SignUpDocument,
};
const documents: Documents = {
    "\n  query ApiKeys($limit: Int, $cursor: String) {\n    apiKeys(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        redacted\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": types.ApiKeysDocument,
    "\n  query QuotaUsage($cursor: String) {\n    quotaUsage(limit: 200, cursor: $cursor) {\n      data {\n        credentialId\n        credentialType\n        used\n        limit\n        remaining\n      }\n      nextCursor\n    }\n  }\n": types.QuotaUsageDocument,
    "\n  mutation CreateApiKey($name: String!) {\n    createApiKey(name: $name) {\n      id\n      name\n      key\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation DeleteApiKey($id: ID!) {\n    deleteApiKey(id: $id)\n  }\n": types.DeleteApiKeyDocument,
    "\n  query OAuthGrants($limit: Int, $cursor: String) {\n    oauthGrants(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        scopes\n        createdAt\n        updatedAt\n        application {\n          id\n          name\n          description\n        }\n      }\n      nextCursor\n    }\n  }\n": types.OAuthGrantsDocument,
    "\n  mutation RevokeOAuthGrant($id: ID!) {\n    revokeOAuthGrant(id: $id)\n  }\n": types.RevokeOAuthGrantDocument,
    "\n  query Notifications($limit: Int, $cursor: String, $read: Boolean) {\n    notifications(limit: $limit, cursor: $cursor, read: $read) {\n      data {\n        id\n        type\n        title\n        message\n        read\n        createdAt\n        documentId\n        webhookId\n      }\n      nextCursor\n    }\n  }\n": types.NotificationsDocument,
    "\n  mutation MarkNotificationRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      id\n      read\n    }\n  }\n": types.MarkNotificationReadDocument,
    "\n  query OAuthApplications($limit: Int, $cursor: String) {\n    oauthApplications(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        description\n        clientId\n        confidential\n        disabled\n        redirectUris\n        scopes\n        createdAt\n      }\n      nextCursor\n    }\n  }\n": types.OAuthApplicationsDocument,
    "\n  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {\n    registerOAuthApplication(input: $input) {\n      id\n      name\n      clientId\n      clientSecret\n    }\n  }\n": types.RegisterOAuthApplicationDocument,
    "\n  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {\n    updateOAuthApplication(id: $id, input: $input) {\n      id\n      name\n      disabled\n    }\n  }\n": types.UpdateOAuthApplicationDocument,
    "\n  mutation RotateOAuthApplicationSecret($id: ID!) {\n    rotateOAuthApplicationSecret(id: $id) {\n      clientSecret\n    }\n  }\n": types.RotateOAuthApplicationSecretDocument,
    "\n  query PosDevices($limit: Int, $cursor: String) {\n    posDevices(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        prefix\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n      nextCursor\n    }\n  }\n": types.PosDevicesDocument,
    "\n  mutation CreatePosDevice($name: String!, $prefix: String) {\n    createPosDevice(name: $name, prefix: $prefix) {\n      id\n      name\n      token\n    }\n  }\n": types.CreatePosDeviceDocument,
    "\n  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {\n    updatePosDevice(id: $id, name: $name, prefix: $prefix) {\n      id\n      name\n      prefix\n    }\n  }\n": types.UpdatePosDeviceDocument,
    "\n  mutation RotatePosDeviceToken($id: ID!) {\n    rotatePosDeviceToken(id: $id) {\n      token\n    }\n  }\n": types.RotatePosDeviceTokenDocument,
    "\n  mutation RevokePosDevice($id: ID!) {\n    revokePosDevice(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokePosDeviceDocument,
    "\n  query Users($limit: Int, $cursor: String) {\n    users(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        email\n        role\n        departmentIds\n        createdAt\n        permissions {\n          ...PermissionLevels\n        }\n      }\n      nextCursor\n    }\n    departments(limit: 200) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n": types.UsersDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n": types.CreateUserDocument,
    "\n  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      role\n    }\n  }\n": types.UpdateUserDocument,
    "\n  query DepartmentPage($limit: Int, $cursor: String) {\n    departments(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n": types.DepartmentPageDocument,
    "\n  mutation CreateDepartment($name: String!) {\n    createDepartment(name: $name) {\n      id\n      name\n    }\n  }\n": types.CreateDepartmentDocument,
    "\n  query Webhooks($limit: Int, $cursor: String) {\n    webhooks(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        url\n        events\n        isActive\n        createdAt\n      }\n      nextCursor\n    }\n    webhookEvents {\n      event\n      description\n    }\n  }\n": types.WebhooksDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n    }\n  }\n": types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation TestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n": types.TestWebhookDocument,
    "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {\n    webhook(id: $webhookId) {\n      id\n      name\n      url\n    }\n    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        id\n        event\n        status\n        createdAt\n        attempts {\n          number\n          at\n          statusCode\n          durationMs\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": types.ReplayWebhookDeliveryDocument,
    "\n  fragment PermissionLevels on Permissions {\n    documents\n    costs\n    contacts\n    reports\n    payments\n    automations\n    company_settings\n  }\n": types.PermissionLevelsFragmentDoc,
    "\n  query Shell {\n    me {\n      user {\n        id\n        email\n        role\n        permissions {\n          ...PermissionLevels\n        }\n      }\n    }\n    organization {\n      id\n      name\n      plan\n    }\n  }\n": types.ShellDocument,
    "\n  query UnreadCount {\n    notifications(read: false, limit: 100) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n": types.UnreadCountDocument,
    "\n  mutation LogOut {\n    logOut\n  }\n": types.LogOutDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n": types.SignUpDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys($limit: Int, $cursor: String) {\n    apiKeys(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        redacted\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys($limit: Int, $cursor: String) {\n    apiKeys(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        redacted\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuotaUsage($cursor: String) {\n    quotaUsage(limit: 200, cursor: $cursor) {\n      data {\n        credentialId\n        credentialType\n        used\n        limit\n        remaining\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query QuotaUsage($cursor: String) {\n    quotaUsage(limit: 200, cursor: $cursor) {\n      data {\n        credentialId\n        credentialType\n        used\n        limit\n        remaining\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($name: String!) {\n    createApiKey(name: $name) {\n      id\n      name\n      key\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($name: String!) {\n    createApiKey(name: $name) {\n      id\n      name\n      key\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteApiKey($id: ID!) {\n    deleteApiKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteApiKey($id: ID!) {\n    deleteApiKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OAuthGrants($limit: Int, $cursor: String) {\n    oauthGrants(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        scopes\n        createdAt\n        updatedAt\n        application {\n          id\n          name\n          description\n        }\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query OAuthGrants($limit: Int, $cursor: String) {\n    oauthGrants(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        scopes\n        createdAt\n        updatedAt\n        application {\n          id\n          name\n          description\n        }\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeOAuthGrant($id: ID!) {\n    revokeOAuthGrant(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeOAuthGrant($id: ID!) {\n    revokeOAuthGrant(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Notifications($limit: Int, $cursor: String, $read: Boolean) {\n    notifications(limit: $limit, cursor: $cursor, read: $read) {\n      data {\n        id\n        type\n        title\n        message\n        read\n        createdAt\n        documentId\n        webhookId\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Notifications($limit: Int, $cursor: String, $read: Boolean) {\n    notifications(limit: $limit, cursor: $cursor, read: $read) {\n      data {\n        id\n        type\n        title\n        message\n        read\n        createdAt\n        documentId\n        webhookId\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      id\n      read\n    }\n  }\n"): (typeof documents)["\n  mutation MarkNotificationRead($id: ID!) {\n    markNotificationRead(id: $id) {\n      id\n      read\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OAuthApplications($limit: Int, $cursor: String) {\n    oauthApplications(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        description\n        clientId\n        confidential\n        disabled\n        redirectUris\n        scopes\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query OAuthApplications($limit: Int, $cursor: String) {\n    oauthApplications(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        description\n        clientId\n        confidential\n        disabled\n        redirectUris\n        scopes\n        createdAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {\n    registerOAuthApplication(input: $input) {\n      id\n      name\n      clientId\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation RegisterOAuthApplication($input: RegisterOAuthApplicationInput!) {\n    registerOAuthApplication(input: $input) {\n      id\n      name\n      clientId\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {\n    updateOAuthApplication(id: $id, input: $input) {\n      id\n      name\n      disabled\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOAuthApplication($id: ID!, $input: UpdateOAuthApplicationInput!) {\n    updateOAuthApplication(id: $id, input: $input) {\n      id\n      name\n      disabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateOAuthApplicationSecret($id: ID!) {\n    rotateOAuthApplicationSecret(id: $id) {\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation RotateOAuthApplicationSecret($id: ID!) {\n    rotateOAuthApplicationSecret(id: $id) {\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PosDevices($limit: Int, $cursor: String) {\n    posDevices(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        prefix\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query PosDevices($limit: Int, $cursor: String) {\n    posDevices(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        prefix\n        createdAt\n        lastUsedAt\n        revokedAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePosDevice($name: String!, $prefix: String) {\n    createPosDevice(name: $name, prefix: $prefix) {\n      id\n      name\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePosDevice($name: String!, $prefix: String) {\n    createPosDevice(name: $name, prefix: $prefix) {\n      id\n      name\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {\n    updatePosDevice(id: $id, name: $name, prefix: $prefix) {\n      id\n      name\n      prefix\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePosDevice($id: ID!, $name: String, $prefix: String) {\n    updatePosDevice(id: $id, name: $name, prefix: $prefix) {\n      id\n      name\n      prefix\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotatePosDeviceToken($id: ID!) {\n    rotatePosDeviceToken(id: $id) {\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation RotatePosDeviceToken($id: ID!) {\n    rotatePosDeviceToken(id: $id) {\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokePosDevice($id: ID!) {\n    revokePosDevice(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokePosDevice($id: ID!) {\n    revokePosDevice(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Users($limit: Int, $cursor: String) {\n    users(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        email\n        role\n        departmentIds\n        createdAt\n        permissions {\n          ...PermissionLevels\n        }\n      }\n      nextCursor\n    }\n    departments(limit: 200) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query Users($limit: Int, $cursor: String) {\n    users(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        email\n        role\n        departmentIds\n        createdAt\n        permissions {\n          ...PermissionLevels\n        }\n      }\n      nextCursor\n    }\n    departments(limit: 200) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DepartmentPage($limit: Int, $cursor: String) {\n    departments(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query DepartmentPage($limit: Int, $cursor: String) {\n    departments(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDepartment($name: String!) {\n    createDepartment(name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDepartment($name: String!) {\n    createDepartment(name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks($limit: Int, $cursor: String) {\n    webhooks(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        url\n        events\n        isActive\n        createdAt\n      }\n      nextCursor\n    }\n    webhookEvents {\n      event\n      description\n    }\n  }\n"): (typeof documents)["\n  query Webhooks($limit: Int, $cursor: String) {\n    webhooks(limit: $limit, cursor: $cursor) {\n      data {\n        id\n        name\n        url\n        events\n        isActive\n        createdAt\n      }\n      nextCursor\n    }\n    webhookEvents {\n      event\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n      secret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      events\n      isActive\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation TestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {\n    webhook(id: $webhookId) {\n      id\n      name\n      url\n    }\n    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        id\n        event\n        status\n        createdAt\n        attempts {\n          number\n          at\n          statusCode\n          durationMs\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($webhookId: ID!, $limit: Int, $cursor: String, $status: String) {\n    webhook(id: $webhookId) {\n      id\n      name\n      url\n    }\n    webhookDeliveries(webhookId: $webhookId, limit: $limit, cursor: $cursor, status: $status) {\n      data {\n        id\n        event\n        status\n        createdAt\n        attempts {\n          number\n          at\n          statusCode\n          durationMs\n          error\n        }\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation ReplayWebhookDelivery($webhookId: ID!, $deliveryId: ID!) {\n    replayWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PermissionLevels on Permissions {\n    documents\n    costs\n    contacts\n    reports\n    payments\n    automations\n    company_settings\n  }\n"): (typeof documents)["\n  fragment PermissionLevels on Permissions {\n    documents\n    costs\n    contacts\n    reports\n    payments\n    automations\n    company_settings\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Shell {\n    me {\n      user {\n        id\n        email\n        role\n        permissions {\n          ...PermissionLevels\n        }\n      }\n    }\n    organization {\n      id\n      name\n      plan\n    }\n  }\n"): (typeof documents)["\n  query Shell {\n    me {\n      user {\n        id\n        email\n        role\n        permissions {\n          ...PermissionLevels\n        }\n      }\n    }\n    organization {\n      id\n      name\n      plan\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnreadCount {\n    notifications(read: false, limit: 100) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query UnreadCount {\n    notifications(read: false, limit: 100) {\n      data {\n        id\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogOut {\n    logOut\n  }\n"): (typeof documents)["\n  mutation LogOut {\n    logOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      id\n      name\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;