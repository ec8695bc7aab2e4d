import type { BenchScenario } from './harness';

const CONTACT_FIELDS = 'id name email phone taxId vatId street city zip country';
/** 9 × (1 + 200 × 11) = 19,809: the most a single operation may cost (limit 20,000, src/core/graphql/limits.ts). */
export const WORST_ALLOWED_QUERY = `{ ${Array.from({ length: 9 }, (_, i) => `c${i}: contacts(limit: 200) { data { ${CONTACT_FIELDS} } }`).join(' ')} }`;

/** Hostile input (issue 11): the answer time of the costliest operation the GraphQL limits still allow. */
export const graphqlLimitScenarios: BenchScenario[] = [
  {
    name: 'GraphQL worst allowed query (9 x contacts(limit: 200), 200 contacts)',
    connections: 1,
    durationSeconds: 10,
    async prepare(h) {
      const { apiKey } = await h.company();
      for (let i = 0; i < 200; i++) {
        const res = await h.request(
          'POST',
          '/api/v1/contacts',
          {
            name: `Odběratel ${i} s.r.o.`,
            email: `kontakt${i}@example.cz`,
            phone: '+420 777 000 000',
            taxId: String(10000000 + i),
            vatId: `CZ${10000000 + i}`,
            street: 'Dlouhá 1',
            city: 'Praha',
            zip: '110 00',
            country: 'CZ',
          },
          apiKey,
        );
        if (res.status !== 201) throw new Error(`contact not created: ${res.status}`);
      }
      const check = await h.request('POST', '/graphql', { query: WORST_ALLOWED_QUERY }, apiKey);
      if (check.status !== 200 || check.body.errors)
        throw new Error(`worst allowed query refused: ${JSON.stringify(check.body).slice(0, 300)}`);
      return {
        method: 'POST',
        path: '/graphql',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: WORST_ALLOWED_QUERY }),
      };
    },
  },
];
