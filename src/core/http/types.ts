import type { RouterContext } from '@koa/router';
import type { RequestContext } from '../ctx';

export interface AppState {
  rc: RequestContext;
}

export type AppContext = RouterContext<AppState> & { request: { body?: unknown } };
export type Handler = (ctx: AppContext) => Promise<void> | void;
