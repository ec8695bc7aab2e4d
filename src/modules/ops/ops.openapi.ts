import { object, operation, string, type PathItems } from '../../core/openapi/builders';

const tags = ['Operations'];

export const opsOpenApi: PathItems = {
  '/healthz': {
    get: operation({
      operationId: 'healthz',
      summary: 'Liveness: the process answers',
      tags,
      access: { public: true },
      ok: { description: 'Alive', schema: object({ status: { const: 'ok' } }) },
    }),
  },
  '/readyz': {
    get: operation({
      operationId: 'readyz',
      summary: 'Readiness: the database is reachable',
      tags,
      access: { public: true },
      ok: { description: 'Ready', schema: object({ status: { const: 'ready' } }) },
      otherResponses: {
        '503': {
          description: 'The database is unreachable',
          content: { 'application/json': { schema: object({ status: string, database: string }) } },
        },
      },
    }),
  },
  '/metrics': {
    get: operation({
      operationId: 'metrics',
      summary: 'Prometheus metrics',
      tags,
      access: { public: true },
      ok: { description: 'Prometheus text exposition format', schema: string, contentType: 'text/plain' },
    }),
  },
};
