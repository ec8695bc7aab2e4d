import os from 'node:os';
import { Client } from 'pg';
import { trigramCore } from '../../src/core/search';
import type { BenchScenario } from './harness';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const CONTACTS = 1000;
const CHUNK = 100_000;
const RUNS = 15;
const TARGET_MS = 100;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const SURNAMES = [
  'Novák',
  'Svoboda',
  'Novotný',
  'Dvořák',
  'Černý',
  'Procházka',
  'Kučera',
  'Veselý',
  'Horák',
  'Němec',
  'Pokorný',
  'Marek',
  'Pospíšil',
  'Hájek',
  'Jelínek',
  'Král',
  'Růžička',
  'Beneš',
  'Fiala',
  'Sedláček',
];

/**
 * Bulk-loads `count` (default DOCUMENTS) documents into one company with generate_series (about 3.8 years of
 * documents, 2 minutes apart; types, statuses, 1,000 contacts and client names spread over them),
 * then times every list filter and the search through the API (median and worst of RUNS warm
 * requests) and shows PostgreSQL's plan and execution time for the same query (EXPLAIN ANALYZE).
 */
export async function bulkLoad(db: Client, organizationId: string, count = DOCUMENTS): Promise<string[]> {
  const out: string[] = [];
  const names = `ARRAY[${SURNAMES.map((n) => `'${n}'`).join(',')}]`;
  await db.query(
    `INSERT INTO contacts (id, organization_id, name, type, archived, created_at, updated_at)
     SELECT gen_random_uuid(), $1, (${names})[1 + g % ${SURNAMES.length}] || ' ' || g || ' s.r.o.', 'CLIENT', false, now(), now()
       FROM generate_series(1, ${CONTACTS}) g`,
    [organizationId],
  );
  // Built after the load (as a restore would), from the definitions the migrations made.
  const indexes = (
    await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'documents' AND indexname LIKE 'documents\\_%\\_idx'`,
    )
  ).rows;
  for (const i of indexes) await db.query(`DROP INDEX ${i.indexname}`);
  const contacts = `(SELECT array_agg(id ORDER BY id) FROM contacts WHERE organization_id = $1)`;
  const item = `'[{"name":"Konzultace","quantity":"2","unit":"h","unitPrice":"500","vatRate":"21","priceIncludesVat":false,"base":"1000.00","vat":"210.00","total":"1210.00"}]'::jsonb`;
  let started = performance.now();
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.query(
      `WITH c AS (SELECT ${contacts} AS ids)
       INSERT INTO documents (id, organization_id, type, status, number, variable_symbol, contact_id, client_name, currency, items,
                              issued_at, due_at, subtotal, vat_total, total, paid_amount, public_token, created_at, updated_at)
       SELECT gen_random_uuid(), $1,
              (ARRAY['INVOICE','INVOICE','INVOICE','INVOICE','INVOICE','INVOICE','PROFORMA','QUOTE','ORDER','CREDIT_NOTE'])[1 + g % 10],
              (ARRAY['PAID','PAID','PAID','SENT','ISSUED','ISSUED','DRAFT','ARCHIVED','PAID','CANCELLED'])[1 + (g / 10) % 10],
              'D' || lpad(g::text, 8, '0'),
              lpad((g % 10000000000)::text, 10, '0'),
              c.ids[1 + g % ${CONTACTS}],
              (${names})[1 + g % ${SURNAMES.length}] || ' ' || (g % ${CONTACTS} + 1) || ' s.r.o.',
              'CZK', ${item},
              timestamptz '2022-01-01 08:00+00' + g * interval '2 minutes',
              timestamptz '2022-01-15 08:00+00' + g * interval '2 minutes',
              1000, 210, 1210, 0,
              'fpd_' || md5(g::text) || md5((g + 7)::text),
              timestamptz '2022-01-01 08:00+00' + g * interval '2 minutes',
              timestamptz '2022-01-01 08:00+00' + g * interval '2 minutes'
         FROM generate_series(${from}, ${to}) g, c`,
      [organizationId],
    );
  }
  out.push(`loaded ${count.toLocaleString('en')} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  for (const i of indexes) await db.query(i.indexdef);
  await db.query('ANALYZE documents');
  await db.query('ANALYZE contacts');
  out.push(`rebuilt ${indexes.length} indexes and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

/** The search condition DocumentsService builds (index on the term's core, the whole term checked after). */
function searchWhere(term: string): string {
  const core = trigramCore(term);
  const column = (c: string) =>
    core === term ? `${c} ILIKE '%${term}%'` : `(${c} ILIKE '%${core}%' AND strpos(lower(${c}), lower('${term}')) > 0)`;
  return `(${['number', 'variable_symbol', 'client_name'].map(column).join(' OR ')})`;
}

interface Case {
  name: string;
  query: string;
  /** The WHERE clause the service builds for this query (after organization_id = $1), for EXPLAIN ANALYZE. */
  where: string;
  /** The page order the service uses: creation, or issue date when a date range is given. */
  order?: string;
}

export const documentListScenarios: BenchScenario[] = [
  {
    name: 'documents-1m: every list filter and the search over 1,000,000 documents in one company',
    async run(server) {
      const h = server.harness;
      const out = [`load average (1/5/15 min) at start: ${load()}`];
      const { apiKey, organizationId } = await h.company();
      const db = new Client({ connectionString: server.databaseUrl });
      await db.connect();
      try {
        out.push(...(await bulkLoad(db, organizationId)));
        out.push(`load average after the load: ${load()}`);
        const contact = (
          await db.query<{ id: string }>('SELECT id FROM contacts WHERE organization_id = $1 ORDER BY id LIMIT 1', [
            organizationId,
          ])
        ).rows[0].id;
        const middle = (
          await h.request(
            'GET',
            `/api/v1/documents?limit=1&search=D${String(Math.floor(DOCUMENTS / 2)).padStart(8, '0')}`,
            undefined,
            apiKey,
          )
        ).body.data[0];
        const cursor = Buffer.from(JSON.stringify([middle.createdAt, middle.id])).toString('base64url');
        const cases: Case[] = [
          { name: 'first page, no filter', query: '', where: 'TRUE' },
          {
            name: 'page 10,000 (cursor in the middle)',
            query: `cursor=${cursor}`,
            where: `created_at >= '${middle.createdAt}' AND (created_at > '${middle.createdAt}' OR (created_at = '${middle.createdAt}' AND id > '${middle.id}'))`,
          },
          { name: 'type=CREDIT_NOTE', query: 'type=CREDIT_NOTE', where: `type = 'CREDIT_NOTE'` },
          { name: 'status=DRAFT', query: 'status=DRAFT', where: `status = 'DRAFT'` },
          { name: 'contactId (1,000 of 1,000,000)', query: `contactId=${contact}`, where: `contact_id = '${contact}'` },
          {
            name: 'from–to, one month of 2024',
            query: 'from=2024-03-01&to=2024-03-31',
            where: `issued_at >= '2024-02-29T23:00:00Z' AND issued_at < '2024-03-31T22:00:00Z'`,
            order: 'issued_at, id',
          },
          {
            name: 'from–to, one day at the end',
            query: 'from=2025-10-20&to=2025-10-20',
            where: `issued_at >= '2025-10-19T22:00:00Z' AND issued_at < '2025-10-20T22:00:00Z'`,
            order: 'issued_at, id',
          },
          {
            name: 'from only, the last two years',
            query: 'from=2024-01-01',
            where: `issued_at >= '2023-12-31T23:00:00Z'`,
            order: 'issued_at, id',
          },
          {
            name: 'type + status + from–to',
            query: 'type=INVOICE&status=PAID&from=2024-03-01&to=2024-03-31',
            where: `type = 'INVOICE' AND status = 'PAID' AND issued_at >= '2024-02-29T23:00:00Z' AND issued_at < '2024-03-31T22:00:00Z'`,
            order: 'issued_at, id',
          },
          {
            name: 'type + status (1 % of documents)',
            query: 'type=CREDIT_NOTE&status=CANCELLED',
            where: `type = 'CREDIT_NOTE' AND status = 'CANCELLED'`,
          },
          ...[
            ['search: a number (one match)', 'D00765432'],
            ['search: a variable symbol (one match)', '0000876543'],
            ['search: a client name (1,000 matches)', 'Dvořák 124'],
            ['search: a common surname (50,000 matches)', 'Novák'],
            ['search: no match', 'Zzyzx'],
            ['search: a name and its legal form (1,000 matches)', 'Dvořák 124 s.r.o.'],
          ].map(([name, term]) => ({ name, query: `search=${encodeURIComponent(term)}`, where: searchWhere(term) })),
          {
            name: 'search "Černý 7" + status',
            query: `search=${encodeURIComponent('Černý 7')}&status=PAID`,
            where: `status = 'PAID' AND ${searchWhere('Černý 7')}`,
          },
        ];
        out.push(
          '',
          `| filter | API median ms | API worst of ${RUNS} ms | rows | PostgreSQL execution ms | plan (top nodes) |`,
          '|---|---|---|---|---|---|',
        );
        let failures = 0;
        for (const c of cases) {
          const path = `/api/v1/documents?limit=50${c.query ? `&${c.query}` : ''}`;
          const first = await h.request('GET', path, undefined, apiKey);
          if (first.status !== 200) throw new Error(`${c.name}: ${first.status} ${JSON.stringify(first.body)}`);
          const times: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const t = performance.now();
            const res = await fetch(h.url + path, { headers: { authorization: `Bearer ${apiKey}` } });
            await res.arrayBuffer();
            times.push(performance.now() - t);
          }
          times.sort((a, b) => a - b);
          const median = times[Math.floor(times.length / 2)];
          const plan = await db.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS OFF) SELECT * FROM documents WHERE organization_id = $1 AND ${c.where} ORDER BY ${c.order ?? 'created_at, id'} LIMIT 51`,
            [organizationId],
          );
          const lines = plan.rows.map((r) => r['QUERY PLAN']);
          const execution = /Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? '?';
          const nodes = lines
            .filter((l) => /->|^Limit/.test(l.trim()))
            .slice(0, 4)
            .map((l) =>
              l
                .trim()
                .replace(/^->\s*/, '')
                .replace(/\s+\(cost=.*$/, ''),
            )
            .join(' → ');
          if (median >= TARGET_MS) failures++;
          out.push(
            `| ${c.name} | ${median.toFixed(1)} | ${times[times.length - 1].toFixed(1)} | ${first.body.data.length} | ${execution} | ${nodes} |`,
          );
        }
        out.push(
          '',
          `${failures === 0 ? 'every' : `${cases.length - failures} of ${cases.length}`} filter${failures === 0 ? '' : 's'} answered under ${TARGET_MS} ms (median); load average at the end: ${load()}`,
        );
      } finally {
        await db.end();
      }
      return out;
    },
  },
];
