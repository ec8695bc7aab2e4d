import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** The longest user agent kept (sessions, the audit log); longer ones are cut. */
const USER_AGENT_MAX = 256;

/**
 * The caller's address: the socket's peer, or, when `trustProxy` (TRUST_PROXY=1: exactly one reverse
 * proxy of ours in front), the last X-Forwarded-For entry — the one that proxy appended. Entries to
 * its left were written by the client and prove nothing. IPv4-mapped IPv6 (::ffff:1.2.3.4) is
 * given as IPv4, so one client has one spelling.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const value = Array.isArray(header) ? header.join(',') : header;
    const last = value?.split(',').pop()?.trim();
    if (last && isIP(last)) return normalize(last);
  }
  return normalize(req.socket.remoteAddress ?? '');
}

export function clientUserAgent(req: IncomingMessage): string {
  return (req.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
}

function normalize(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}
