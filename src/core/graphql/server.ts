import { ApolloServer, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError, toAppError } from '../errors';
import type { AppState } from '../http/types';
import type { GraphQLContext } from './context';

/**
 * Maps through `toAppError`, the function REST's error middleware uses, so every error carries the
 * same `code` in extensions.code as in the REST body (a unique violation is CONFLICT on both).
 * GraphQL's own errors (parse, validation, bad variables) keep Apollo's codes; anything unexpected
 * is a generic INTERNAL_ERROR and its details go to the log only.
 */
export function formatError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const cause = causeOf(error);
    const ownCode = formatted.extensions?.code;
    if (!(cause instanceof AppError) && ownCode !== undefined && ownCode !== 'INTERNAL_SERVER_ERROR') return formatted;
    const mapped = toAppError(cause);
    if (!mapped.expose) {
      log.error({ err: cause }, 'graphql resolver failed');
      return { message: mapped.message, path: formatted.path, extensions: { code: mapped.code } };
    }
    return {
      message: mapped.message,
      path: formatted.path,
      extensions: { code: mapped.code, status: mapped.status, ...(mapped.details !== undefined ? { details: mapped.details } : {}) },
    };
  };
}

/** What a resolver (or scalar, or auth checker) threw, under GraphQL's wrapping. */
function causeOf(error: unknown): unknown {
  const unwrapped = unwrapResolverError(error);
  return unwrapped instanceof GraphQLError && unwrapped.originalError ? unwrapped.originalError : unwrapped;
}

export async function createApollo(schema: GraphQLSchema, log: Logger): Promise<ApolloServer<GraphQLContext>> {
  // The app owns shutdown (src/main.ts): Apollo must not install its own signal handlers.
  const server = new ApolloServer<GraphQLContext>({
    schema,
    formatError: formatError(log),
    introspection: true,
    includeStacktraceInErrorResponses: false,
    stopOnTerminationSignals: false,
  });
  await server.start();
  return server;
}

/** The Koa bridge over executeHTTPGraphQLRequest (the published integration is ESM-only). */
export function graphqlHandler(server: ApolloServer<GraphQLContext>): Middleware<AppState> {
  return async (ctx) => {
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
    const response = await server.executeHTTPGraphQLRequest({ httpGraphQLRequest: request, context: async () => ({ rc: ctx.state.rc }) });
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
