import * as oa from '../../core/openapi/builders';

const tags = ['Operations'];

export const opsOpenApi: oa.PathItems = {
  '/healthz': {
    get: oa.operation({
      operationId: 'healthz',
      summary: 'Liveness: the process answers',
      tags,
      access: { public: true },
      ok: { description: 'Alive', schema: oa.object({ status: { const: 'ok' } }) },
    }),
  },
  '/readyz': {
    get: oa.operation({
      operationId: 'readyz',
      summary: 'Readiness: the database is reachable and the process is not stopping',
      tags,
      access: { public: true },
      ok: { description: 'Ready', schema: oa.object({ status: { const: 'ready' } }) },
      otherResponses: {
        '503': {
          description:
            'The database is unreachable (`status` unavailable, `database` unreachable), or the process is stopping (`status` stopping; README "Stopping")',
          content: {
            'application/json': { schema: oa.object({ status: oa.string, database: oa.string }, ['status']) },
          },
        },
      },
    }),
  },
  '/metrics': {
    get: oa.operation({
      operationId: 'metrics',
      summary: 'Prometheus metrics',
      tags,
      access: { public: true },
      ok: { description: 'Prometheus text exposition format', schema: oa.string, contentType: 'text/plain' },
    }),
  },
};
