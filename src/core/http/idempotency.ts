import { createHash, randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Principal } from '../access';
import type { Clock } from '../clock';
import { IdempotencyAnswerLost, IdempotencyKeyInUse, IdempotencyKeyMismatch } from '../errors';
import { withClaim } from '../idempotency/claim-context';
import type { ClaimHolder } from '../idempotency/claim-holder';
import { claimKey, findKey, releaseKey, storeAnswer, type KeyScope } from '../idempotency/idempotency.queries';
import { validationFailed } from '../validation';
import { hasUpload, readUpload, UPLOAD_LIMIT, type Upload } from './body';
import { answerError } from './middleware';
import type { AppState } from './types';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_KEY_LENGTH = 255;
/** A key (and the answer stored with it) lives this long after its first request, by the Clock. */
export const KEY_TTL_SECONDS = 24 * 60 * 60;
/**
 * A claim still running after this long belongs to a process that died mid-request (every request
 * ends long before: the database statement timeout, the HTTP server's timeouts): the next request
 * with the key takes it over. A process that died with its database connections closed (a crash,
 * SIGKILL) is known at once by its ClaimHolder lock: its claims are taken over without waiting.
 */
export const STALE_CLAIM_SECONDS = 10 * 60;
/** Retry-After of 409 IDEMPOTENCY_KEY_IN_USE. */
export const IN_USE_RETRY_AFTER_SECONDS = 1;

/** The response headers a replay repeats; the rest (request id, quota, cookies) belong to each request. */
const STORED_HEADERS = [
  'content-type',
  'content-disposition',
  'content-language',
  'location',
  'etag',
  'last-modified',
  'link',
  'retry-after',
];

/**
 * Answers that are not stored: the key is free again and a retry runs the request anew. 5xx (the
 * request failed, IETF draft and Stripe), and the 4xx that say "try again" rather than "this request
 * is wrong": timeout, conflict (a concurrent update, a rule another request may lift), too early,
 * quota exhausted.
 */
function keepsAnswer(status: number): boolean {
  return status < 500 && ![408, 409, 425, 429].includes(status);
}

/** RFC 6749 endpoints keep their own protocol (SPEC 7.1): no Idempotency-Key there. */
const OAUTH_PROTOCOL_PATH = /^\/api\/v1\/oauth\/(token|revoke|authorize)$/i;

/**
 * Idempotency-Key (issue 24, point 1; IETF httpapi-idempotency-key-header draft, Stripe's behaviour)
 * on every POST, PUT, PATCH and DELETE of /api/v1 and POST /graphql. Mounted after the route's
 * guard, so the caller (the key's scope) is known; a request without the header, or a public route
 * (no credential to scope the key to), runs as before.
 *
 * 1. The key is 1..255 characters (else 400 VALIDATION_FAILED naming Idempotency-Key).
 * 2. It is claimed for this request (INSERT ... ON CONFLICT, one statement, race-safe across
 *    processes) with the request's fingerprint: SHA-256 of method, path with query, and body (an
 *    upload's bytes too).
 * 3. Held by another request: a different fingerprint is 422 IDEMPOTENCY_KEY_MISMATCH; a first
 *    request still running is 409 IDEMPOTENCY_KEY_IN_USE with Retry-After (the client retries and
 *    then gets the stored answer); a stored answer is replayed with `Idempotent-Replayed: true`.
 * 4. Claimed: the handler runs; its answer (status, the headers of STORED_HEADERS, body), error
 *    answers included, is stored, except 5xx and transient 4xx, which free the key again.
 *
 * Concurrent repeats are answered 409 at once rather than waiting for the first: a request never
 * holds a connection or a worker waiting on another, and the client decides how long to wait.
 */
export function idempotencyKeys(clock: Clock, holder?: Pick<ClaimHolder, 'current'>): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.req.headers[IDEMPOTENCY_HEADER];
    const principal = ctx.state.rc.principal;
    if (header === undefined || !principal || !WRITE_METHODS.has(ctx.method) || OAUTH_PROTOCOL_PATH.test(ctx.path)) {
      await next();
      return;
    }
    const key = Array.isArray(header) ? header.join(', ') : header;
    const length = [...key].length;
    if (length < 1 || length > MAX_KEY_LENGTH)
      throw validationFailed([
        { path: 'Idempotency-Key', message: `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters` },
      ]);

    const em = ctx.state.rc.em;
    const scope: KeyScope = { organizationId: principal.organization.id, credential: credentialOf(principal), key };
    // An upload (a file as the body) counts by its bytes: the same key with another file is a mismatch.
    const upload = hasUpload(ctx) ? await readUpload(ctx.req, UPLOAD_LIMIT) : undefined;
    const fingerprint = fingerprintOf(ctx.method, ctx.url, (ctx.request as { body?: unknown }).body, upload);
    const now = clock.now();
    const claimId = randomUUID();
    const staleBefore = new Date(now.getTime() - STALE_CLAIM_SECONDS * 1000);
    const claimed = await claimKey(em, scope, {
      id: claimId,
      holder: holder?.current ?? null,
      fingerprint,
      now,
      expiresAt: new Date(now.getTime() + KEY_TTL_SECONDS * 1000),
      staleBefore,
    });
    if (!claimed) {
      const stored = await findKey(em, scope, now, staleBefore);
      // Freed (5xx) between the claim and the read: as if still running, the retry finds it free.
      if (!stored || stored.state !== 'done') {
        if (stored && stored.fingerprint !== fingerprint) throw new IdempotencyKeyMismatch();
        // Its process died after the request committed, before its answer was stored: never run again.
        if (stored?.state === 'committed' && !stored.live) throw new IdempotencyAnswerLost();
        throw new IdempotencyKeyInUse(IN_USE_RETRY_AFTER_SECONDS);
      }
      if (stored.fingerprint !== fingerprint) throw new IdempotencyKeyMismatch();
      for (const [name, value] of Object.entries(stored.headers ?? {})) ctx.set(name, value);
      ctx.set('Idempotent-Replayed', 'true');
      ctx.body = stored.body && stored.body.length ? stored.body : null;
      ctx.status = stored.status ?? 200;
      return;
    }

    try {
      await withClaim({ scope, claimId }, next);
    } catch (err) {
      answerError(ctx, err);
    }
    const body = bodyBytes(ctx.body);
    const keep = keepsAnswer(ctx.status) && body !== undefined && !graphqlServerError(ctx.path, body);
    const headers: Record<string, string> = {};
    for (const name of STORED_HEADERS) {
      const value = ctx.response.get(name);
      if (value) headers[name] = value;
    }
    // The handler's answer stands whatever happens here: a failed store leaves the claim running (repeats
    // get 409 until it is STALE_CLAIM_SECONDS old), a failed release keeps the key until then too.
    try {
      if (keep) await storeAnswer(em, scope, claimId, { status: ctx.status, headers, body });
      else await releaseKey(em, scope, claimId);
    } catch (err) {
      ctx.state.rc.log.error({ err }, keep ? 'idempotency answer not stored' : 'idempotency claim not released');
    }
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The scope of a key within the company: the API key, the OAuth application for one person, the session's person. */
function credentialOf(p: Principal): string {
  if (p.kind === 'session') return `session:${p.userId}`;
  if (p.kind === 'oauth') return `oauth:${p.credentialId}:${p.userId}`;
  return `${p.kind}:${p.credentialId}`;
}

export function fingerprintOf(method: string, url: string, body: unknown, upload?: Upload): string {
  const hash = createHash('sha256')
    .update(`${method}\n${url}\n`)
    .update(body === undefined ? '' : JSON.stringify(body));
  if (upload !== undefined) hash.update('\nupload\n').update(upload);
  return hash.digest('hex');
}

/** The answer's body as Koa will send it; undefined for a stream, which is not stored (the key is freed). */
function bodyBytes(body: unknown): Buffer | null | undefined {
  if (body === null || body === undefined) return null;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return undefined;
  return Buffer.from(JSON.stringify(body));
}

/** GraphQL answers 200 with `errors`; one whose error is a 5xx (e.g. INTERNAL_ERROR) is not stored either. */
function graphqlServerError(path: string, body: Buffer | null): boolean {
  return path === '/graphql' && body !== null && /"status":5\d\d/.test(body.toString());
}
