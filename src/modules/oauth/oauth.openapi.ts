import * as oa from '../../core/openapi/builders';
import { AUTHORIZATION_PARAMS } from './authorization-request';
import { registerApplicationInput, updateApplicationInput } from './oauth.inputs';

/** OpenAPI 3.1 path items of the OAuth module (assembled into /api/v1/openapi.json). */
const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const form = (schema: Record<string, unknown>) => ({
  'application/x-www-form-urlencoded': { schema },
  'application/json': { schema },
});
const ref = (description: string) => ({ description });
/** The lists of this module spell their page out (`{ data, nextCursor }`). */
const page = (items: Record<string, unknown>) => ({
  description: 'Page',
  content: json({
    type: 'object',
    properties: { data: { type: 'array', items }, nextCursor: { type: ['string', 'null'] } },
  }),
});
/** The body of a form posted from one of the HTML pages. */
const pageForm = (properties: Record<string, unknown>) => ({
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } },
});
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const pageParams = oa.pageParameters;
/** Malformed requests (a body that is not JSON, wrong parameters) are 400 on every route. */
const badRequest = { $ref: '#/components/responses/BadRequest' };
/** Pages that only ever redirect have no 2xx answer; anything else than the redirect is a failure. */
const unexpected = { default: { description: 'Unexpected failure (500)' } };
const scopeList = { type: 'array', items: { type: 'string', pattern: '^[a-z_]+:(read|write)$' } };
const application = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    description: { type: 'string' },
    clientId: { type: 'string', pattern: '^fci_[0-9a-f]{32}$' },
    redirectUris: { type: 'array', items: { type: 'string', format: 'uri' } },
    scopes: scopeList,
    confidential: { type: 'boolean' },
    disabled: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};
const grant = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    application: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        description: { type: 'string' },
        clientId: { type: 'string' },
      },
    },
    scopes: scopeList,
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};
const oauthError = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
};
const tokenResponse = {
  type: 'object',
  properties: {
    access_token: { type: 'string', pattern: '^fat_[0-9a-f]{64}$' },
    token_type: { const: 'Bearer' },
    expires_in: { const: 3600 },
    refresh_token: { type: 'string', pattern: '^frt_[0-9a-f]{64}$' },
    scope: { type: 'string' },
  },
};
const clientAuth = {
  client_id: { type: 'string' },
  client_secret: { type: 'string', description: 'Confidential clients, unless sent by HTTP Basic' },
};
const protocolErrors = {
  '400': {
    description: 'invalid_request, invalid_grant, invalid_scope or unsupported_grant_type',
    content: json(oauthError),
  },
  '401': { description: 'invalid_client', content: json(oauthError) },
  '429': {
    description:
      'temporarily_unavailable: too many failed client authentications from this address (AUTH_FAILED_PER_IP_MINUTE)',
    headers: { 'Retry-After': { description: 'Seconds until the window passes', schema: { type: 'integer' } } },
    content: json(oauthError),
  },
  '503': {
    description: 'temporarily_unavailable: password hashing is busy',
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    content: json(oauthError),
  },
};
const standard = { '401': ref('Not authenticated'), '403': ref('Missing company_settings:write or not a session') };

export const oauthOpenApi: Record<string, Record<string, unknown>> = {
  '/api/v1/oauth/scopes': {
    get: {
      operationId: 'listOAuthScopes',
      summary: 'Scope catalog with the labels shown to users',
      security: [],
      responses: {
        '200': {
          description: 'Scopes',
          content: json({
            type: 'object',
            properties: {
              scopes: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    scope: { type: 'string' },
                    section: { type: 'string' },
                    access: { enum: ['read', 'write'] },
                    label: { type: 'string' },
                  },
                },
              },
            },
          }),
        },
        '400': badRequest,
      },
    },
  },
  '/api/v1/oauth/applications': {
    get: {
      operationId: 'listOAuthApplications',
      summary: 'List OAuth applications of the company',
      parameters: pageParams,
      responses: {
        '200': page(application),
        ...standard,
      },
    },
    post: {
      operationId: 'registerOAuthApplication',
      summary: 'Register an OAuth application (the client secret is shown once)',
      requestBody: { required: true, content: json(oa.fromZod(registerApplicationInput)) },
      responses: {
        '201': {
          description: 'Registered',
          content: json({
            ...application,
            properties: { ...application.properties, clientSecret: { type: 'string', pattern: '^fcs_[0-9a-f]{64}$' } },
          }),
        },
        '400': ref('VALIDATION_FAILED'),
        ...standard,
      },
    },
  },
  '/api/v1/oauth/applications/{id}': {
    get: {
      operationId: 'getOAuthApplication',
      summary: 'One OAuth application',
      parameters: [idParam],
      responses: {
        '200': { description: 'Application', content: json(application) },
        '404': ref('Not found'),
        ...standard,
      },
    },
    patch: {
      operationId: 'updateOAuthApplication',
      summary: 'Edit or disable an OAuth application (disabling ends API access of its tokens at once)',
      parameters: [idParam],
      requestBody: { required: true, content: json(oa.fromZod(updateApplicationInput)) },
      responses: {
        '200': { description: 'Application', content: json(application) },
        '400': ref('VALIDATION_FAILED'),
        '404': ref('Not found'),
        ...standard,
      },
    },
  },
  '/api/v1/oauth/applications/{id}/rotate-secret': {
    post: {
      operationId: 'rotateOAuthClientSecret',
      summary: 'Issue a new client secret; the old one is invalid at once',
      parameters: [idParam],
      responses: {
        '200': {
          description: 'New secret',
          content: json({ type: 'object', properties: { clientSecret: { type: 'string' } } }),
        },
        '404': ref('Not found'),
        '409': ref('PUBLIC_CLIENT'),
        ...standard,
      },
    },
  },
  '/api/v1/oauth/grants': {
    get: {
      operationId: 'listOAuthGrants',
      summary: "The logged-in user's connected applications",
      parameters: pageParams,
      responses: {
        '200': page(grant),
        '401': ref('Not authenticated'),
      },
    },
  },
  '/api/v1/oauth/grants/{id}': {
    delete: {
      operationId: 'revokeOAuthGrant',
      summary: 'Revoke a connected application: all its tokens answer 401 at once',
      parameters: [idParam],
      responses: { '204': ref('Revoked'), '404': ref('Not found'), '401': ref('Not authenticated') },
    },
  },
  '/api/v1/oauth/me': {
    get: {
      operationId: 'getOAuthEffectiveAccess',
      summary: 'Effective access of the calling OAuth access token',
      responses: {
        '200': {
          description: 'Effective access',
          content: json({
            type: 'object',
            properties: {
              applicationId: { type: 'string' },
              grantId: { type: 'string' },
              userId: { type: 'string' },
              organization: { type: 'object' },
              scope: { type: 'string' },
              permissions: { type: 'object' },
              departmentIds: { type: ['array', 'null'], items: { type: 'string' } },
            },
          }),
        },
        '401': ref('Invalid or expired token'),
        '403': ref('Not an OAuth access token'),
      },
    },
  },
  '/api/v1/oauth/token': {
    post: {
      operationId: 'requestOAuthToken',
      summary: 'Token endpoint: authorization_code and refresh_token grants (RFC 6749, PKCE RFC 7636)',
      security: [],
      parameters: [
        {
          name: 'Authorization',
          in: 'header',
          schema: { type: 'string' },
          description: 'Basic client authentication (form-urlencoded id and secret)',
        },
      ],
      requestBody: {
        required: true,
        content: form({
          type: 'object',
          required: ['grant_type'],
          properties: {
            grant_type: { enum: ['authorization_code', 'refresh_token'] },
            code: { type: 'string' },
            redirect_uri: { type: 'string' },
            code_verifier: { type: 'string', minLength: 43, maxLength: 128 },
            refresh_token: { type: 'string' },
            scope: { type: 'string' },
            ...clientAuth,
          },
        }),
      },
      responses: {
        '200': { description: 'Token response (Cache-Control: no-store)', content: json(tokenResponse) },
        ...protocolErrors,
      },
    },
  },
  '/api/v1/oauth/revoke': {
    post: {
      operationId: 'revokeOAuthToken',
      summary: 'Revoke an access or refresh token (RFC 7009); ends the whole consent; 200 even for unknown tokens',
      security: [],
      requestBody: {
        required: true,
        content: form({
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string' }, token_type_hint: { type: 'string' }, ...clientAuth },
        }),
      },
      responses: { '200': ref('Revoked (or nothing to revoke)'), ...protocolErrors },
    },
  },
  '/api/v1/oauth/authorize': {
    get: {
      operationId: 'authorizeOAuthClient',
      summary: 'Authorization endpoint: validates the request and redirects to the consent screen',
      security: [],
      parameters: AUTHORIZATION_PARAMS.map((name) => ({
        name,
        in: 'query',
        required: !['scope', 'code_challenge', 'code_challenge_method'].includes(name),
        schema: { type: 'string' },
      })),
      responses: {
        '302': ref('To the consent screen, or to redirect_uri with error, state and iss'),
        '400': { description: 'invalid_request (bad redirect_uri): not redirected', content: json(oauthError) },
        '401': { description: 'invalid_client: not redirected', content: json(oauthError) },
        ...unexpected,
      },
    },
  },
  '/.well-known/oauth-authorization-server': {
    get: {
      operationId: 'getOAuthServerMetadata',
      summary: 'Authorization server metadata (RFC 8414)',
      security: [],
      responses: {
        '200': {
          description: 'Metadata',
          content: json({ type: 'object', properties: { issuer: { type: 'string' } } }),
        },
        '400': badRequest,
      },
    },
  },
  '/app/login': {
    get: {
      operationId: 'showLoginPage',
      summary: 'Login page (HTML)',
      security: [],
      parameters: [{ name: 'return_to', in: 'query', schema: { type: 'string' } }],
      responses: { '200': { description: 'HTML form', content: { 'text/html': {} } }, '400': badRequest },
    },
    post: {
      operationId: 'submitLoginPage',
      summary: 'Log in from the page; sets the session cookie',
      security: [],
      requestBody: pageForm({
        email: { type: 'string' },
        password: { type: 'string' },
        csrf: { type: 'string' },
        return_to: { type: 'string' },
      }),
      responses: {
        '200': {
          description:
            'The person has two-factor login: the code form (HTML; input `code`, button "Verify"), posting to /app/login/2fa',
          content: { 'text/html': {} },
        },
        '303': ref('Logged in: back to return_to (a same-origin path), else to the web app at /app/'),
        '401': ref('Wrong e-mail or password (HTML)'),
        '403': ref('CSRF token invalid (HTML)'),
        ...unexpected,
      },
    },
  },
  '/app/login/2fa': {
    post: {
      operationId: 'submitLoginCodePage',
      summary: 'The second step of a two-factor login from the page; sets the session cookie',
      security: [],
      requestBody: pageForm({
        mfa_token: { type: 'string', maxLength: 512 },
        code: { type: 'string', maxLength: 64 },
        csrf: { type: 'string', maxLength: 512 },
        return_to: { type: 'string', maxLength: 8192 },
      }),
      responses: {
        '303': ref('Logged in: back to return_to (a same-origin path), else to the web app at /app/'),
        '401': ref('Wrong code (the code form again), or the login step expired (the login form)'),
        '403': ref('CSRF token invalid (HTML)'),
        ...unexpected,
      },
    },
  },
  '/app/oauth/consent': {
    get: {
      operationId: 'showConsentPage',
      summary: 'Consent screen (HTML)',
      security: [],
      parameters: AUTHORIZATION_PARAMS.map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
      responses: {
        '200': { description: 'HTML consent form', content: { 'text/html': {} } },
        '302': ref('To /app/login, or back to the client with an error'),
        '400': ref('Invalid client or redirect URI (HTML, not redirected)'),
      },
    },
    post: {
      operationId: 'submitConsentPage',
      summary: 'Allow or Deny from the consent screen',
      security: [],
      requestBody: pageForm({
        decision: { enum: ['allow', 'deny'] },
        scope: { type: 'array', items: { type: 'string' } },
        csrf: { type: 'string' },
      }),
      responses: {
        '303': ref('To redirect_uri with code, state and iss (or error=access_denied)'),
        '403': ref('CSRF token invalid (HTML)'),
        ...unexpected,
      },
    },
  },
};
