import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isSuccess } from './delivery-policy';

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
/** A host's checked addresses are reused this long (then resolved and checked again). */
const DNS_CACHE_MS = 5_000;
/**
 * Idle keep-alive connections are closed after this long: below node's default server keep-alive
 * (5 s), so a receiver rarely closes a connection just as it is reused.
 */
const IDLE_SOCKET_MS = 4_000;
/** Cloud metadata services, named although their ranges (link-local, unique-local) are refused anyway. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

/**
 * Why an address must not be a webhook target (SSRF, DESIGN 6), or null for a public unicast
 * address. IPv4-mapped IPv6 is refused outright: it would reach an IPv4 host past the IPv6 checks.
 */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.parse(address);
  if (METADATA.has(ip.toNormalizedString()) || METADATA.has(ip.toString()))
    return `${address} is a cloud metadata address`;
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    return `${address} is an IPv4-mapped IPv6 address`;
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
  /** host → its addresses as `resolve` gave them, for DNS_CACHE_MS (an entry of a replaced `resolve` is not used). */
  private readonly resolved = new Map<
    string,
    { resolver: HostResolver; until: number; addresses: ResolvedAddress[] }
  >();
  /**
   * Keep-alive agents keyed by (scheme, pinned address, host): a connection is only ever reused for
   * the address it was opened to, which was checked then and is checked again at each delivery.
   */
  private readonly agents = new Map<string, http.Agent>();

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
        addresses = await this.lookup(host);
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

  /** Closes idle keep-alive connections (app shutdown). */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private async lookup(host: string): Promise<ResolvedAddress[]> {
    const now = performance.now();
    const cached = this.resolved.get(host);
    if (cached && cached.resolver === this.resolve && cached.until > now) return cached.addresses;
    const resolver = this.resolve;
    const addresses = await resolver(host);
    if (this.resolved.size > 10_000) this.resolved.clear();
    this.resolved.set(host, { resolver, until: now + DNS_CACHE_MS, addresses });
    return addresses;
  }

  private agentFor(url: URL, pinned: ResolvedAddress | null): http.Agent {
    const key = `${url.protocol}|${pinned?.address ?? ''}|${url.host}`;
    let agent = this.agents.get(key);
    if (!agent) {
      const options = { keepAlive: true, maxFreeSockets: 16, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' as const };
      agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      if (this.agents.size > 1_000) this.close();
      this.agents.set(key, agent);
    }
    return agent;
  }

  private request(
    url: URL,
    body: string,
    headers: Record<string, string>,
    pinned: ResolvedAddress | null,
    started: number,
    fresh = false,
  ): Promise<SendOutcome> {
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
      let answered = false;
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
          headers: {
            ...headers,
            'user-agent': this.userAgent,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
          lookup,
          // Connections are reused (keep-alive); a retry after a reused one was reset opens a new one.
          agent: fresh ? false : this.agentFor(url, pinned),
        },
        (res) => {
          answered = true;
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
            const ok = isSuccess(statusCode);
            const redirect = statusCode >= 300 && statusCode < 400;
            const error = ok
              ? null
              : redirect
                ? `HTTP ${statusCode}: redirects are not followed`
                : `HTTP ${statusCode}`;
            finish({
              ok,
              statusCode,
              error,
              durationMs: elapsed(),
              responseBody: Buffer.concat(chunks).toString('utf8'),
            });
          };
          // The body is read to its end, so the connection goes back to the agent for the next POST.
          res.on('end', done);
          res.on('error', () => {
            done();
            req.destroy();
          });
        },
      );
      // The whole attempt (connect, send, answer, a resend after a reset) must finish within the timeout.
      const timer = setTimeout(
        () => {
          finish(failure(`Timed out after ${this.timeoutMs} ms`, elapsed()));
          req.destroy();
        },
        this.timeoutMs - (performance.now() - started),
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection the receiver closed while idle: the POST never reached it, so it is
        // sent once more on a new connection (node's documented pattern for reused sockets).
        if (req.reusedSocket && !answered && !settled && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
          settled = true;
          clearTimeout(timer);
          resolve(this.request(url, body, headers, pinned, started, true));
          return;
        }
        finish(failure(`Connection failed: ${err.message}`, elapsed()));
      });
      req.end(body);
    });
  }
}

function failure(error: string, durationMs: number): SendOutcome {
  return { ok: false, statusCode: null, error, durationMs, responseBody: null };
}
