import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../../core/secrets';
import type { PkceMethod } from './oauth-code.entity';

/** RFC 7636 4.1: 43-128 unreserved characters (also the shape of a plain challenge). */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isPkceMethod(value: string): value is PkceMethod {
  return value === 'S256' || value === 'plain';
}

export function isWellFormedChallenge(challenge: string, method: PkceMethod): boolean {
  return method === 'S256' ? /^[A-Za-z0-9_-]{43}$/.test(challenge) : VERIFIER.test(challenge);
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A verifier of the wrong shape cannot match any challenge we accepted. */
export function verifierMatches(verifier: string, challenge: string, method: PkceMethod): boolean {
  if (!VERIFIER.test(verifier)) return false;
  return constantTimeEqual(method === 'S256' ? s256(verifier) : verifier, challenge);
}
