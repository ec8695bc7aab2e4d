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
  /**
   * OpenAPI 3.1 path items of this module's REST routes, keyed by OpenAPI path (`/api/v1/users/{id}`).
   * The description at /api/v1/openapi.json is assembled from these; a test keeps it in sync with the routers.
   */
  openapi?: Record<string, Record<string, unknown>>;
  /** Define jobs and subscribe outbox consumers; called before the scheduler starts. */
  setup?(c: Container): Promise<void> | void;
}
