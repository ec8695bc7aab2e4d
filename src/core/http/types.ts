import type { RouterContext } from '@koa/router';
import type { DeferredCredential, RequestContext } from '../ctx';

export interface AppState {
  rc: RequestContext;
  /** Set by the gate on routes declared `deferred` only. */
  credential?: DeferredCredential;
}

export type AppContext = RouterContext<AppState> & { request: { body?: unknown } };
export type Handler = (ctx: AppContext) => Promise<void> | void;
