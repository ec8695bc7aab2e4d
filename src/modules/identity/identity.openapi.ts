import { MANAGERS, SESSION_DURING_2FA_SETUP, SESSION_ONLY } from '../../core/http/gate';
import { SECTIONS } from '../../core/access';
import * as oa from '../../core/openapi/builders';
import * as inputs from './identity.inputs';

const level: oa.Schema = { type: 'string', enum: ['none', 'read', 'write'] };
const permissions = oa.object(Object.fromEntries(SECTIONS.map((s) => [s, level])));
const organization = oa.object({
  id: oa.uuid,
  name: oa.string,
  plan: { type: 'string', enum: ['FREE', 'BASIC', 'PRO', 'AI'] },
});
const userRef = oa.object({ id: oa.uuid, email: { ...oa.string, format: 'email' } });
const user = oa.object({
  id: oa.uuid,
  email: { ...oa.string, format: 'email' },
  role: { type: 'string', enum: ['OWNER', 'ADMIN', 'MEMBER'] },
  permissions,
  departmentIds: { type: ['array', 'null'], items: oa.uuid, description: 'null = all departments' },
  createdAt: oa.dateTime,
});
const department = oa.object({ id: oa.uuid, name: oa.string });
const me = oa.object({
  user,
  organizations: { type: 'array', items: organization },
  language: {
    type: ['string', 'null'],
    enum: ['cs', 'en', null],
    description: 'The web app language the person chose; null: the company default (Czech for a company in CZ)',
  },
});
const session = (extra: Record<string, oa.Schema>) =>
  oa.object({
    token: {
      ...oa.string,
      description: 'Session token fks_<64 hex> (a server-side session): Authorization: Bearer or cookie session',
    },
    user: userRef,
    ...extra,
  });
const sessionRow = oa.object({
  id: oa.uuid,
  createdAt: oa.dateTime,
  lastSeenAt: { ...oa.dateTime, description: 'Updated at most once a minute' },
  expiresAt: oa.dateTime,
  ip: { ...oa.string, description: 'Client address at login' },
  userAgent: { ...oa.string, description: 'User-Agent at login' },
  current: { type: 'boolean', description: 'The session of this request' },
});
const tags = ['Identity'];
const own = { tags, access: SESSION_DURING_2FA_SETUP };
const error = { 'application/json': { schema: oa.schemaRef('Error') } };
const retryAfter = (description: string) => ({ 'Retry-After': { description, schema: oa.integer } });
/** Password hashing is capped (src/modules/identity/passwords.ts). */
const busy = {
  '503': {
    description: 'SERVICE_BUSY: password hashing is at capacity; retry after Retry-After',
    headers: retryAfter('Seconds to wait'),
    content: error,
  },
};
const throttled = (what: string) => ({
  '429': {
    description: `TOO_MANY_ATTEMPTS: ${what}`,
    headers: retryAfter('Seconds until the window passes'),
    content: error,
  },
});
const managers = { tags, access: MANAGERS, description: 'OWNER or ADMIN session.' };

export const identityOpenApi: oa.PathItems = {
  '/api/v1/auth/signup': {
    post: oa.operation({
      operationId: 'signup',
      summary: 'Create a company and its OWNER',
      tags,
      access: { public: true },
      body: inputs.signupInput,
      ok: {
        status: '201',
        description: 'Logged in as the new OWNER; the company starts on plan FREE',
        schema: session({ organization }),
      },
      errors: ['400', '409'],
      otherResponses: { ...throttled('too many signups from this address (AUTH_SIGNUPS_PER_IP_HOUR)'), ...busy },
    }),
  },
  '/api/v1/auth/login': {
    post: oa.operation({
      operationId: 'login',
      summary: 'Log in with e-mail and password',
      tags,
      access: { public: true },
      body: inputs.loginInput,
      ok: {
        description: 'A session and the companies of the person',
        schema: session({ organizations: { type: 'array', items: organization } }),
      },
      errors: ['400'],
      otherResponses: {
        '401': {
          description: 'INVALID_CREDENTIALS: wrong e-mail or password (never says which)',
          content: error,
        },
        ...throttled(
          '5 failures for this person within 15 minutes (every attempt, the right password too, until the window passes), or too many failures from this address (AUTH_FAILED_PER_IP_MINUTE)',
        ),
        ...busy,
      },
    }),
  },
  '/api/v1/auth/logout': {
    post: oa.operation({
      ...own,
      operationId: 'logout',
      summary: 'End the session of this request; its token answers 401 from the next request and the cookie is cleared',
      ok: { status: '204', description: 'Logged out' },
    }),
  },
  '/api/v1/auth/sessions': {
    get: oa.operation({
      ...own,
      operationId: 'listSessions',
      summary: 'The live sessions of the logged-in person (any of their companies)',
      parameters: oa.pageParameters,
      ok: { description: 'A page of sessions, oldest first', schema: oa.pageOf(sessionRow) },
    }),
  },
  '/api/v1/auth/sessions/{id}': {
    delete: oa.operation({
      ...own,
      operationId: 'endSession',
      summary: 'End one of the person’s own sessions; its token answers 401 from its next request',
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Ended' },
      errors: ['404'],
    }),
  },
  '/api/v1/auth/password': {
    post: oa.operation({
      ...own,
      operationId: 'changePassword',
      summary: 'Change the password (the current one is needed) and end every other session of the person',
      description:
        'The new password: at least 12 characters, not a common or breached password, not the e-mail. A wrong currentPassword is 400 VALIDATION_FAILED naming currentPassword.',
      body: inputs.changePasswordInput,
      ok: {
        description: 'Changed; how many other sessions were ended',
        schema: oa.object({ endedSessions: oa.integer }),
      },
    }),
  },
  '/api/v1/auth/me': {
    get: oa.operation({
      operationId: 'me',
      summary: 'The logged-in person and their companies',
      tags,
      access: SESSION_ONLY,
      ok: { description: 'The person', schema: me },
    }),
    patch: oa.operation({
      operationId: 'setMyLanguage',
      summary: 'The web app language of the logged-in person (cs or en; null: the company default)',
      tags,
      access: SESSION_ONLY,
      body: inputs.setLanguageInput,
      ok: { description: 'The person', schema: me },
      errors: ['400'],
    }),
  },
  '/api/v1/organization': {
    get: oa.operation({
      operationId: 'getOrganization',
      summary: 'The company of the credential',
      tags,
      access: { authenticated: true },
      ok: { description: 'The company', schema: organization },
    }),
    patch: oa.operation({
      operationId: 'updateOrganization',
      summary: 'Rename the company',
      tags,
      access: { section: 'company_settings', access: 'write' },
      body: inputs.updateOrganizationInput,
      ok: { description: 'The company', schema: organization },
      errors: ['400'],
    }),
  },
  '/api/v1/users': {
    get: oa.operation({
      ...managers,
      operationId: 'listUsers',
      summary: 'Users of the company',
      parameters: oa.pageParameters,
      ok: { description: 'A page of users', schema: oa.pageOf(user) },
      errors: ['400'],
    }),
    post: oa.operation({
      ...managers,
      operationId: 'createUser',
      summary: 'Add a user (ADMIN or MEMBER) with section permissions and departments',
      description:
        'Only an OWNER adds an ADMIN. Nobody grants a level they lack (403 FORBIDDEN naming the refused scope); a caller limited to billing departments gives only some of its own (default: its own), never null = all.',
      body: inputs.createUserInput,
      ok: { status: '201', description: 'The user', schema: user },
      errors: ['400', '409'],
      otherResponses: busy,
    }),
  },
  '/api/v1/users/{id}': {
    get: oa.operation({
      ...managers,
      operationId: 'getUser',
      summary: 'One user',
      parameters: [oa.idParameter],
      ok: { description: 'The user', schema: user },
      errors: ['404'],
    }),
    patch: oa.operation({
      ...managers,
      operationId: 'updateUser',
      summary: 'Change role, permissions or departments (not of the OWNER)',
      description:
        'Not of oneself (403). Only an OWNER changes an ADMIN or makes someone ADMIN; nobody grants a level they lack (403 FORBIDDEN naming the refused scope); a caller limited to billing departments gives only some of its own.',
      parameters: [oa.idParameter],
      body: inputs.updateUserInput,
      ok: { description: 'The user', schema: user },
      errors: ['400', '404'],
    }),
    delete: oa.operation({
      ...managers,
      operationId: 'removeUser',
      summary:
        'Remove a person from the company and end all their sessions (the OWNER and oneself cannot be removed; only the OWNER removes an ADMIN)',
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Removed' },
      errors: ['404'],
    }),
  },
  '/api/v1/departments': {
    get: oa.operation({
      ...managers,
      operationId: 'listDepartments',
      summary: 'Billing departments',
      parameters: oa.pageParameters,
      ok: {
        description: 'A page of departments',
        schema: oa.pageOf({
          ...department,
          properties: { ...(department.properties as object), createdAt: oa.dateTime },
        }),
      },
      errors: ['400'],
    }),
    post: oa.operation({
      ...managers,
      operationId: 'createDepartment',
      summary: 'Add a billing department',
      body: inputs.createDepartmentInput,
      ok: { status: '201', description: 'The department', schema: department },
      errors: ['400'],
    }),
  },
};
