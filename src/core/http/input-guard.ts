import type { Middleware } from 'koa';
import type { ErrorDetail } from '../errors';
import { boundErrorBody, validationFailed } from '../validation';
import { childPath, cleanText, isStorableText, UNSTORABLE_MESSAGE } from './input-text';
import type { AppState } from './types';

/** Headers whose values services use as data (not only as credentials). */
const DATA_HEADERS = ['idempotency-key', 'x-organization-id'];

export const GRAPHQL_PATH = '/graphql';
/** RFC 6749 endpoints answer every error as `{ error, error_description }` (SPEC 7.1), this one too. */
const OAUTH_PROTOCOL_PATH = /^\/api\/v1\/oauth\/(token|revoke|authorize)$/;

/**
 * The one place every string of a request is checked before any handler, resolver or query sees it:
 * the parsed body (JSON or form), the query string and the data headers. NUL and lone surrogates
 * answer 400 VALIDATION_FAILED naming the field; everything else is NFC-normalised in place.
 * Runs after the body parser. Path parameters are checked once a route matched (`pathParamGuard`);
 * GraphQL variables sent by GET and escapes in GraphQL literals are checked by the GraphQL server.
 */
export function inputGuard(): Middleware<AppState> {
  // Not async: a request with nothing to refuse passes on without a promise of its own.
  return (ctx, next) => {
    const issues: ErrorDetail[] = [];
    const request = ctx.request as { body?: unknown };
    cleanText(ctx.query, '', issues);
    for (const name of DATA_HEADERS) {
      const value = ctx.req.headers[name];
      if (typeof value === 'string') ctx.req.headers[name] = cleanText(value, canonicalHeader(name), issues) as string;
    }
    if (request.body !== undefined) request.body = cleanText(request.body, '', issues);
    if (!issues.length) return next();
    const error = validationFailed(issues);
    if (OAUTH_PROTOCOL_PATH.test(ctx.path)) {
      ctx.status = 400;
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Pragma', 'no-cache');
      ctx.body = { error: 'invalid_request', error_description: `Parameter ${issues[0].path} ${UNSTORABLE_MESSAGE}` };
      return Promise.resolve();
    }
    if (ctx.path !== GRAPHQL_PATH) throw error;
    // GraphQL clients read `errors`, not the REST body: same code, before any execution.
    const body = boundErrorBody({ message: error.message, details: error.details });
    ctx.status = 400;
    ctx.body = {
      errors: [
        {
          message: body.message,
          extensions: {
            code: error.code,
            status: 400,
            details: body.details,
            ...(body.omittedDetails ? { omittedDetails: body.omittedDetails } : {}),
          },
        },
      ],
    };
    return Promise.resolve();
  };
}

/** A path parameter is decoded by the router; a `%00` in it must not reach a query either. */
export const pathParamGuard: Middleware<AppState> = async (ctx, next) => {
  const issues: ErrorDetail[] = [];
  const params = (ctx as unknown as { params?: Record<string, unknown> }).params ?? {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && !isStorableText(value))
      issues.push({ path: childPath('', name), message: UNSTORABLE_MESSAGE });
  }
  if (issues.length) throw validationFailed(issues);
  await next();
};

function canonicalHeader(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}
