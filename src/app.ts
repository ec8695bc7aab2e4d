import 'reflect-metadata';
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import Koa from 'koa';
import Router from '@koa/router';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from './config';
import { AdjustableClock, SystemClock, type Clock } from './core/clock';
import { buildGate, buildModules, ormSchema, wireBackground, type BuiltModule } from './core/compose';
import { openDatabase } from './core/db/database';
import { initOrm, migrate } from './core/db/orm';
import { buildGraphQLSchema } from './core/graphql/schema';
import { createApollo, graphqlCsrfCheck, graphqlHandler } from './core/graphql/server';
import { ApiRouter, type RouteInfo } from './core/http/api-router';
import { idempotencyKeys } from './core/http/idempotency';
import { RequestLoad } from './core/http/request-load';
import { inputGuard } from './core/http/input-guard';
import type { Gate } from './core/http/gate';
import { errorMapper, notFound, parseBody, requestContext } from './core/http/middleware';
import { ServingRequests } from './core/http/serving';
import { settleUnreadBody } from './core/http/unread-body';
import { webApp } from './core/http/web-app';
import type { AppState } from './core/http/types';
import { ClaimHolder } from './core/idempotency/claim-holder';
import { Scheduler } from './core/jobs/scheduler';
import { createMailQueue } from './core/mail';
import { Lifecycle, finishedBefore, type StopRequest } from './core/lifecycle';
import type { AnyModule, Infrastructure } from './core/module';
import { createLogger } from './core/observability/logger';
import { Metrics } from './core/observability/metrics';
import { loadOrCreateAppSecret } from './core/secrets';
import { loadMasterKey, SecretBox } from './core/secret-box';
import { describeKeySource, prepareSealedSecrets, sealedColumns } from './core/sealed-secrets';
import { AuditTrail } from './core/audit/audit-trail';
import { DeclaredEvents } from './core/outbox/declared-events';
import { EventOutbox } from './core/outbox/event-outbox';
import { OutboxDispatcher } from './core/outbox/outbox-dispatcher';
import { catalogOrder, modules, persistence, type EventPayloads, type ModuleServices } from './modules';

/** What the composition root built: the infrastructure, each module's services by name, the gate. */
export interface Composition extends Omit<Infrastructure, 'events'> {
  /** The outbox, typed with every event the modules of src/modules.ts declare. */
  events: EventOutbox<EventPayloads>;
  services: ModuleServices;
  gate: Gate;
  modules: readonly BuiltModule[];
}

export interface RunningApp {
  url: string;
  port: number;
  container: Composition;
  routes: RouteInfo[];
  /**
   * Stops as README "Stopping" says: takes no new work, lets what began finish within
   * SHUTDOWN_GRACE_SECONDS, then closes the database. Resolves to what the grace period cut (each
   * logged in one line), empty after a clean stop.
   */
  stop(): Promise<string[]>;
  /** Ends the grace period now (a second signal): what still runs is cut. */
  cut(reason: string): void;
}

export interface StartOptions {
  logDestination?: DestinationStream;
  clock?: Clock;
  /** Called with the composition before anything starts processing (tests subscribe consumers here). */
  onContainer?: (c: Composition) => void;
  /** Modules composed after those of src/modules.ts (a test's own module); their services are not in `services`' type. */
  extraModules?: readonly AnyModule[];
}

/** Koa middleware order: request load → unread-body settling → request context → errors → body → input check → routers → web app → 404. */
export async function buildKoa(
  c: Composition,
  load?: RequestLoad,
  claimHolder?: ClaimHolder,
): Promise<{ koa: Koa<AppState>; routes: RouteInfo[]; stopGraphQL: () => Promise<void> }> {
  const koa = new Koa<AppState>({ proxy: true });
  // Errors Koa reports itself (not the ones errorMapper answers): mostly a client that went away
  // mid-request. Logged, where Koa's default prints the stack to stderr.
  koa.on('error', (err: Error & { code?: string }) =>
    c.logger.warn({ err: { message: err.message, code: err.code } }, 'request ended by a connection error'),
  );
  const routes: RouteInfo[] = [];
  // Idempotency-Key on every write of the general API and on GraphQL (issue 24; not /api/pos, which has its own).
  const idempotency = idempotencyKeys(c.clock, claimHolder);
  const v1 = new ApiRouter(c.gate, routes, '/api/v1', 'api', [idempotency]);
  const pos = new ApiRouter(c.gate, routes, '/api/pos', 'pos');
  const root = new ApiRouter(c.gate, routes, '', 'api');
  for (const { parts } of c.modules) {
    parts.routes?.root?.(root);
    parts.routes?.api?.(v1);
    parts.routes?.pos?.(pos);
  }

  const apollo = await createApollo(
    await buildGraphQLSchema(c.modules.flatMap((m) => m.parts.resolvers ?? [])),
    c.logger,
    {
      introspectionNeedsSession: c.config.NODE_ENV === 'production',
    },
  );
  const graphql = new Router<AppState>();
  graphql.all(
    '/graphql',
    graphqlCsrfCheck,
    c.gate.identify,
    idempotency,
    graphqlHandler(apollo, { sessionTtlSeconds: c.config.SESSION_TTL_SECONDS, publicUrl: c.config.PUBLIC_URL }),
  );
  routes.push({ method: 'POST', path: '/graphql', access: 'per resolver' });

  const body = parseBody();
  if (load) koa.use(load.middleware);
  koa.use(settleUnreadBody());
  koa.use(requestContext(c.orm, c.logger, c.metrics, c.config.TRUST_PROXY));
  koa.use(errorMapper());
  // POS routes parse their body themselves, after checking Idempotency-Key (DESIGN 5).
  koa.use((ctx, next) =>
    ctx.path.startsWith('/api/pos/') ? (next() as Promise<void>) : (body(ctx, next) as Promise<void>),
  );
  koa.use(inputGuard());
  // Each ApiRouter finds its routes by one lookup (core/http/route-table.ts).
  for (const r of [root, v1, pos]) koa.use(r.routes());
  koa.use(underPrefix('/graphql', graphql.routes()));
  // A credential sent to an unknown /api/v1 path is still authenticated and metered, so its 404 carries the quota headers (SPEC 8).
  koa.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/v1/')) await c.gate.identify(ctx, next);
    else await next();
  });
  koa.use(webApp());
  koa.use(notFound());
  return { koa, routes, stopGraphQL: () => apollo.stop() };
}

/**
 * ROLE=worker serves no API (README "Deployment"): only the ops module's /healthz, /readyz and /metrics,
 * so a worker put behind the load balancer by mistake answers 404, and it builds no GraphQL schema.
 */
function buildOpsKoa(c: Composition): { koa: Koa<AppState>; routes: RouteInfo[]; stopGraphQL: () => Promise<void> } {
  const koa = new Koa<AppState>({ proxy: true });
  const routes: RouteInfo[] = [];
  const root = new ApiRouter(c.gate, routes, '', 'api');
  c.modules.find(({ manifest }) => manifest.name === 'ops')?.parts.routes?.root?.(root);
  koa.use(requestContext(c.orm, c.logger, c.metrics, c.config.TRUST_PROXY));
  koa.use(errorMapper());
  koa.use(root.routes());
  koa.use(notFound());
  return { koa, routes, stopGraphQL: () => Promise.resolve() };
}

/** As the router matches (case-insensitive, with or without a trailing slash): only the prefix decides. */
function underPrefix(prefix: string, middleware: ReturnType<Router<AppState>['routes']>): Koa.Middleware<AppState> {
  const under = new RegExp(`^${prefix}(?:/|$)`, 'i');
  return async (ctx, next) => {
    if (under.test(ctx.path)) await middleware(ctx as never, next);
    else await next();
  };
}

/** The composition root: builds every module once, then the gate from all of them, then wires consumers and jobs. */
async function compose(list: readonly AnyModule[], infra: Infrastructure): Promise<Composition> {
  const built = buildModules(list, infra);
  const { gate } = buildGate(built);
  await wireBackground(built, infra);
  const services = Object.fromEntries(
    built.map(({ manifest, parts }) => [manifest.name, parts.services ?? {}]),
  ) as ModuleServices;
  return { ...infra, services, gate, modules: built };
}

export async function startApp(config: Config, options: StartOptions = {}): Promise<RunningApp> {
  const logger: Logger = createLogger(config.LOG_LEVEL, options.logDestination);
  const clock = options.clock ?? (config.TEST_CONTROLS ? new AdjustableClock() : new SystemClock());
  const cleanup: (() => Promise<unknown>)[] = [];
  const list: readonly AnyModule[] = [...modules, ...(options.extraModules ?? [])];
  try {
    const database = await openDatabase(config, (line) => logger.debug({ postgres: line.trim() }, 'embedded postgres'));
    cleanup.unshift(() => database.stop());
    const databaseUrl = database.url;
    if (database.embedded) {
      const { dataDir, relocated } = database.embedded;
      logger.info({ port: config.EMBEDDED_PG_PORT, dataDir, relocated }, 'embedded PostgreSQL started');
      if (relocated.dataDir || relocated.binaries) {
        logger.info(
          `running as root: PostgreSQL runs as user postgres, who cannot enter ${path.resolve(config.DATA_DIR)}; its ${relocated.dataDir ? `data is in ${relocated.dataDir}` : ''}${relocated.dataDir && relocated.binaries ? ' and its ' : ''}${relocated.binaries ? `binaries are in ${relocated.binaries}` : ''}`,
        );
      }
    }
    const schema = options.extraModules?.length ? ormSchema(list) : persistence;
    const orm = await initOrm(
      databaseUrl,
      schema,
      config.DB_POOL_MAX,
      (message) => logger.info({ orm: stripVTControlCharacters(message) }, 'mikro-orm'),
      { statementMs: config.DB_STATEMENT_TIMEOUT_MS, idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS },
      config.DB_STATEMENT_POOL_MAX,
    );
    cleanup.unshift(() => orm.close(true));
    const background = config.ROLE !== 'api' && !config.TEST_CONTROLS;
    // Agenda creates its table as soon as it is constructed: do that under the migration lock too,
    // so processes starting together on a fresh database do not race on CREATE TABLE.
    let scheduler!: Scheduler;
    const applied = await migrate(orm, databaseUrl, async () => {
      scheduler = config.AGENDA_MONGO_URL
        ? await Scheduler.mongo(config.AGENDA_MONGO_URL, clock, logger, background)
        : Scheduler.postgres(databaseUrl, clock, logger, background);
      cleanup.unshift(() => scheduler.close());
      await scheduler.ready;
    });
    if (applied.length) logger.info({ applied }, 'migrations applied');

    const masterKey = await loadMasterKey(config);
    if (masterKey.created)
      logger.info({ file: masterKey.file }, 'master key generated: back this file up with the database');
    else logger.info({ file: masterKey.file ?? undefined }, `master key from ${describeKeySource(masterKey)}`);
    const secretBox = new SecretBox(masterKey.key);
    const newlySealed = await prepareSealedSecrets(orm.em.fork(), secretBox, masterKey, sealedColumns(list));
    if (newlySealed) logger.info({ sealed: newlySealed }, 'secrets left plain by an older version sealed');
    const sessionSecret =
      config.SESSION_SECRET ?? (await loadOrCreateAppSecret(orm.em.fork(), clock, secretBox, 'session_signing_key'));
    const metrics = new Metrics();
    const lifecycle = new Lifecycle();
    const container = await compose(list, {
      config,
      clock,
      orm,
      logger,
      scheduler,
      metrics,
      mail: createMailQueue(config, orm, clock, logger, metrics),
      events: new EventOutbox(clock),
      declaredEvents: new DeclaredEvents(list, catalogOrder),
      dispatcher: new OutboxDispatcher(orm, clock, logger, metrics, {
        maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
        baseSeconds: config.OUTBOX_RETRY_BASE_SECONDS,
        maxSeconds: config.OUTBOX_RETRY_MAX_SECONDS,
        pollMs: config.OUTBOX_POLL_MS,
      }),
      sessionSecret,
      secretBox,
      audit: new AuditTrail(clock),
      lifecycle,
    });
    options.onContainer?.(container);
    // Only a process that serves the API and runs the background work too measures its requests' load, for that work to yield to.
    const load = config.ROLE === 'all' ? new RequestLoad() : undefined;
    // The process's lock that tells others its Idempotency-Key claims are alive (a worker serves no API).
    const claimHolder = config.ROLE === 'worker' ? undefined : await ClaimHolder.open(databaseUrl, logger);
    if (claimHolder) cleanup.unshift(() => claimHolder.close());
    const { koa, routes, stopGraphQL } =
      config.ROLE === 'worker' ? buildOpsKoa(container) : await buildKoa(container, load, claimHolder);
    cleanup.unshift(stopGraphQL);

    const handle = koa.callback();
    const server = http.createServer();
    const serving = new ServingRequests(server, lifecycle);
    server.on(
      'request',
      serving.handler((req, res) => void handle(req, res)),
    );
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    if (config.ROLE !== 'api') {
      await scheduler.start();
      await container.dispatcher.start();
      for (const { parts } of container.modules) for (const worker of parts.workers ?? []) worker.start(load);
    }
    logger.info({ port, role: config.ROLE }, 'Faktura listening');

    const workers = container.modules.flatMap(({ parts }) => parts.workers ?? []);
    const grace = new AbortController();
    // Every part, and each worker within, waits on it at once: more than Node's default of 10 listeners.
    setMaxListeners(0, grace.signal);
    /** Every part at once stops taking work and finishes (or, cut, gives back) what it began: the names of what was cut. */
    const stopTakingWork = (request: StopRequest): Promise<string[]>[] => [
      serving.stop(request).finally(() => load?.stop()),
      scheduler.stop(request).then((jobs) => jobs.map((job) => `scheduled job ${job}`)),
      container.dispatcher.stop(request),
      ...workers.map(async (worker) => {
        const stopped = worker
          .stop(request)
          .catch((err) => logger.error({ err, worker: worker.name }, 'worker stop failed'));
        return (await finishedBefore(stopped, request.cut)) ? [] : [`worker ${worker.name}`];
      }),
    ];
    const stopInOrder = async (): Promise<string[]> => {
      lifecycle.beginStopping();
      const graceSeconds = config.SHUTDOWN_GRACE_SECONDS;
      logger.info({ graceSeconds }, 'Faktura stopping');
      const timer = setTimeout(() => grace.abort(`the grace period of ${graceSeconds} s ran out`), graceSeconds * 1000);
      timer.unref();
      const cut = (await Promise.all(stopTakingWork({ cut: grace.signal }))).flat();
      clearTimeout(timer);
      if (cut.length > 0) {
        logger.error({ cut }, `Faktura stopped, ${String(grace.signal.reason)}: cut ${cut.join(', ')}`);
        // The embedded server's fast shutdown rolls back the transactions the cut work left open.
        await finishedBefore(database.stop(), AbortSignal.timeout(10_000));
        logger.flush?.();
        return cut;
      }
      for (const step of cleanup) await step().catch((err) => logger.error({ err }, 'shutdown step failed'));
      logger.info('Faktura stopped');
      logger.flush?.();
      return [];
    };
    let stopping: Promise<string[]> | null = null;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      container,
      routes,
      stop: () => (stopping ??= stopInOrder()),
      cut: (reason) => grace.abort(reason),
    };
  } catch (err) {
    for (const step of cleanup) await step().catch(() => undefined);
    throw err;
  }
}
