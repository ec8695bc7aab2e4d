import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { AuditTrail } from './audit/audit-trail';
import type { Clock } from './clock';
import type { EntityClass, Orm } from './db/orm';
import type { ApiRouter } from './http/api-router';
import type { CredentialVerifier, RequestArea } from './http/authenticator';
import type { RequestLoad } from './http/request-load';
import type { RequestMeter } from './http/gate';
import type { JobHandler, Scheduler } from './jobs/scheduler';
import type { Lifecycle, StopRequest } from './lifecycle';
import type { EmailKind, MailQueue } from './mail';
import type { Metrics } from './observability/metrics';
import type { SecretBox } from './secret-box';
import type { SealedColumn } from './sealed-secrets';
import type { DeclaredEvents } from './outbox/declared-events';
import type { EventAccess, EventDeclarations, NoEvents, Payload, PayloadsOf } from './outbox/event-declarations';
import type { EventOutbox, RecordedEvent } from './outbox/event-outbox';
import type { OutboxDispatcher } from './outbox/outbox-dispatcher';

/** What every module may build on; made once by the composition root (src/app.ts). */
export interface Infrastructure {
  config: Config;
  clock: Clock;
  orm: Orm;
  logger: Logger;
  scheduler: Scheduler;
  metrics: Metrics;
  /** The queue of every e-mail: recorded in the caller's transaction, sent afterwards (core/mail/mail-queue.ts). */
  mail: MailQueue;
  /**
   * Where services record events, in the transaction of the change. A module's build sees it typed
   * with the events it may record (BuildContext); here any name goes.
   */
  events: EventOutbox<Record<string, Payload>>;
  /** What every composed module declares about its events: the webhook catalog, the events never delivered. */
  declaredEvents: DeclaredEvents;
  /** Hands committed events to the modules' consumers. */
  dispatcher: OutboxDispatcher;
  /** Signs page CSRF tokens (SESSION_SECRET, or one kept sealed in app_secrets); sessions themselves are rows. */
  sessionSecret: string;
  /** Seals secrets kept in the database under the master key (AES-256-GCM). */
  secretBox: SecretBox;
  /** The security audit log: who did what to accounts, credentials and integrations. */
  audit: AuditTrail;
  /** Whether the process is stopping (README "Stopping"): readiness answers 503 then. */
  lifecycle: Lifecycle;
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

/** Bearer tokens starting with `prefix` (`fks_`, `fk_`, `fat_`, `pos_`) are checked by `verifier`. */
export interface PrefixVerifier {
  prefix: string;
  /** The one area (the router a request came in through) whose requests may carry these tokens; elsewhere 401. */
  area: RequestArea;
  /** Tokens that name their organization themselves (OAuth): X-Organization-Id sent with one is 400. */
  refusesOrganizationHeader?: boolean;
  verifier: CredentialVerifier;
}

/**
 * Request metering, chosen once when the gate is built. Its verifiers authenticate and count in one
 * statement and are used for their prefixes in place of the plain verifiers of those prefixes (whose
 * area and header rule stay).
 */
export interface Metering {
  meter: RequestMeter;
  verifiers: Pick<PrefixVerifier, 'prefix' | 'verifier'>[];
}

/** Subscribed to the outbox dispatcher under `name`; gets every committed event. */
export interface EventConsumerSpec {
  name: string;
  consume: (em: EntityManager, event: RecordedEvent) => unknown;
  /** Optional: a pass's events at once, with the same effect as `consume` for each (see BatchConsumer in core/outbox/outbox-consumer.ts). */
  consumeBatch?: (em: EntityManager, events: RecordedEvent[]) => unknown;
  /** Optional: runs after a pass that handed this consumer events has committed (e.g. to wake a sender of what it wrote). */
  committed?(): void;
}

/** A job the scheduler runs; `recurring` keeps one chain of it going (cron in `timezone`). */
export interface ScheduledJob {
  name: string;
  run: JobHandler;
  recurring?: { key: string; cron: string; timezone: string };
}

/**
 * Work a module runs in the background of a worker process (ROLE worker or all), started after the
 * dispatcher and stopped with it when the process stops (README "Stopping").
 */
export interface BackgroundWorker {
  name: string;
  /** `http`: in ROLE=all, the load of the HTTP server sharing the process, for work that should yield to it. */
  start(http?: Pick<RequestLoad, 'busy'>): void;
  /**
   * Takes no new item, gives back what it claimed and has not begun, and resolves when the item it is
   * working on is finished and recorded, within the grace period; when `request.cut` aborts it resolves
   * at once, leaving nothing that is lost or done twice (the contract: StopRequest in core/lifecycle.ts).
   */
  stop(request?: StopRequest): Promise<void>;
}

/** What a module's build returns: its services (for the modules that depend on it) and what it plugs in. */
export interface ModuleParts<Services> {
  services?: Services;
  routes?: ModuleRoutes;
  /** GraphQL resolver instances over this module's services. */
  resolvers?: object[];
  verifiers?: PrefixVerifier[];
  metering?: Metering;
  consumers?: EventConsumerSpec[];
  jobs?: ScheduledJob[];
  workers?: BackgroundWorker[];
  /** What happens when an e-mail this module recorded (of that kind) is sent, in the transaction recording it. */
  emailKinds?: EmailKind[];
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
export interface ModuleManifest<
  Name extends string = string,
  Services = unknown,
  Events extends EventDeclarations = NoEvents,
> {
  readonly name: Name;
  readonly dependsOn: readonly AnyModule[];
  /** The events this module records (see core/outbox/event-declarations.ts). */
  readonly events: Events;
  /** Who may receive them at a webhook endpoint; null: anyone who manages endpoints (automations:write). */
  readonly eventAccess: EventAccess | null;
  readonly entities: readonly EntityClass[];
  /** The migrations creating this module's tables; one migration may be listed by several modules. */
  readonly migrations: readonly MigrationClass[];
  readonly openapi: OpenApiPaths;
  /** The columns of this module's tables that hold secrets sealed by `infra.secretBox` (src/core/sealed-secrets.ts). */
  readonly sealedSecrets: readonly SealedColumn[];
  build(context: ModuleBuildContext): ModuleParts<Services>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any module, whatever its services and events
export type AnyModule = ModuleManifest<string, any, any>;

export type ServicesOf<M> = M extends ModuleManifest<string, infer S, EventDeclarations> ? S : never;

/** `{ <dependency name>: <its services> }` for a list of manifests. */
export type ServicesByName<D extends readonly AnyModule[]> = { [M in D[number] as M['name']]: ServicesOf<M> };

type DeclarationsOf<M> = M extends { readonly events: infer E } ? E : never;
type EventNamesOf<M> = M extends AnyModule ? keyof DeclarationsOf<M> & string : never;
type PayloadIn<M, K extends string> = M extends AnyModule
  ? PayloadsOf<DeclarationsOf<M>>[K & keyof DeclarationsOf<M>]
  : never;

/**
 * The payload map of the events a list of modules declares: `{ 'contact.created': ContactPayload, ... }`.
 * Over the app's module list it is the whole map (src/modules.ts, EventPayloads); over a module's
 * dependencies, the events of theirs it may record.
 */
export type EventPayloadsOf<D extends readonly AnyModule[]> = {
  [K in EventNamesOf<D[number]>]: PayloadIn<D[number], K>;
};

/** The infrastructure as a module's build sees it: the outbox takes the module's own events and its dependencies'. */
export type ModuleInfrastructure<P extends object> = Omit<Infrastructure, 'events'> & { events: EventOutbox<P> };

export type BuildContext<D extends readonly AnyModule[], E extends EventDeclarations = NoEvents> = {
  infra: ModuleInfrastructure<PayloadsOf<E> & EventPayloadsOf<D>>;
} & ServicesByName<D>;

export interface ModuleSpec<
  Name extends string,
  Services,
  D extends readonly AnyModule[],
  E extends EventDeclarations,
> {
  name: Name;
  dependsOn?: D;
  /**
   * The events the module records, by name: `{ 'contact.created': event<ContactPayload>().listed(...) }`.
   * Its services may record these and those of the modules it depends on.
   */
  events?: E;
  /**
   * The access reading these events needs: a webhook endpoint may list them, and receives them, only
   * while its creator reads `section` (and, with `documentDepartments`, the document's department).
   */
  eventAccess?: EventAccess;
  entities?: readonly EntityClass[];
  migrations?: readonly MigrationClass[];
  openapi?: OpenApiPaths;
  /**
   * The columns of this module's tables that hold secrets sealed by `infra.secretBox`: sealed at
   * start when an older version left them plain, re-sealed by the master key rotation (src/core/sealed-secrets.ts).
   */
  sealedSecrets?: readonly SealedColumn[];
  build(context: BuildContext<D, E>): ModuleParts<Services>;
}

export function defineModule<
  const Name extends string,
  Services = Record<string, never>,
  const D extends readonly AnyModule[] = [],
  E extends EventDeclarations = NoEvents,
>(spec: ModuleSpec<Name, Services, D, E>): ModuleManifest<Name, Services, E> {
  const dependsOn = spec.dependsOn ?? ([] as unknown as D);
  // A dependency that is still undefined here was imported through a cycle of module files.
  if (dependsOn.some((d) => d === undefined)) {
    throw new Error(`Module ${spec.name}: a dependency is undefined (do two module files import each other?)`);
  }
  return {
    name: spec.name,
    dependsOn,
    events: spec.events ?? ({} as E),
    eventAccess: spec.eventAccess ?? null,
    entities: spec.entities ?? [],
    migrations: spec.migrations ?? [],
    openapi: spec.openapi ?? {},
    sealedSecrets: spec.sealedSecrets ?? [],
    // The composition root builds modules in dependency order, so the context has every dependency's services.
    build: (context) => spec.build(context as unknown as BuildContext<D, E>),
  };
}
