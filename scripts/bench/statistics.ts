import os from 'node:os';
import { Client } from 'pg';
import { DAY_TOTALS_BACKFILL, DAY_TOTALS_TABLES } from '../../src/migrations/Migration0042DocumentDayTotals';
import { grainRanges } from '../../src/modules/documents/day-grains';
import { DAY_TOTALS_STATEMENTS } from '../../src/modules/documents/day-totals.queries';
import { CZ_TZ, czechDate, dayjs } from '../../src/core/clock';
import {
  COST_CLAIMED_OVER_LIMIT,
  COST_PERIOD_SUMS,
  COST_RATES_OF_CLAIMED,
} from '../../src/modules/costs/costs.queries';
import { CONTROL_STATEMENT_DOCUMENTS } from '../../src/modules/documents/document-reads.queries';
import { LIMIT } from '../../src/modules/reports/control-statement';
import type { BenchScenario } from './harness';

/** Documents in the one company: 100,000 by default (about a minute); BENCH_STATS_DOCS=1000000 for the issue's case. */
const DOCUMENTS = Number(process.env.BENCH_STATS_DOCS ?? 100_000);
const COSTS = Math.ceil(DOCUMENTS / 10);
const CONTACTS = 1000;
const PRODUCTS = 50;
const CHUNK = 100_000;
const RUNS = 15;
/** Five years of Czech days ending yesterday, the documents spread evenly over them. */
const DAYS = 5 * 365 + 1;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * One document `g` of the mix: 75 % invoices, 5 % each credit notes (negative), advance tax documents,
 * proformas, quotes and orders; statuses mostly PAID, some ISSUED/SENT/ARCHIVED, 3 % CANCELLED, 2 % DRAFT;
 * 10 % in EUR at a rate near 25; 1 % reverse-charge EU services; 1–3 lines at 21, 12 and 0 % of 50 products;
 * 1,000 contacts, every other document with the customer's DIČ; three departments and none.
 */
const DOCUMENT_ROWS = `
  WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM contacts WHERE organization_id = $1),
       dep AS (SELECT array_agg(id ORDER BY id) AS ids FROM departments WHERE organization_id = $1),
       base AS (
         SELECT g,
                (ARRAY['INVOICE','INVOICE','INVOICE','INVOICE','INVOICE','INVOICE','INVOICE','INVOICE','INVOICE','INVOICE',
                       'INVOICE','INVOICE','INVOICE','INVOICE','INVOICE','CREDIT_NOTE','ADVANCE_TAX_DOCUMENT','PROFORMA','QUOTE','ORDER'])[1 + g % 20] AS type,
                CASE WHEN g % 33 = 0 THEN 'CANCELLED' WHEN g % 50 = 1 THEN 'DRAFT'
                     ELSE (ARRAY['PAID','PAID','PAID','PAID','PAID','PAID','SENT','ISSUED','ARCHIVED','PAID'])[1 + (g / 20) % 10] END AS status,
                CASE WHEN g % 10 = 3 THEN 'EUR' ELSE 'CZK' END AS currency,
                CASE WHEN g % 10 = 3 THEN 24.5 + (g % 11) / 10.0 ELSE 1 END AS rate,
                (now() - interval '${DAYS} days') + (g::float / $2) * interval '${DAYS} days' AS issued_at,
                c.ids[1 + (g * 7) % ${CONTACTS}] AS contact_id,
                dep.ids[1 + g % 4] AS department_id
           FROM generate_series($3::int, $4::int) g, c, dep),
       lined AS (
         SELECT b.*, l.items, l.subtotal, l.vat_total
           FROM base b
          CROSS JOIN LATERAL (
            SELECT jsonb_agg(jsonb_build_object('name', 'Produkt ' || p, 'quantity', q::text, 'unit', 'ks',
                     'unitPrice', price::text, 'vatRate', r::text, 'priceIncludesVat', false,
                     'base', (q * price)::numeric(14,2)::text, 'vat', round(q * price * r / 100, 2)::text,
                     'total', (q * price + round(q * price * r / 100, 2))::text)) AS items,
                   SUM(q * price) AS subtotal, SUM(round(q * price * r / 100, 2)) AS vat_total
              FROM (SELECT 1 + (b.g * 13 + i * 7) % ${PRODUCTS} AS p, 1 + (b.g + i) % 5 AS q,
                           CASE WHEN b.g % 100 = 7 THEN 0 ELSE (ARRAY[21, 21, 12, 0])[1 + (b.g + i) % 4] END AS r,
                           (CASE WHEN b.type = 'CREDIT_NOTE' THEN -1 ELSE 1 END)
                             * round((100 + ((b.g * 7 + i * 13) % 50) * 20) / b.rate, 2) AS price
                      FROM generate_series(1, 1 + b.g % 3) i) lines) l)
  INSERT INTO documents (id, organization_id, type, status, number, variable_symbol, contact_id, client_name, customer_details,
                         department_id, currency, items, issued_at, due_at, subtotal, vat_total, total, paid_amount, paid_at, cancelled_at,
                         exchange_rate, subtotal_czk, vat_total_czk, total_czk, vat_rates_czk, reverse_charge_regime,
                         public_token, created_at, updated_at)
  SELECT gen_random_uuid(), $1, type, status, 'S' || lpad(g::text, 8, '0'), lpad(g::text, 10, '0'), contact_id,
         'Odběratel ' || g % ${CONTACTS},
         CASE WHEN g % 2 = 0 THEN jsonb_build_object('vatId', 'CZ' || (10000000 + (g * 7) % ${CONTACTS})) END, department_id, currency, items, issued_at, issued_at + interval '14 days',
         subtotal, vat_total, subtotal + vat_total,
         CASE WHEN status = 'PAID' THEN subtotal + vat_total ELSE 0 END,
         CASE WHEN status = 'PAID' THEN issued_at + (g % 40) * interval '1 day' END,
         CASE WHEN status = 'CANCELLED' THEN issued_at END,
         rate, round(subtotal * rate, 2), round(vat_total * rate, 2), round(subtotal * rate, 2) + round(vat_total * rate, 2),
         (SELECT jsonb_agg(jsonb_build_object('vatRate', r, 'subtotal', round(b * rate, 2)::text,
                   'vatTotal', round(v * rate, 2)::text, 'total', (round(b * rate, 2) + round(v * rate, 2))::text))
            FROM (SELECT i->>'vatRate' AS r, SUM((i->>'base')::numeric) AS b, SUM((i->>'vat')::numeric) AS v
                    FROM jsonb_array_elements(items) i GROUP BY 1) per_rate),
         CASE WHEN g % 100 = 7 THEN 'EU_SERVICES' END,
         'fps_' || md5(g::text) || md5((g + 3)::text), issued_at, issued_at
    FROM lined`;

/** Received costs over the same five years from one supplier with a DIČ: one line of 500–12,499 CZK, 21/12/0 %, 5 % reverse charge, 2 % cancelled, CZK. */
const COST_ROWS = `
  INSERT INTO costs (id, organization_id, number, kind, status, supplier_document_number, supplier_id, supplier, issued_at,
                     taxable_supply_date, received_at, vat_claim_date, due_at, currency, items, subtotal, vat_total, total,
                     reverse_charge, tax_deductible, tags, paid_amount, cancelled_at, exchange_rate, subtotal_czk, vat_total_czk,
                     total_czk, vat_rates_czk, created_at, updated_at)
  SELECT gen_random_uuid(), $1, 'N' || lpad(g::text, 8, '0'), 'INVOICE', CASE WHEN g % 50 = 0 THEN 'CANCELLED' ELSE 'OPEN' END,
         'FV' || g, $5, '{"name":"Dodavatel s.r.o.","vatId":"CZ87654321"}'::jsonb, day, day, day, day, day + interval '14 days', 'CZK',
         jsonb_build_array(jsonb_build_object('name', 'Materiál', 'quantity', '1', 'unit', 'ks', 'unitPrice', amount::text,
           'vatRate', r::text, 'priceIncludesVat', false, 'base', amount::text, 'vat', vat::text, 'total', (amount + vat)::text)),
         amount, vat, amount + vat, g % 20 = 0, true, '[]'::jsonb, 0, CASE WHEN g % 50 = 0 THEN day END,
         1, amount, vat, amount + vat,
         jsonb_build_array(jsonb_build_object('vatRate', r::text, 'subtotal', amount::text, 'vatTotal', vat::text, 'total', (amount + vat)::text)),
         day, day
    FROM (SELECT g, (now() - interval '${DAYS} days') + (g::float / $2) * interval '${DAYS} days' AS day,
                 (500 + (g * 37) % 12000)::numeric(14,2) AS amount, (ARRAY[21, 12, 0])[1 + g % 3] AS r,
                 round((500 + (g * 37) % 12000) * (ARRAY[21, 12, 0])[1 + g % 3] / 100.0, 2) AS vat
            FROM generate_series($3::int, $4::int) g) x`;

/** Loads the company's contacts, departments, documents and costs, then fills the per-day sums as Migration0042 does. */
async function seed(db: Client, organizationId: string): Promise<string[]> {
  const out: string[] = [];
  await db.query(
    `INSERT INTO contacts (id, organization_id, name, type, archived, created_at, updated_at)
     SELECT gen_random_uuid(), $1, 'Zákazník ' || g || ' s.r.o.', CASE WHEN g = 1 THEN 'SUPPLIER' ELSE 'CLIENT' END, false, now(), now()
       FROM generate_series(1, ${CONTACTS}) g`,
    [organizationId],
  );
  await db.query(
    `INSERT INTO departments (id, organization_id, name, created_at)
     SELECT gen_random_uuid(), $1, 'Oddělení ' || g, now() FROM generate_series(1, 3) g`,
    [organizationId],
  );
  const supplier = (
    await db.query<{ id: string }>(`SELECT id FROM contacts WHERE organization_id = $1 AND type = 'SUPPLIER'`, [
      organizationId,
    ])
  ).rows[0].id;
  // Loaded as a restore would be: the per-day sums' trigger off, then the migration's backfill over everything.
  const triggers = [
    ['documents', 'document_day_totals_insert_delete'],
    ['costs', 'cost_day_rates_insert_delete'],
  ];
  for (const [table, name] of triggers) await db.query(`ALTER TABLE ${table} DISABLE TRIGGER ${name}`);
  let started = performance.now();
  try {
    for (let from = 1; from <= DOCUMENTS; from += CHUNK)
      await db.query(DOCUMENT_ROWS, [organizationId, DOCUMENTS, from, Math.min(DOCUMENTS, from + CHUNK - 1)]);
    await db.query(COST_ROWS, [organizationId, COSTS, 1, COSTS, supplier]);
  } finally {
    for (const [table, name] of triggers) await db.query(`ALTER TABLE ${table} ENABLE TRIGGER ${name}`);
  }
  out.push(
    `loaded ${DOCUMENTS.toLocaleString('en')} documents and ${COSTS.toLocaleString('en')} costs in ${seconds(started)} s`,
  );
  started = performance.now();
  for (const statement of DAY_TOTALS_BACKFILL) await db.query(statement);
  const sizes = await db.query<{ t: string; n: string }>(
    DAY_TOTALS_TABLES.map((t) => `SELECT '${t}' AS t, count(*) AS n FROM ${t}`).join(' UNION ALL '),
  );
  out.push(
    `backfilled the per-day sums (Migration0042's statements) in ${seconds(started)} s: ${sizes.rows.map((r) => `${r.t} ${Number(r.n).toLocaleString('en')} rows`).join(', ')}`,
  );
  started = performance.now();
  await db.query('VACUUM ANALYZE documents');
  await db.query('VACUUM ANALYZE costs');
  for (const r of sizes.rows) await db.query(`VACUUM ANALYZE ${r.t}`);
  out.push(`vacuumed and analyzed in ${seconds(started)} s`);
  return out;
}

/** p50 (the median: the 8th of 15) and worst of RUNS warm GETs (after one untimed), and the response's size. */
async function timed(url: string, apiKey: string): Promise<{ median: number; worst: number; bytes: number }> {
  let bytes = 0;
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    bytes = (await res.arrayBuffer()).byteLength;
  };
  await get();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await get();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1], bytes };
}

/** The plan of a statement ($n placeholders) with its values: the nodes, and the execution time. */
async function explain(db: Client, text: string, values: unknown[]): Promise<string[]> {
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS OFF) ${text}`, values);
  return plan.rows.map((r) => `    ${r['QUERY PLAN']}`);
}

/** A request the scenario times: its name, path and target (ms, p50), or none for the baseline; `issue` marks issue 31's four. */
interface Case {
  name: string;
  path: string;
  target?: number;
  issue?: boolean;
}

/** The requests: the baseline, issue 31 point 3's four (its targets), then issue 27's other figures. */
function casesOf(now: Date): { cases: Case[]; fiveYears: Period; year: Period; month: string } {
  const day = (daysAgo: number) => czechDate(new Date(now.getTime() - daysAgo * 86_400_000));
  const fiveYears = { from: day(DAYS), to: day(1) };
  // The last whole calendar year and month (Czech days): the periods a VAT return and a control statement cover.
  const thisMonth = dayjs.tz(day(0), CZ_TZ).startOf('month');
  const lastYear = thisMonth.year() - 1;
  const year = { from: `${lastYear}-01-01`, to: `${lastYear}-12-31` };
  const month = thisMonth.subtract(1, 'month').format('YYYY-MM');
  const cases: Case[] = [
    { name: 'baseline: GET /api/v1/documents?limit=1', path: '/api/v1/documents?limit=1' },
    {
      name: `VAT report, 1 year (${lastYear})`,
      path: `/api/v1/reports/vat?from=${year.from}&to=${year.to}`,
      target: 500,
      issue: true,
    },
    {
      name: `control statement, 1 month (${month})`,
      path: `/api/v1/reports/vat-control-statement?period=${month}`,
      target: 500,
      issue: true,
    },
    {
      name: 'sales report, 5 years',
      path: `/api/v1/reports/sales?from=${fiveYears.from}&to=${fiveYears.to}`,
      target: 500,
      issue: true,
    },
    {
      name: 'statistics, 5 years by month',
      path: `/api/v1/reports/statistics?from=${fiveYears.from}&to=${fiveYears.to}&groupBy=month`,
      target: 500,
      issue: true,
    },
    {
      name: 'statistics, 1 year by month',
      path: `/api/v1/reports/statistics?from=${year.from}&to=${year.to}&groupBy=month`,
      target: 200,
    },
    {
      name: 'statistics, 5 years by day (1,826 periods)',
      path: `/api/v1/reports/statistics?from=${fiveYears.from}&to=${fiveYears.to}&groupBy=day`,
      target: 500,
    },
    { name: 'VAT report, 5 years', path: `/api/v1/reports/vat?from=${fiveYears.from}&to=${fiveYears.to}`, target: 500 },
  ];
  return { cases, fiveYears, year, month };
}

interface Period {
  from: string;
  to: string;
}

/** The instants of a period's first and the day after its last Czech day, as the reports compute them. */
const instants = (p: Period) => [dayjs.tz(p.from, CZ_TZ).toDate(), dayjs.tz(p.to, CZ_TZ).add(1, 'day').toDate()];

export const statisticsScenarios: BenchScenario[] = [
  {
    name: `statistics: the VAT report, control statement, sales report and statistics over ${DOCUMENTS.toLocaleString('en')} documents`,
    async run(server) {
      const h = server.harness;
      const out = [`load average (1/5/15 min) at start: ${load()}; ${os.cpus().length} cores shared with other work`];
      const { apiKey, organizationId } = await h.company();
      const db = new Client({ connectionString: server.databaseUrl });
      await db.connect();
      try {
        out.push(...(await seed(db, organizationId)));
        out.push(`load average after the load: ${load()}`);
        const now = new Date();
        const { cases, fiveYears, year, month } = casesOf(now);
        out.push(
          '',
          `p50 and worst of ${RUNS} warm requests (after one untimed), one at a time; × baseline: p50 over the baseline's p50.`,
          '',
          `| request | p50 ms | worst ms | baseline p50 ms | × baseline | target (p50) | met? | response |`,
          '|---|---:|---:|---:|---:|---|---|---:|',
        );
        let baseline = 0;
        let misses = 0;
        for (const c of cases) {
          const { median, worst, bytes } = await timed(h.url + c.path, apiKey);
          if (!c.target) baseline = median;
          const met = c.target ? median < c.target : true;
          if (c.issue && !met) misses++;
          const name = c.issue ? `**${c.name}**` : c.name;
          out.push(
            `| ${name} | ${median.toFixed(1)} | ${worst.toFixed(1)} | ${baseline.toFixed(1)} | ${(median / baseline).toFixed(1)} | ${c.target ? `< ${c.target} ms` : '—'} | ${c.target ? (met ? 'yes' : '**no**') : '—'} | ${(bytes / 1024).toFixed(1)} KB |`,
          );
        }
        out.push(
          '',
          `In bold issue 31 point 3's four requests: ${misses === 0 ? 'every target met (p50).' : `${misses} target(s) missed (p50).`}`,
          `load average at the end: ${load()}`,
        );
        // The statements behind the four requests, as the app runs them (EXPLAIN ANALYZE).
        const counted = ['INVOICE', 'CREDIT_NOTE', 'ADVANCE_TAX_DOCUMENT'];
        const statuses = ['ISSUED', 'SENT', 'PAID', 'ARCHIVED'];
        const range5 = instants(fiveYears);
        const range1 = instants(year);
        const monthRange = instants({
          from: `${month}-01`,
          to: dayjs.tz(`${month}-01`, CZ_TZ).endOf('month').format('YYYY-MM-DD'),
        });
        const { grains: g, lows, highs } = grainRanges(fiveYears.from, fiveYears.to);
        const grains = [g, lows, highs];
        const s = DAY_TOTALS_STATEMENTS;
        const plans: [string, string, unknown[]][] = [
          [
            `VAT report ${year.from.slice(0, 4)}: output VAT per rate (CZK)`,
            s.CZK_RATES.text,
            [organizationId, counted, 'SUPPLIED', ...range1, null, null],
          ],
          [
            `VAT report ${year.from.slice(0, 4)}: input VAT per rate`,
            COST_RATES_OF_CLAIMED.text,
            [organizationId, ...range1, false],
          ],
          [
            `control statement ${month}: the documents supplied, those over the limit and the sums (CZK)`,
            CONTROL_STATEMENT_DOCUMENTS.supplied.text,
            [organizationId, counted, statuses, ...monthRange, null, null, 'CZK', LIMIT.toFixed()],
          ],
          [
            `control statement ${month}: the costs claimed, those over the limit and the sums (CZK)`,
            COST_CLAIMED_OVER_LIMIT.text,
            [organizationId, ...monthRange, 'CZK', LIMIT.toFixed()],
          ],
          ['sales report 5 years: totals', s.TOTALS.text, [organizationId, counted, 'ISSUED', ...range5, null, null]],
          ['sales report 5 years: per rate', s.RATES.text, [organizationId, counted, 'ISSUED', ...range5, null, null]],
          [
            'statistics 5 years: period sums by month',
            s.PERIOD_SUMS.text,
            ['month', organizationId, counted, ...range5, null, null],
          ],
          ['statistics 5 years: top customers', s.TOP_CONTACTS.text, [...grains, organizationId, null, null, 10]],
          ['statistics 5 years: top products', s.TOP_ITEMS.text, [...grains, organizationId, null, null, 10]],
          ['statistics: receivables aging', s.AGING.text, [czechDate(now), organizationId, null, null]],
          ['statistics 5 years: costs by month', COST_PERIOD_SUMS.text, ['month', organizationId, ...range5]],
        ];
        for (const [name, text, values] of plans) out.push('', `${name}:`, '', ...(await explain(db, text, values)));
        // The control statement's documents as they were read before Migration0051: the index dropped in a
        // transaction rolled back (the timing is over; the drop holds the table's lock until the rollback).
        const [, supplied, suppliedValues] = plans[2];
        await db.query('BEGIN');
        try {
          await db.query('DROP INDEX documents_org_supplied_idx');
          out.push('', `${plans[2][0]}, without documents_org_supplied_idx (Migration0051):`, '');
          out.push(...(await explain(db, supplied, suppliedValues)));
        } finally {
          await db.query('ROLLBACK');
        }
      } finally {
        await db.end();
      }
      return out;
    },
  },
];
