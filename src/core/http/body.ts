import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Middleware } from 'koa';
import { parse as parseQuery } from 'qs';
import { InvalidJsonError, PayloadTooLargeError } from '../errors';
import type { AppState } from './types';

/** JSON and form bodies are read up to this many bytes (after content decoding). */
export const BODY_LIMIT = 1024 * 1024;

const JSON_TYPES = [
  'application/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
  'application/scim+json',
];
const FORM_TYPES = ['application/x-www-form-urlencoded'];
/** RFC 8259: only an object or an array is a body (whitespace before it allowed). */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;
/** A body that may name `__proto__` (literally or through an escape) is parsed with a guard. */
const MAY_NAME_PROTO = /__proto__|\\u/;

/**
 * Not valid UTF-8 is refused, never repaired: a decoder that replaces broken bytes with U+FFFD
 * would store "���" where the client sent something else (issue 24 point 7).
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

class BodyError extends Error {
  constructor(readonly tooLarge: boolean) {
    super(tooLarge ? 'body too large' : 'body unreadable');
  }
}

/**
 * The one body parser of every route (/api/v1, /api/pos, /graphql, the OAuth pages): JSON and form
 * bodies up to 1 MiB, read as bytes and decoded as strict UTF-8. Malformed JSON, bytes that are not
 * UTF-8, an unsupported Content-Encoding or a length that does not match Content-Length are 400
 * INVALID_JSON; too large is 413. Other content types leave `{}` as the body.
 */
export function parseBody(): Middleware<AppState> {
  // Not async until there is a body to read: a bodiless GET passes through without a promise of its own.
  return (ctx, next) => {
    const request = ctx.request as { body?: unknown };
    if (request.body !== undefined) return next();
    const sent = hasBody(ctx.req);
    const json = sent && Boolean(ctx.request.is(JSON_TYPES));
    const form = sent && !json && Boolean(ctx.request.is(FORM_TYPES));
    if (!json && !form) {
      request.body = {};
      return next();
    }
    return readBody(ctx, next, json);
  };
}

/** Reads a JSON or form body, then runs the rest. */
async function readBody(ctx: ParserContext, next: () => Promise<unknown>, json: boolean): Promise<void> {
  const request = ctx.request as { body?: unknown };
  let text: string;
  try {
    const bytes = await readBytes(ctx.req, BODY_LIMIT);
    text = strictUtf8.decode(bytes);
    if (json) jsonBodies.set(ctx.req, bytes);
  } catch (err) {
    throw err instanceof BodyError && err.tooLarge ? new PayloadTooLargeError() : new InvalidJsonError();
  }
  request.body = json ? parseJson(text) : parseForm(text);
  await next();
}

type ParserContext = Parameters<Middleware<AppState>>[0];

/** Each JSON body's bytes as they came, for a route that verifies a signature over them (a gateway's webhook). */
const jsonBodies = new WeakMap<IncomingMessage, Buffer>();

/** The bytes of the request's JSON body exactly as sent (parseBody keeps them); null without a JSON body. */
export function rawJsonBody(req: IncomingMessage): Buffer | null {
  return jsonBodies.get(req) ?? null;
}

/** The largest file a route takes (POST /costs/import: 10 MB): what an Idempotency-Key's fingerprint reads of an upload. */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;

export type Upload = Buffer | 'too-large' | 'unreadable';

/** Each request's upload, read once: the Idempotency-Key's fingerprint and then the handler read the same bytes. */
const uploads = new WeakMap<IncomingMessage, Promise<Upload>>();

/**
 * A file upload's bytes (a body whose type parseBody leaves alone), after its Content-Encoding, at
 * most `limit`: 'too-large' past it, 'unreadable' when broken (unsupported encoding, wrong length).
 */
export async function readUpload(req: IncomingMessage, limit: number): Promise<Upload> {
  let read = uploads.get(req);
  if (!read) {
    read = readBytes(req, limit).catch((err: unknown) =>
      err instanceof BodyError && err.tooLarge ? 'too-large' : 'unreadable',
    );
    uploads.set(req, read);
  }
  const bytes = await read;
  return Buffer.isBuffer(bytes) && bytes.length > limit ? 'too-large' : bytes;
}

/** Whether the request carries a body parseBody left alone: an upload, for its route to read. */
export function hasUpload(ctx: {
  req: IncomingMessage;
  request: { is(types: string[]): string | false | null };
}): boolean {
  return hasBody(ctx.req) && !ctx.request.is(JSON_TYPES) && !ctx.request.is(FORM_TYPES);
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Strict JSON: an empty body is `{}`, anything but an object or array is refused, and so is a `__proto__` key. */
export function parseJson(text: string): unknown {
  if (!text) return {};
  if (!OBJECT_OR_ARRAY.test(text)) throw new InvalidJsonError();
  try {
    return MAY_NAME_PROTO.test(text) ? JSON.parse(text, refuseProto) : JSON.parse(text);
  } catch {
    throw new InvalidJsonError();
  }
}

function refuseProto(this: unknown, key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('Object contains forbidden prototype property');
  return value;
}

/** Form bodies as koa-bodyparser read them (qs, dots allowed). */
function parseForm(text: string): unknown {
  try {
    return parseQuery(text, { allowDots: true });
  } catch {
    throw new InvalidJsonError();
  }
}

/** The body's bytes after its Content-Encoding, at most `limit` of them. */
function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const declared = req.headers['content-length'] === undefined ? NaN : Number(req.headers['content-length']);
  let inflater: Transform | null = null;
  if (encoding === 'identity') {
    if (declared > limit) return Promise.reject(new BodyError(true));
  } else if (encoding === 'gzip' || encoding === 'x-gzip') inflater = createGunzip();
  else if (encoding === 'deflate') inflater = createInflate();
  else if (encoding === 'br') inflater = createBrotliDecompress();
  else return Promise.reject(new BodyError(false));
  const source: Readable = inflater ? req.pipe(inflater) : req;

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (err: BodyError | null) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      req.off('aborted', onError);
      req.off('close', onClose);
      if (!err) return resolve(Buffer.concat(chunks, received));
      if (inflater) {
        req.unpipe(inflater);
        inflater.destroy();
      }
      req.pause();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) finish(new BodyError(true));
      else chunks.push(chunk);
    };
    const onEnd = () => {
      if (encoding === 'identity' && !Number.isNaN(declared) && declared !== received) finish(new BodyError(false));
      else finish(null);
    };
    const onError = () => finish(new BodyError(false));
    // A connection closed before the body ended: no answer will be read, but the request must not hang.
    const onClose = () => {
      if (!req.complete) onError();
    };
    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onError);
    req.on('aborted', onError);
    req.on('close', onClose);
  });
}
