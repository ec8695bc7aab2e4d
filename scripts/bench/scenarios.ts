import type { BenchScenario } from './harness';
import { graphqlLimitScenarios } from './graphql-limits';
import { oauthScenarios } from './oauth';
import { webhookScenarios } from './webhooks';
import { posScenarios } from './pos';
import { pdfScenarios } from './pdf';
import { documentListScenarios } from './documents-1m';
import { automationScenarios } from './automations';
import { sessionScenarios } from './sessions';
import { idempotencyScenarios } from './idempotency';
import { recurringScenarios } from './recurring';
import { statisticsScenarios } from './statistics';
import { inboxOcrScenarios } from './inbox-ocr';
import { creationScenarios } from './creation';
import { multiprocessScenarios } from './multiprocess';
import { readScenarios } from './reads';

/** Each issue adds its scenarios here; `npm run bench -- <name filter>` runs a subset. */
export const scenarios: BenchScenario[] = [
  {
    name: 'GET /api/v1/organization (API key)',
    connections: 32,
    durationSeconds: 10,
    async prepare(h) {
      const { apiKey } = await h.company();
      return { method: 'GET', path: '/api/v1/organization', headers: { authorization: `Bearer ${apiKey}` } };
    },
  },
  // Quotas (issue 3): the same API-key GET with metering on and off; on must keep >= 85% of off.
  ...(['on', 'off'] as const).map((metering): BenchScenario => ({
    name: `Quotas: GET /api/v1/organization (API key, metering ${metering})`,
    serverEnv: metering === 'off' ? { QUOTA_METERING: 'off' } : undefined,
    connections: 32,
    durationSeconds: 10,
    async prepare(h) {
      const { apiKey } = await h.company();
      return { method: 'GET', path: '/api/v1/organization', headers: { authorization: `Bearer ${apiKey}` } };
    },
  })),
  // Sessions (issue 23 point 2): a session-authenticated GET; one indexed lookup per request, within 10 % of the
  // JWT sessions it replaced (docs/benchmarks.md, "Issue 23").
  {
    name: 'Sessions: GET /api/v1/organization (session)',
    connections: 32,
    durationSeconds: 10,
    async prepare(h) {
      const { token } = await h.company();
      return { method: 'GET', path: '/api/v1/organization', headers: { authorization: `Bearer ${token}` } };
    },
  },
  ...sessionScenarios,
  // OAuth (issue 4): refresh_token grant throughput; an OAuth-authenticated GET next to the API-key one.
  ...oauthScenarios,
  // Hostile input (issue 11): the costliest GraphQL operation the limits allow.
  ...graphqlLimitScenarios,
  // Webhooks (issue 13 point 9): 10,000 deliveries against a plain signed-POST baseline; p99 added to the API.
  ...webhookScenarios,
  // Point of sale (issue 12): single issue with fresh keys; `npm run bench:pos` adds the raw pg baselines and the batch.
  ...posScenarios,
  // Customer documents (issue 17): PDFs per second cold and cached; every list filter and the search over 1,000,000 documents.
  ...pdfScenarios,
  ...documentListScenarios,
  // Automations (issue 14 point 7): 1,000 document.created events × 3 matching rules; p99 added to the API.
  ...automationScenarios,
  // Idempotency-Key (issue 24 point 8): POST /documents with a fresh key vs without; with ≥ 85 % of without.
  ...idempotencyScenarios,
  // Recurring series (issue 26 point 8): 10,000 series due at once, one company and 100 companies, beside POST
  // /documents; 5–10 minutes (BENCH_RECURRING_SERIES makes it smaller).
  ...recurringScenarios,
  // Statistics (issue 27 point 6): statistics and the sales and VAT reports over years of one company's documents;
  // 100,000 by default, BENCH_STATS_DOCS=1000000 for the case (several minutes).
  ...statisticsScenarios,
  // Costs inbox (issue 29 point 5): field accuracy and seconds per page on the corpus, no server.
  ...inboxOcrScenarios,
  // Invoice creation (issue 31 point 1): POST /api/v1/documents beside a raw pg baseline, numbers checked gapless.
  ...creationScenarios,
  // More than one process (issue 31 point 4): the mixed load on one ROLE=all process vs `npm run cluster`.
  ...multiprocessScenarios,
  // API-key reads (issue 31 point 2): GET /organization and /documents/:id vs raw node:http + pg replaying their statements.
  ...readScenarios,
];
