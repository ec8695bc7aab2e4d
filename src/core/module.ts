import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { EventOutbox, RecordedEvent } from '../modules/events/event-outbox';
import type { OutboxDispatcher } from '../modules/events/outbox-dispatcher';
import type { Clock } from './clock';
import type { Orm } from './db/orm';
import type { ApiRouter } from './http/api-router';
import type { RequestLoad } from './http/request-load';
import type { CredentialVerifier } from './http/authenticator';
import type { RequestMeter } from './http/gate';
import type { JobHandler, Scheduler } from './jobs/scheduler';
import type { Mailer } from './mail';
import type { Metrics } from './observability/metrics';

/** What every module may build on; made once by the composition root (src/app.ts). */
export interface Infrastructure {
  config: Config;
  clock: Clock;
  orm: Orm;
  logger: Logger;
  scheduler: Scheduler;
  metrics: Metrics;
  mailer: Mailer;
  /** Where services record catalog events, in the transaction of the change. */
  events: EventOutbox;
  /** Hands committed events to the modules' consumers. */
  dispatcher: OutboxDispatcher;
  /** Signs session JWTs and page CSRF tokens (SESSION_SECRET, or one kept in app_secrets). */
  sessionSecret: string;
}

/** A migration class; its class name is the name recorded in mikro_orm_migrations. */
export type MigrationClass = (new (...args: never[]) => object) & { name: string };
/** OpenAPI 3.1 path items keyed by OpenAPI path (`/api/v1/users/{id}`). */
export type OpenApiPaths = Record<string, Record<string, unknown>>;

export interface ModuleRoutes {
  /** Routes under /api/v1. */
  api?(router: ApiRouter): void;
  /** Routes under /api/pos. */
  pos?(router: ApiRouter): void;
  /** Routes outside both prefixes (web pages, /.well-known, /public, /healthz). */
  root?(router: ApiRouter): void;
}

/** Bearer tokens starting with `prefix` (`fk_`, `fat_`, `pos_`) are checked by `verifier`. */
export interface PrefixVerifier {
  prefix: string;
  verifier: CredentialVerifier;
}

/**
 * Request metering, chosen once when the gate is built. Its verifiers authenticate and count in one
 * statement and are used for their prefixes in place of the plain verifiers of those prefixes.
 */
export interface Metering {
  meter: RequestMeter;
  verifiers: PrefixVerifier[];
}

/**
 * Subscribed to the outbox dispatcher under `name`; gets every committed event. What `consume` and
 * `consumeBatch` return (R, or nothing) reaches `committed` once their writes have committed.
 */
export interface EventConsumerSpec<R = void> {
  name: string;
  consume: (em: EntityManager, event: RecordedEvent) => Promise<R>;
  /** Optional: a pass's events at once, with the same effect as `consume` for each (see BatchConsumer in events/outbox-consumer.ts). */
  consumeBatch?: (em: EntityManager, events: RecordedEvent[]) => Promise<R>;
  /** Optional: runs after a pass that handed this consumer events has committed, with the results of its calls whose writes committed. */
  committed?(results: Exclude<R, undefined | void>[]): void;
}

/** A consumer whose results reach its `committed` hook, typed where it is written and stored with the others. */
export function eventConsumer<R>(spec: EventConsumerSpec<R>): EventConsumerSpec<unknown> {
  return spec as EventConsumerSpec<unknown>;
}

/** A job the scheduler runs; `recurring` keeps one chain of it going (cron in `timezone`). */
export interface ScheduledJob {
  name: string;
  run: JobHandler;
  recurring?: { key: string; cron: string; timezone: string };
}

/** Work a module runs in the background of a worker process (ROLE worker or all), started after the dispatcher. */
export interface BackgroundWorker {
  name: string;
  /** `http`: in ROLE=all, the load of the HTTP server sharing the process, for work that should yield to it. */
  start(http?: Pick<RequestLoad, 'busy'>): void;
  /** Resolves when the work in flight has finished. */
  stop(): Promise<void>;
}

/** What a module's build returns: its services (for the modules that depend on it) and what it plugs in. */
export interface ModuleParts<Services> {
  services?: Services;
  routes?: ModuleRoutes;
  /** GraphQL resolver instances over this module's services. */
  resolvers?: object[];
  /** Checks a token without a known prefix (a session JWT); one module provides it. */
  sessionVerifier?: CredentialVerifier;
  verifiers?: PrefixVerifier[];
  metering?: Metering;
  consumers?: EventConsumerSpec<unknown>[];
  jobs?: ScheduledJob[];
  workers?: BackgroundWorker[];
}

export interface ModuleBuildContext {
  infra: Infrastructure;
  /** The services of each declared dependency, by module name. */
  [dependency: string]: unknown;
}

/**
 * A module: one folder that declares what it brings. The composition root only combines these, in
 * dependency order; `build` constructs services and must not do I/O (the schema script builds
 * every module without a database).
 */
export interface ModuleManifest<Name extends string = string, Services = unknown> {
  readonly name: Name;
  readonly dependsOn: readonly AnyModule[];
  readonly entities: readonly Function[];
  /** The migrations creating this module's tables; one migration may be listed by several modules. */
  readonly migrations: readonly MigrationClass[];
  readonly openapi: OpenApiPaths;
  build(context: ModuleBuildContext): ModuleParts<Services>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModule = ModuleManifest<string, any>;

export type ServicesOf<M> = M extends ModuleManifest<string, infer S> ? S : never;

/** `{ <dependency name>: <its services> }` for a list of manifests. */
export type ServicesByName<D extends readonly AnyModule[]> = { [M in D[number] as M['name']]: ServicesOf<M> };

export type BuildContext<D extends readonly AnyModule[]> = { infra: Infrastructure } & ServicesByName<D>;

export interface ModuleSpec<Name extends string, Services, D extends readonly AnyModule[]> {
  name: Name;
  dependsOn?: D;
  entities?: readonly Function[];
  migrations?: readonly MigrationClass[];
  openapi?: OpenApiPaths;
  build(context: BuildContext<D>): ModuleParts<Services>;
}

export function defineModule<
  const Name extends string,
  Services = Record<string, never>,
  const D extends readonly AnyModule[] = [],
>(spec: ModuleSpec<Name, Services, D>): ModuleManifest<Name, Services> {
  const dependsOn = spec.dependsOn ?? ([] as unknown as D);
  // A dependency that is still undefined here was imported through a cycle of module files.
  if (dependsOn.some((d) => d === undefined)) {
    throw new Error(`Module ${spec.name}: a dependency is undefined (do two module files import each other?)`);
  }
  return {
    name: spec.name,
    dependsOn,
    entities: spec.entities ?? [],
    migrations: spec.migrations ?? [],
    openapi: spec.openapi ?? {},
    build: spec.build as (context: ModuleBuildContext) => ModuleParts<Services>,
  };
}
