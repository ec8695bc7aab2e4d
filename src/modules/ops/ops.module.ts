import { deleteExpiredKeys } from '../../core/idempotency/idempotency.queries';
import { defineModule } from '../../core/module';
import { retentionJob } from '../../core/retention';
import { Migration0020IdempotencyKeys } from '../../migrations/Migration0020IdempotencyKeys';
import { Migration0024IdempotencyHolder } from '../../migrations/Migration0024IdempotencyHolder';
import { opsOpenApi } from './ops.openapi';

/** Liveness, readiness (database reachable, not stopping) and Prometheus metrics; carries core's idempotency_keys table. */
export const opsModule = defineModule({
  name: 'ops',
  openapi: opsOpenApi,
  // The core-owned table of the Idempotency-Key layer (src/core/http/idempotency.ts).
  migrations: [Migration0020IdempotencyKeys, Migration0024IdempotencyHolder],
  build: ({ infra }) => ({
    // Expired Idempotency-Keys (24 hours) go with the nightly retention jobs.
    jobs: [
      retentionJob('idempotency', infra, [
        { kind: 'expired keys', deleteBatch: (em, now, limit) => deleteExpiredKeys(em, now, limit) },
      ]),
    ],
    routes: {
      root(api) {
        api
          .get('/healthz', { public: true }, (ctx) => {
            ctx.body = { status: 'ok' };
          })
          .get('/readyz', { public: true }, async (ctx) => {
            // Stopping (README "Stopping"): a load balancer sends no more requests here.
            if (infra.lifecycle.stopping) {
              ctx.status = 503;
              ctx.body = { status: 'stopping' };
            } else if (await ctx.state.rc.em.getConnection().isConnected()) {
              ctx.body = { status: 'ready' };
            } else {
              ctx.status = 503;
              ctx.body = { status: 'unavailable', database: 'unreachable' };
            }
          })
          .get('/metrics', { public: true }, async (ctx) => {
            ctx.type = infra.metrics.registry.contentType;
            ctx.body = await infra.metrics.registry.metrics();
          });
      },
    },
  }),
});
