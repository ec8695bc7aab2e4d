import type { BenchScenario } from './harness';

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
];
