import os from 'node:os';
import { Client } from 'pg';
import { DAY_TOTALS_BACKFILL, DAY_TOTALS_TABLES } from '../../src/migrations/Migration0042DocumentDayTotals';
import { grainRanges } from '../../src/modules/documents/day-grains';
import { DAY_TOTALS_STATEMENTS } from '../../src/modules/documents/day-totals.queries';
import { COST_PERIOD_SUMS } from '../../src/modules/costs/costs.queries';
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
 * 1,000 contacts; three departments and none.
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
  INSERT INTO documents (id, organization_id, type, status, number, variable_symbol, contact_id, client_name, department_id,
                         currency, items, issued_at, due_at, subtotal, vat_total, total, paid_amount, paid_at, cancelled_at,
                         exchange_rate, subtotal_czk, vat_total_czk, total_czk, vat_rates_czk, reverse_charge_regime,
                         public_token, created_at, updated_at)
  SELECT gen_random_uuid(), $1, type, status, 'S' || lpad(g::text, 8, '0'), lpad(g::text, 10, '0'), contact_id,
         'Odběratel ' || g % ${CONTACTS}, department_id, currency, items, issued_at, issued_at + interval '14 days',
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

/** Received costs over the same five years: one line, 21/12/0 %, 5 % reverse charge, 2 % cancelled, CZK. */
const COST_ROWS = `
  INSERT INTO costs (id, organization_id, number, kind, status, supplier_document_number, supplier_id, supplier, issued_at,
                     taxable_supply_date, received_at, vat_claim_date, due_at, currency, items, subtotal, vat_total, total,
                     reverse_charge, tax_deductible, tags, paid_amount, cancelled_at, exchange_rate, subtotal_czk, vat_total_czk,
                     total_czk, vat_rates_czk, created_at, updated_at)
  SELECT gen_random_uuid(), $1, 'N' || lpad(g::text, 8, '0'), 'INVOICE', CASE WHEN g % 50 = 0 THEN 'CANCELLED' ELSE 'OPEN' END,
         'FV' || g, $5, '{"name":"Dodavatel s.r.o."}'::jsonb, day, day, day, day, day + interval '14 days', 'CZK',
         jsonb_build_array(jsonb_build_object('name', 'Materiál', 'quantity', '1', 'unit', 'ks', 'unitPrice', amount::text,
           'vatRate', r::text, 'priceIncludesVat', false, 'base', amount::text, 'vat', vat::text, 'total', (amount + vat)::text)),
         amount, vat, amount + vat, g % 20 = 0, true, '[]'::jsonb, 0, CASE WHEN g % 50 = 0 THEN day END,
         1, amount, vat, amount + vat,
         jsonb_build_array(jsonb_build_object('vatRate', r::text, 'subtotal', amount::text, 'vatTotal', vat::text, 'total', (amount + vat)::text)),
         day, day
    FROM (SELECT g, (now() - interval '${DAYS} days') + (g::float / $2) * interval '${DAYS} days' AS day,
                 (500 + (g * 37) % 5000)::numeric(14,2) AS amount, (ARRAY[21, 12, 0])[1 + g % 3] AS r,
                 round((500 + (g * 37) % 5000) * (ARRAY[21, 12, 0])[1 + g % 3] / 100.0, 2) AS vat
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

/** Median and worst of RUNS warm GETs (after one untimed). */
async function timed(url: string, apiKey: string): Promise<{ median: number; worst: number }> {
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  await get();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await get();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1] };
}

/** The plan of a statement ($n placeholders) with its values: the nodes, and the execution time. */
async function explain(db: Client, text: string, values: unknown[]): Promise<string[]> {
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS OFF) ${text}`, values);
  return plan.rows.map((r) => `    ${r['QUERY PLAN']}`);
}

export const statisticsScenarios: BenchScenario[] = [
  {
    name: `statistics: GET /reports/statistics and the sales and VAT reports over ${DOCUMENTS.toLocaleString('en')} documents`,
    async run(server) {
      const h = server.harness;
      const out = [`load average (1/5/15 min) at start: ${load()}; ${os.cpus().length} cores shared with other work`];
      const { apiKey, organizationId } = await h.company();
      const db = new Client({ connectionString: server.databaseUrl });
      await db.connect();
      try {
        out.push(...(await seed(db, organizationId)));
        out.push(`load average after the load: ${load()}`);
        const day = (daysAgo: number) =>
          new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('sv', { timeZone: 'Europe/Prague' });
        const fiveYears = { from: day(DAYS), to: day(1) };
        const oneYear = { from: day(365), to: day(1) };
        const cases = [
          ['baseline: GET /api/v1/documents?limit=1', '/api/v1/documents?limit=1', 0],
          [
            'statistics, 1 year by month',
            `/api/v1/reports/statistics?from=${oneYear.from}&to=${oneYear.to}&groupBy=month`,
            200,
          ],
          [
            'statistics, 5 years by month',
            `/api/v1/reports/statistics?from=${fiveYears.from}&to=${fiveYears.to}&groupBy=month`,
            500,
          ],
          [
            'statistics, 5 years by day (1,826 periods)',
            `/api/v1/reports/statistics?from=${fiveYears.from}&to=${fiveYears.to}&groupBy=day`,
            500,
          ],
          ['sales report, 5 years', `/api/v1/reports/sales?from=${fiveYears.from}&to=${fiveYears.to}`, 500],
          ['VAT report, 5 years', `/api/v1/reports/vat?from=${fiveYears.from}&to=${fiveYears.to}`, 500],
        ] as const;
        out.push(
          '',
          `| request | API median ms | worst of ${RUNS} ms | × baseline | target ms |`,
          '|---|---|---|---|---|',
        );
        let baseline = 0;
        let misses = 0;
        for (const [name, path, target] of cases) {
          const { median, worst } = await timed(h.url + path, apiKey);
          if (!target) baseline = median;
          if (target && median >= target) misses++;
          out.push(
            `| ${name} | ${median.toFixed(1)} | ${worst.toFixed(1)} | ${(median / baseline).toFixed(1)} | ${target ? `< ${target}` : '—'} |`,
          );
        }
        out.push(
          '',
          misses === 0 ? 'every target met (median).' : `${misses} target(s) missed (median).`,
          `load average at the end: ${load()}`,
        );
        // The statements of the 5-year statistics and reports, as the app runs them (EXPLAIN ANALYZE).
        const prague = (d: string) => `${d}T00:00:00+01:00`;
        const range = [prague(fiveYears.from), prague(day(0))];
        const counted = ['INVOICE', 'CREDIT_NOTE', 'ADVANCE_TAX_DOCUMENT'];
        const { grains: g, lows, highs } = grainRanges(fiveYears.from, fiveYears.to);
        const grains = [g, lows, highs];
        const s = DAY_TOTALS_STATEMENTS;
        const plans: [string, string, unknown[]][] = [
          ['period sums by month', s.PERIOD_SUMS.text, ['month', organizationId, counted, ...range, null, null]],
          ['top customers', s.TOP_CONTACTS.text, [...grains, organizationId, null, null, 10]],
          ['top products', s.TOP_ITEMS.text, [...grains, organizationId, null, null, 10]],
          ['receivables aging', s.AGING.text, [day(0), organizationId, null, null]],
          ['costs by month', COST_PERIOD_SUMS.text, ['month', organizationId, ...range]],
          ['sales totals', s.TOTALS.text, [organizationId, counted, 'ISSUED', ...range, null, null]],
          ['VAT report rates (CZK)', s.CZK_RATES.text, [organizationId, counted, 'SUPPLIED', ...range, null, null]],
        ];
        for (const [name, text, values] of plans) out.push('', `${name}:`, '', ...(await explain(db, text, values)));
      } finally {
        await db.end();
      }
      return out;
    },
  },
];
