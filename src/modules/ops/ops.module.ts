import { defineModule } from '../../core/module';
import { Migration0020IdempotencyKeys } from '../../migrations/Migration0020IdempotencyKeys';
import { opsOpenApi } from './ops.openapi';

/** Liveness, readiness (database reachable) and Prometheus metrics; carries core's idempotency_keys table. */
export const opsModule = defineModule({
  name: 'ops',
  openapi: opsOpenApi,
  // The core-owned table of the Idempotency-Key layer (src/core/http/idempotency.ts).
  migrations: [Migration0020IdempotencyKeys],
  build: ({ infra: { metrics } }) => ({
    routes: {
      root(api) {
        api
          .get('/healthz', { public: true }, (ctx) => {
            ctx.body = { status: 'ok' };
          })
          .get('/readyz', { public: true }, async (ctx) => {
            if (await ctx.state.rc.em.getConnection().isConnected()) {
              ctx.body = { status: 'ready' };
            } else {
              ctx.status = 503;
              ctx.body = { status: 'unavailable', database: 'unreachable' };
            }
          })
          .get('/metrics', { public: true }, async (ctx) => {
            ctx.type = metrics.registry.contentType;
            ctx.body = await metrics.registry.metrics();
          });
      },
    },
  }),
});
