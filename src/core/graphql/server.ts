import { ApolloServer, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError } from '../errors';
import type { AppState } from '../http/types';
import type { GraphQLContext } from './context';

/** Domain errors keep their code in extensions.code; anything unexpected is a generic error. */
export function formatError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof AppError) {
      return {
        message: original.message,
        path: formatted.path,
        extensions: { code: original.code, status: original.status, ...(original.details !== undefined ? { details: original.details } : {}) },
      };
    }
    const code = formatted.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      log.error({ err: original }, 'graphql resolver failed');
      return { message: 'An unexpected error occurred', path: formatted.path, extensions: { code: 'INTERNAL_ERROR' } };
    }
    return formatted;
  };
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
