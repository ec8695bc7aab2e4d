import { SESSION_DURING_2FA_SETUP, SESSION_ONLY } from '../../core/http/gate';
import * as oa from '../../core/openapi/builders';
import * as inputs from './two-factor.inputs';

const tags = ['Identity'];
const organization = oa.object({
  id: oa.uuid,
  name: oa.string,
  plan: { type: 'string', enum: ['FREE', 'BASIC', 'PRO', 'AI'] },
});
const requirement = oa.object({ required: oa.boolean });
const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: oa.schemaRef('Error') } },
});
const setupNote =
  ' Also open to a person whose company requires two-factor login they have not enabled yet (every other route answers them 403 TWO_FACTOR_REQUIRED).';

export const twoFactorOpenApi: oa.PathItems = {
  '/api/v1/auth/login/2fa': {
    post: oa.operation({
      operationId: 'loginSecondFactor',
      summary: 'Complete a login with two-factor: the mfaToken of the login answer and a code',
      description:
        'The code is the current 6-digit TOTP code (each accepted once) or one of the recovery codes (each usable once). The mfaToken is single use and expires 5 minutes after the login; 5 wrong codes end it.',
      tags,
      access: { public: true },
      body: inputs.loginSecondFactorInput,
      ok: {
        description: 'The same answer as a login without two-factor',
        schema: oa.object({
          token: { ...oa.string, description: 'Session: Authorization: Bearer or cookie session' },
          user: oa.object({ id: oa.uuid, email: { ...oa.string, format: 'email' } }),
          organizations: { type: 'array', items: organization },
        }),
      },
      errors: ['400'],
      otherResponses: {
        '401': errorBody(
          'INVALID_MFA_TOKEN: the token is unknown, expired or used (log in again); INVALID_TWO_FACTOR_CODE: wrong, expired or used code',
        ),
      },
    }),
  },
  '/api/v1/auth/2fa': {
    get: oa.operation({
      operationId: 'getTwoFactorStatus',
      summary: 'Whether the person has two-factor login on, and the company requires it',
      description: `Session.${setupNote}`,
      tags,
      access: SESSION_DURING_2FA_SETUP,
      ok: {
        description: 'The state',
        schema: oa.object({
          enabled: oa.boolean,
          pending: { ...oa.boolean, description: 'Set up, waiting for the first code' },
          recoveryCodesLeft: oa.integer,
          requiredByOrganization: oa.boolean,
        }),
      },
    }),
  },
  '/api/v1/auth/2fa/setup': {
    post: oa.operation({
      operationId: 'setUpTwoFactor',
      summary: 'A new TOTP secret for the authenticator app (replaces one not yet enabled)',
      description: `Session.${setupNote} RFC 6238: HMAC-SHA1, 6 digits, 30-second steps. 409 TWO_FACTOR_ALREADY_ENABLED when it is on: disable it first.`,
      tags,
      access: SESSION_DURING_2FA_SETUP,
      ok: {
        description: 'The secret (base32, RFC 4648 without padding) and its otpauth:// URL for a QR code',
        schema: oa.object({ secret: oa.string, otpauthUrl: oa.string }),
      },
      errors: ['409'],
    }),
  },
  '/api/v1/auth/2fa/enable': {
    post: oa.operation({
      operationId: 'enableTwoFactor',
      summary: 'Turn two-factor login on with a current code; answers 10 recovery codes, shown once',
      description: `Session.${setupNote} 400 INVALID_TWO_FACTOR_CODE for a wrong code; 409 when not set up or already on.`,
      tags,
      access: SESSION_DURING_2FA_SETUP,
      body: inputs.enableTwoFactorInput,
      ok: {
        description: 'Recovery codes: each logs in once in place of a TOTP code',
        schema: oa.object({ recoveryCodes: { type: 'array', items: oa.string, minItems: 10, maxItems: 10 } }),
      },
      errors: ['400', '409'],
    }),
  },
  '/api/v1/auth/2fa/disable': {
    post: oa.operation({
      operationId: 'disableTwoFactor',
      summary: 'Turn two-factor login off: needs the password and a code (TOTP or recovery)',
      description:
        'Session. 403 REAUTHENTICATION_FAILED when the password or the code is wrong (never says which); 409 when it is not on.',
      tags,
      access: SESSION_ONLY,
      body: inputs.disableTwoFactorInput,
      ok: { status: '204', description: 'Off; the secret and the recovery codes are deleted' },
      errors: ['400', '409'],
    }),
  },
  '/api/v1/organization/two-factor-requirement': {
    get: oa.operation({
      operationId: 'getTwoFactorRequirement',
      summary: 'Whether the company requires two-factor login of every member',
      tags,
      access: { authenticated: true },
      ok: { description: 'The requirement', schema: requirement },
    }),
    put: oa.operation({
      operationId: 'setTwoFactorRequirement',
      summary: 'Require (or stop requiring) two-factor login of every member (OWNER)',
      description:
        'OWNER session, who must have two-factor login on to require it (409 otherwise). While required, a member without it still logs in, but every request acting in this company answers 403 TWO_FACTOR_REQUIRED except GET /auth/me, GET /auth/2fa, POST /auth/2fa/setup and /auth/2fa/enable.',
      tags,
      access: { authenticated: true, credentials: ['session'], roles: ['OWNER'] },
      body: inputs.twoFactorRequirementInput,
      ok: { description: 'The requirement', schema: requirement },
      errors: ['400', '409'],
    }),
  },
};
