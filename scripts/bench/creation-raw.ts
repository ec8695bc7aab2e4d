import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { Pool } from 'pg';

/**
 * The raw baseline of the invoice-creation benchmark (creation.ts, issue 31 point 1), run as its own
 * process as the app is: node:http and a pg Pool of 32 connections. Each POST writes one ISSUED invoice
 * as the app does, in one statement (so one round trip): takes the next number of the company's INVOICE
 * series (the same counter row, locked until the statement commits), inserts the documents row with its
 * 3 lines and CZK amounts (the day-total triggers of Migration0042 fire on it, as on the app's insert)
 * and the document.created outbox event. It parses the body and computes the lines, and does nothing the
 * app does besides: no authentication, validation, quota, ORM or idempotency layer.
 *
 *   node -r @swc-node/register scripts/bench/creation-raw.ts <databaseUrl> <organizationId> <port>
 */

const CREATE = `WITH counter AS (
  INSERT INTO numbering_counters (organization_id, document_type, period, next_number) VALUES ($1, 'INVOICE', '', 2)
  ON CONFLICT (organization_id, document_type, period) DO UPDATE SET next_number = numbering_counters.next_number + 1
  RETURNING 'FV' || lpad((next_number - 1)::text, 6, '0') AS number
),
doc AS (
  INSERT INTO documents (id, organization_id, type, status, number, variable_symbol, client_name, currency, items,
    issued_at, due_at, subtotal, vat_total, total, exchange_rate, subtotal_czk, vat_total_czk, total_czk, vat_rates_czk,
    paid_amount, auto_paid_amount, rounding_amount, credited_amount, tags, custom_fields, public_token, version,
    created_at, updated_at)
  SELECT $2, $1, 'INVOICE', 'ISSUED', c.number, ltrim(substr(c.number, 3), '0'), $3, 'CZK', $4, $5, $6, $7, $8, $9,
    1, $7, $8, $9, $10, 0, 0, 0, 0, '[]', '{}', $11, 1, $5, $5
  FROM counter c
  RETURNING number
),
event AS (
  INSERT INTO event_outbox (event, organization_id, data, created_at)
  SELECT 'document.created', $1, jsonb_build_object('id', $2::uuid, 'number', d.number, 'type', 'INVOICE',
    'status', 'ISSUED', 'currency', 'CZK', 'total', $9::numeric, 'paidAmount', 0, 'contactId', null,
    'clientName', $3::text, 'issuedAt', $12::text, 'dueAt', $13::text), $5
  FROM doc d
)
SELECT number FROM doc`;

interface Line {
  name: string;
  quantity: number;
  unit?: string;
  unitPrice: number;
  vatRate: number;
}

const cents = (n: number) => Math.round(n * 100);
const money = (c: number) => (c / 100).toFixed(2);

function lines(items: Line[]) {
  const computed = items.map((i) => {
    const base = cents(i.quantity * i.unitPrice);
    const vat = Math.round((base * i.vatRate) / 100);
    return { ...i, unit: i.unit ?? 'ks', base, vat };
  });
  const rates = new Map<number, { base: number; vat: number }>();
  for (const l of computed) {
    const r = rates.get(l.vatRate) ?? { base: 0, vat: 0 };
    rates.set(l.vatRate, { base: r.base + l.base, vat: r.vat + l.vat });
  }
  const sum = (k: 'base' | 'vat') => computed.reduce((s, l) => s + l[k], 0);
  return {
    items: computed.map((l) => ({
      name: l.name,
      quantity: String(l.quantity),
      unit: l.unit,
      unitPrice: String(l.unitPrice),
      vatRate: String(l.vatRate),
      priceIncludesVat: false,
      base: money(l.base),
      vat: money(l.vat),
      total: money(l.base + l.vat),
    })),
    rates: [...rates].map(([vatRate, r]) => ({
      vatRate: String(vatRate),
      subtotal: money(r.base),
      vatTotal: money(r.vat),
      total: money(r.base + r.vat),
    })),
    subtotal: money(sum('base')),
    vatTotal: money(sum('vat')),
    total: money(sum('base') + sum('vat')),
  };
}

function main(): void {
  const [databaseUrl, organizationId, port] = process.argv.slice(2);
  const pool = new Pool({ connectionString: databaseUrl, max: 32 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { clientName: string; items: Line[] };
      const l = lines(body.items);
      const now = new Date();
      const due = new Date(now.getTime() + 14 * 86_400_000);
      pool
        .query({
          name: 'raw_create_invoice',
          text: CREATE,
          values: [
            organizationId,
            randomUUID(),
            body.clientName,
            JSON.stringify(l.items),
            now,
            due,
            l.subtotal,
            l.vatTotal,
            l.total,
            JSON.stringify(l.rates),
            `fpd_${randomBytes(32).toString('base64url')}`,
            now.toISOString(),
            due.toISOString(),
          ],
        })
        .then(
          (r) => {
            res.writeHead(201, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ number: r.rows[0].number, total: l.total }));
          },
          (err: Error) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(err.message);
          },
        );
    });
  });
  server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
  process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
}

main();
