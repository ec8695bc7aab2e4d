import { ApolloServer, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError, toAppError } from '../errors';
import { csrfRefusal } from '../http/gate';
import { clearSessionCookie, setSessionCookie } from '../http/session-cookie';
import type { AppContext, AppState } from '../http/types';
import { UNSTORABLE_MESSAGE } from '../http/input-text';
import { boundErrorBody, boundText } from '../validation';
import type { GraphQLContext } from './context';
import { inputChecksPlugin, storableLiteralsRule, type InputCheckOptions } from './input-checks';
import { MAX_DOCUMENT_NESTING, MAX_QUERY_TOKENS, nestingExceeds, queryLimitsRule } from './limits';

/**
 * Maps through `toAppError`, the function REST's error middleware uses, so every error carries the
 * same `code` in extensions.code as in the REST body (a unique violation is CONFLICT on both).
 * GraphQL's own errors (parse, validation, bad variables) keep Apollo's codes; anything unexpected
 * is a generic INTERNAL_ERROR and its details go to the log only. A refusal by the input checks or
 * the query limits carries its AppError as the cause. Messages and details are bounded (issue 11).
 */
export function formatError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const cause = causeOf(error);
    const ownCode = formatted.extensions?.code;
    const own = ownErrorOfGraphQL(formatted);
    if (own) return own;
    // graphql-js quotes the offending value in its messages ("Variable \"$input\" got invalid value …").
    if (!(cause instanceof AppError) && ownCode !== undefined && ownCode !== 'INTERNAL_SERVER_ERROR')
      return { ...formatted, message: boundText(formatted.message, 1000) };
    const mapped = toAppError(cause);
    if (!mapped.expose) {
      log.error({ err: cause }, 'graphql resolver failed');
      return { message: mapped.message, path: formatted.path, extensions: { code: mapped.code } };
    }
    const bounded = boundErrorBody({ message: mapped.message, details: mapped.details });
    return {
      message: bounded.message,
      path: formatted.path,
      extensions: {
        code: mapped.code,
        status: mapped.status,
        ...(bounded.details !== undefined ? { details: bounded.details } : {}),
        ...(bounded.omittedDetails ? { omittedDetails: bounded.omittedDetails } : {}),
      },
    };
  };
}

/** graphql-js errors that deserve a clearer code than Apollo gives them. */
function ownErrorOfGraphQL(formatted: GraphQLFormattedError): GraphQLFormattedError | null {
  const code = formatted.extensions?.code;
  if (code === 'GRAPHQL_PARSE_FAILED' && /Document contains more th[ae][nt] \d+ tokens/.test(formatted.message)) {
    return {
      message: `The document has more than ${MAX_QUERY_TOKENS} tokens`,
      extensions: { code: 'QUERY_TOO_LARGE', status: 400 },
    };
  }
  // An escaped lone surrogate in a literal: the parser refuses it; same answer as the input check.
  if (code === 'GRAPHQL_PARSE_FAILED' && /Invalid Unicode escape sequence/.test(formatted.message)) {
    return {
      message: formatted.message,
      locations: formatted.locations,
      extensions: { code: 'VALIDATION_FAILED', status: 400, details: [{ path: 'query', message: UNSTORABLE_MESSAGE }] },
    };
  }
  // graphql-js stops coercing variables after 50 errors and says so in an error of its own, without a code.
  if (formatted.message.startsWith('Too many errors processing variables')) {
    return { message: formatted.message, extensions: { code: 'BAD_USER_INPUT' } };
  }
  return null;
}

/** What a resolver (or scalar, or auth checker) threw, under GraphQL's wrapping. */
function causeOf(error: unknown): unknown {
  const unwrapped = unwrapResolverError(error);
  return unwrapped instanceof GraphQLError && unwrapped.originalError ? unwrapped.originalError : unwrapped;
}

export async function createApollo(
  schema: GraphQLSchema,
  log: Logger,
  options: InputCheckOptions,
): Promise<ApolloServer<GraphQLContext>> {
  // The app owns shutdown (src/main.ts): Apollo must not install its own signal handlers.
  const server = new ApolloServer<GraphQLContext>({
    schema,
    formatError: formatError(log),
    // Served to anyone in development and test; in production the plugin asks for a session.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: MAX_QUERY_TOKENS },
    validationRules: [queryLimitsRule(), storableLiteralsRule],
    plugins: [inputChecksPlugin(options)],
  });
  await server.start();
  return server;
}

/**
 * The Koa bridge over executeHTTPGraphQLRequest. Kept instead of @as-integrations/koa (not a
 * dependency): that package is ESM-only, answers a POST whose body was not parsed with a plain-text
 * 500 where Apollo answers 400 in GraphQL form, and calls next() after answering, which would run
 * our 404 middleware behind every GraphQL response.
 */
export interface SessionCookieOptions {
  sessionTtlSeconds: number;
  publicUrl: string;
}

export function graphqlHandler(
  server: ApolloServer<GraphQLContext>,
  cookie: SessionCookieOptions,
): Middleware<AppState> {
  return async (ctx) => {
    const body = (ctx.request as { body?: { query?: unknown } }).body;
    const text = ctx.method === 'GET' ? ctx.query.query : body?.query;
    if (typeof text === 'string' && nestingExceeds(text)) {
      ctx.status = 400;
      ctx.body = {
        errors: [
          {
            message: `The document nests brackets more than ${MAX_DOCUMENT_NESTING} levels deep`,
            extensions: { code: 'QUERY_TOO_DEEP', status: 400 },
          },
        ],
      };
      return;
    }
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(ctx.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const request: HTTPGraphQLRequest = {
      method: ctx.method.toUpperCase(),
      headers,
      search: ctx.querystring ? `?${ctx.querystring}` : '',
      body: (ctx.request as { body?: unknown }).body,
    };
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: request,
      context: () =>
        Promise.resolve({
          rc: ctx.state.rc,
          session: {
            set: (token: string) =>
              setSessionCookie(ctx as AppContext, token, cookie.sessionTtlSeconds, cookie.publicUrl),
            clear: () => clearSessionCookie(ctx as AppContext, cookie.publicUrl),
          },
        }),
    });
    for (const [key, value] of response.headers) ctx.set(key, value);
    ctx.status = response.status ?? 200;
    if (response.body.kind === 'complete') {
      ctx.body = response.body.string;
    } else {
      let text = '';
      for await (const chunk of response.body.asyncIterator) text += chunk;
      ctx.body = text;
    }
  };
}

/**
 * CSRF defence for GraphQL over the session cookie (the rule of `csrfRefusal`, src/core/http/gate.ts,
 * for every method: a GET can run a query). The web app sends both JSON and X-Faktura-Csrf. Apollo's
 * own csrfPrevention (on by default) also refuses simple content types and GETs without a
 * preflight-forcing header, and a mutation is never run from a GET. Answered in GraphQL's shape.
 */
export const graphqlCsrfCheck: Middleware<AppState> = async (ctx, next) => {
  const refusal = csrfRefusal(ctx as AppContext, true);
  if (refusal) {
    ctx.status = 403;
    ctx.body = { errors: [{ message: refusal.message, extensions: { code: refusal.code, status: 403 } }] };
    return;
  }
  await next();
};
