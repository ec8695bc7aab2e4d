import { AUDIT_ACTIONS } from '../../core/audit/audit-trail';
import { MANAGERS } from '../../core/http/gate';
import * as oa from '../../core/openapi/builders';
import { listAuditLogQuery } from './audit-log.service';

const nullableUuid = { ...oa.nullableString, format: 'uuid' };
const entry = oa.object({
  id: oa.uuid,
  createdAt: oa.dateTime,
  action: { type: 'string', enum: [...AUDIT_ACTIONS] },
  actor: oa.object({
    userId: {
      ...nullableUuid,
      description: 'The person who acted (null: unknown, e.g. a login for an unknown e-mail)',
    },
    email: { ...oa.nullableString, description: 'Their e-mail, when the person still exists' },
    kind: {
      type: ['string', 'null'],
      enum: ['session', 'apiKey', 'oauth', 'pos', null],
      description: 'The credential they acted with',
    },
    credentialId: { ...oa.nullableString, description: 'API key id or OAuth application id' },
  }),
  ip: { ...oa.string, description: 'The client address (X-Forwarded-For only with TRUST_PROXY=1)' },
  userAgent: oa.string,
  target: {
    type: ['object', 'null'],
    required: ['type', 'id'],
    properties: { type: { ...oa.string, examples: ['user', 'api_key'] }, id: oa.string },
    description: 'What the action was done to',
  },
  details: {
    type: 'object',
    description: 'Plain facts about the action (names, roles, changed fields); never a secret',
  },
});

export const auditOpenApi: oa.PathItems = {
  '/api/v1/audit-log': {
    get: oa.operation({
      tags: ['Audit log'],
      access: MANAGERS,
      operationId: 'listAuditLog',
      summary: 'The company’s audit log, newest first',
      description:
        'OWNER or ADMIN session (API keys and OAuth tokens do not read it: it is the record of what credentials did). ' +
        'Sign-ins, 2FA, sessions, passwords, users, API keys, OAuth applications and consents, webhook endpoints.',
      parameters: oa.queryParameters(listAuditLogQuery),
      ok: { description: 'A page of entries', schema: oa.pageOf(entry) },
      errors: ['400'],
    }),
  },
};
