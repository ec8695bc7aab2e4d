import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Host name → every address it resolves to (dns.lookup all); tests stub it so no traffic leaves the machine. */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** What one HTTP attempt came to; `statusCode` null when no answer came. */
export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string | null;
}

const RESPONSE_KEEP_BYTES = 1024;
/** Cloud metadata services, named although their ranges (link-local, unique-local) are refused anyway. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

/**
 * Why an address must not be a webhook target (SSRF, DESIGN 6), or null for a public unicast
 * address. IPv4-mapped IPv6 is refused outright: it would reach an IPv4 host past the IPv6 checks.
 */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.parse(address);
  if (METADATA.has(ip.toNormalizedString()) || METADATA.has(ip.toString())) return `${address} is a cloud metadata address`;
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) return `${address} is an IPv4-mapped IPv6 address`;
  const range = ip.range();
  return range === 'unicast' ? null : `${address} is a ${range} address`;
}

/**
 * Sends webhook POSTs. Unless private networks are allowed, the host is resolved at delivery time,
 * refused when any of its addresses is not public, and the connection is pinned to the address
 * checked (a custom `lookup`), so a second resolution cannot swap in an internal address. Redirects
 * are never followed (node's http client does not), so a 3xx is simply a failed attempt.
 */
export class WebhookNetwork {
  /** Replaceable in tests (stubbed resolution for the refusal cases and the fuzz test). */
  resolve: HostResolver = systemResolver;

  constructor(
    private readonly allowPrivateNetworks: boolean,
    private readonly timeoutMs: number,
    private readonly userAgent: string,
  ) {}

  async post(target: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(target);
    let pinned: ResolvedAddress | null = null;
    if (!this.allowPrivateNetworks) {
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      let addresses: ResolvedAddress[];
      try {
        addresses = await this.resolve(host);
      } catch (err) {
        return failure(`DNS resolution of ${host} failed: ${(err as Error).message}`, elapsed());
      }
      if (addresses.length === 0) return failure(`${host} has no address`, elapsed());
      for (const a of addresses) {
        const refused = refusedAddress(a.address);
        if (refused) return failure(`Refused: ${host} resolves to a non-public address (${refused})`, elapsed());
      }
      pinned = addresses[0];
    }
    return this.request(url, body, headers, pinned, started);
  }

  private request(url: URL, body: string, headers: Record<string, string>, pinned: ResolvedAddress | null, started: number): Promise<SendOutcome> {
    const elapsed = () => Math.round(performance.now() - started);
    const lookup: LookupFunction | undefined = pinned
      ? (_host, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        }
      : undefined;
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<SendOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const req = client.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'user-agent': this.userAgent, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
          lookup,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (chunk: Buffer) => {
            if (kept < RESPONSE_KEEP_BYTES) {
              chunks.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - kept));
              kept += Math.min(chunk.length, RESPONSE_KEEP_BYTES - kept);
            }
          });
          const done = () => {
            const statusCode = res.statusCode ?? 0;
            const ok = statusCode >= 200 && statusCode < 300;
            const redirect = statusCode >= 300 && statusCode < 400;
            const error = ok ? null : redirect ? `HTTP ${statusCode}: redirects are not followed` : `HTTP ${statusCode}`;
            finish({ ok, statusCode, error, durationMs: elapsed(), responseBody: Buffer.concat(chunks).toString('utf8') });
            req.destroy();
          };
          res.on('end', done);
          res.on('error', done);
        },
      );
      // The whole attempt (connect, send, answer) must finish within the timeout.
      const timer = setTimeout(() => {
        finish(failure(`Timed out after ${this.timeoutMs} ms`, elapsed()));
        req.destroy();
      }, this.timeoutMs);
      req.on('error', (err) => finish(failure(`Connection failed: ${err.message}`, elapsed())));
      req.end(body);
    });
  }
}

function failure(error: string, durationMs: number): SendOutcome {
  return { ok: false, statusCode: null, error, durationMs, responseBody: null };
}
