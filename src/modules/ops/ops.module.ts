import { defineModule } from '../../core/module';
import { opsOpenApi } from './ops.openapi';

/** Liveness, readiness (database reachable) and Prometheus metrics. */
export const opsModule = defineModule({
  name: 'ops',
  openapi: opsOpenApi,
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
