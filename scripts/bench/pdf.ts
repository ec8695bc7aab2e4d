import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { BenchScenario } from './harness';
import { loadAverage } from './harness';

const COLD_DOCUMENTS = 200;
const COLD_CONCURRENCY = 4;
const CACHED_SECONDS = 10;
const CONNECTIONS = 16;

/** A bare node:http server answering every request with the same PDF bytes: the ceiling for a kept PDF. */
async function bareServer(pdf: Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
    res.end(pdf);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function cannon(url: string, requests: { path: string; headers?: Record<string, string> }[]) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: CACHED_SECONDS,
    requests: requests.map((q) => ({ method: 'GET', ...q })) as never,
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/**
 * Issue 17: PDFs per second rendered cold (each document's first download: render + keep) and
 * served cached (later downloads of the same version), beside the JSON record of the same documents
 * and a bare node:http server sending the same bytes.
 */
export const pdfScenarios: BenchScenario[] = [
  {
    name: 'PDF: documents rendered cold and served cached, beside a bare server sending the same bytes',
    async run(server) {
      const h = server.harness;
      const out = [`load average (1/5/15 min) at start: ${loadAverage()}`];
      const { apiKey, token } = await h.company();
      const billing = await h.request(
        'PUT',
        '/api/v1/settings/company',
        {
          legalName: 'Žluťoučký kůň s.r.o.',
          taxId: '27074358',
          vatId: 'CZ27074358',
          vatPayer: true,
          street: 'Příčná 1',
          city: 'Praha',
          zip: '110 00',
          iban: 'CZ6508000000192000145399',
        },
        token,
      );
      if (billing.status !== 200) throw new Error(`billing: ${billing.status} ${JSON.stringify(billing.body)}`);
      const items = [
        { name: 'Konzultace – účetnictví', quantity: 2, unit: 'h', unitPrice: '1500', vatRate: 21 },
        { name: 'Kniha „Daně 2026“', quantity: 3, unit: 'ks', unitPrice: '99.90', vatRate: 12 },
      ];
      const ids: string[] = [];
      for (let i = 0; i < COLD_DOCUMENTS; i++) {
        const doc = await h.request(
          'POST',
          '/api/v1/documents',
          { type: 'INVOICE', status: 'ISSUED', clientName: `Odběratel ${i}`, items },
          apiKey,
        );
        if (doc.status !== 201) throw new Error(`document: ${doc.status} ${JSON.stringify(doc.body)}`);
        ids.push(doc.body.id);
      }
      const auth = { authorization: `Bearer ${apiKey}` };

      // Cold: every document's first download renders its PDF and keeps it.
      let next = 0;
      let bytes = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: COLD_CONCURRENCY }, async () => {
          while (next < ids.length) {
            const id = ids[next++];
            const res = await fetch(`${h.url}/api/v1/documents/${id}/pdf`, { headers: auth });
            if (res.status !== 200) throw new Error(`pdf ${id}: ${res.status}`);
            bytes += (await res.arrayBuffer()).byteLength;
          }
        }),
      );
      const coldSeconds = (performance.now() - started) / 1000;
      const coldRate = ids.length / coldSeconds;
      out.push(`load average after the cold renders: ${loadAverage()}`);

      // Cached: the same documents again, now kept.
      const cached = await cannon(
        h.url,
        ids.map((id) => ({ path: `/api/v1/documents/${id}/pdf`, headers: auth })),
      );
      // The same documents' JSON record: what any authenticated read of one document costs here.
      const record = await cannon(
        h.url,
        ids.map((id) => ({ path: `/api/v1/documents/${id}`, headers: auth })),
      );
      const sample = Buffer.from(
        await (await fetch(`${h.url}/api/v1/documents/${ids[0]}/pdf`, { headers: auth })).arrayBuffer(),
      );
      const bare = await bareServer(sample);
      let baseline: Awaited<ReturnType<typeof cannon>>;
      try {
        baseline = await cannon(bare.url, [{ path: '/' }]);
      } finally {
        await bare.close();
      }
      out.push(`load average at the end: ${loadAverage()}`);
      out.push(
        '',
        `PDF size ${sample.length} bytes (average over the cold set ${Math.round(bytes / ids.length)}); ${COLD_DOCUMENTS} documents, two VAT rates, QR payment code.`,
        '',
        '| measurement | PDFs/s | p50 ms | p99 ms | non-2xx | errors |',
        '|---|---|---|---|---|---|',
        `| cold: first download renders and keeps (${COLD_CONCURRENCY} in flight) | ${coldRate.toFixed(1)} | ${((1000 * coldSeconds * COLD_CONCURRENCY) / ids.length).toFixed(0)} (mean) | – | 0 | 0 |`,
        `| cached: GET /api/v1/documents/:id/pdf of a kept version (${CONNECTIONS} connections, ${CACHED_SECONDS} s) | ${cached.rps} | ${cached.p50} | ${cached.p99} | ${cached.non2xx} | ${cached.errors} |`,
        `| reference: GET /api/v1/documents/:id, the JSON record (${CONNECTIONS} connections, ${CACHED_SECONDS} s) | ${record.rps} | ${record.p50} | ${record.p99} | ${record.non2xx} | ${record.errors} |`,
        `| baseline: bare node:http sending the same bytes (${CONNECTIONS} connections, ${CACHED_SECONDS} s) | ${baseline.rps} | ${baseline.p50} | ${baseline.p99} | ${baseline.non2xx} | ${baseline.errors} |`,
        '',
        `cached / cold: ${(cached.rps / coldRate).toFixed(1)}×; cached / baseline: ${((100 * cached.rps) / baseline.rps).toFixed(0)} %`,
      );
      return out;
    },
  },
];
