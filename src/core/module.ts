import type { ApiRouter } from './http/api-router';
import type { Container } from '../container';

/**
 * How a domain module plugs in. Each module lists its REST routes, its GraphQL resolvers (instances
 * built from the container) and what it starts (jobs, outbox consumers).
 */
export interface FakturaModule {
  name: string;
  /** Routes under /api/v1. */
  routes?(api: ApiRouter, c: Container): void;
  /** Routes under /api/pos. */
  posRoutes?(api: ApiRouter, c: Container): void;
  /** Routes outside both prefixes (web pages, /.well-known, /public). */
  rootRoutes?(api: ApiRouter, c: Container): void;
  resolvers?(c: Container): object[];
  /** Define jobs and subscribe outbox consumers; called before the scheduler starts. */
  setup?(c: Container): Promise<void> | void;
}
