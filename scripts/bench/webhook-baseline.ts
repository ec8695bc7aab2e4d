import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { signBody } from '../../src/modules/webhooks/webhook-signature';

/**
 * The webhook benchmark's baseline (issue 13 point 9), run as its own process like the app's sender:
 * POSTs `count` envelopes shaped and sized like the sample delivery body, each with a fresh id and
 * signed with HMAC-SHA256, to the receiver with `concurrency` requests in flight. Prints one JSON line.
 *
 *   node -r @swc-node/register scripts/bench/webhook-baseline.ts <url> <secret> <count> <concurrency> <keepalive|fresh> <sample body JSON>
 *
 * `keepalive` is what a plain script does (one pooled connection per slot); `fresh` opens a connection
 * per POST, as the app's sender does (agent: false, so that each attempt is pinned to the address checked).
 */
async function main(): Promise<void> {
  const [url, secret, countArg, concurrencyArg, mode, sample] = process.argv.slice(2);
  const count = Number(countArg);
  const concurrency = Number(concurrencyArg);
  const template = JSON.parse(sample) as { id: string; event: string; timestamp: string; data: unknown };
  const agent = mode === 'keepalive' ? new http.Agent({ keepAlive: true, maxSockets: concurrency }) : false;
  const target = new URL(url);
  let next = 0;
  let ok = 0;
  let failed = 0;
  let bytes = 0;

  const post = (body: string, id: string) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'Faktura-Webhooks-Baseline/1.0',
            'x-faktura-signature': signBody(secret, body),
            'x-faktura-event': template.event,
            'x-faktura-delivery': id,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(body);
    });

  const slot = async () => {
    while (next < count) {
      next++;
      const id = randomUUID();
      const body = JSON.stringify({
        id,
        event: template.event,
        timestamp: new Date().toISOString(),
        data: template.data,
      });
      bytes += Buffer.byteLength(body);
      const status = await post(body, id);
      if (status >= 200 && status < 300) ok++;
      else failed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, slot));
  const ms = performance.now() - started;
  if (agent) agent.destroy();
  process.stdout.write(`${JSON.stringify({ ms, ok, failed, avgBodyBytes: bytes / count })}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
