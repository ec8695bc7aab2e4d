import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { AuditTrail } from '../src/core/audit/audit-trail';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { SystemClock } from '../src/core/clock';
import { buildModules } from '../src/core/compose';
import { buildGraphQLSchema, printSortedSchema } from '../src/core/graphql/schema';
import { Lifecycle } from '../src/core/lifecycle';
import type { Infrastructure } from '../src/core/module';
import { Metrics } from '../src/core/observability/metrics';
import { DeclaredEvents } from '../src/core/outbox/declared-events';
import { EventOutbox } from '../src/core/outbox/event-outbox';
import { catalogOrder, modules } from '../src/modules';

/** Stands in for a part of the infrastructure a schema build has no use for: any use of it throws. */
function unavailable<T>(name: string): T {
  return new Proxy(
    {},
    {
      get: (_target, key) => {
        throw new Error(`${name}.${String(key)} is not available while writing the schema`);
      },
    },
  ) as T;
}

/**
 * The infrastructure without a database: module builds only construct services, so every module
 * can be built to collect its resolvers.
 */
function offlineInfrastructure(): Infrastructure {
  const clock = new SystemClock();
  return {
    config: loadConfig({}),
    clock,
    logger: pino({ level: 'silent' }),
    metrics: new Metrics(),
    events: new EventOutbox(clock),
    declaredEvents: new DeclaredEvents(modules, catalogOrder),
    sessionSecret: 'schema-generation-issues-no-sessions',
    secretBox: unavailable('secretBox'),
    audit: new AuditTrail(clock),
    lifecycle: new Lifecycle(),
    orm: unavailable('orm'),
    scheduler: unavailable('scheduler'),
    mail: unavailable('mail'),
    dispatcher: unavailable('dispatcher'),
  };
}

/** The GraphQL schema of the resolvers every module builds, without a database. */
export async function buildOfflineSchema(): Promise<GraphQLSchema> {
  const built = buildModules(modules, offlineInfrastructure());
  return buildGraphQLSchema(built.flatMap((m) => m.parts.resolvers ?? []));
}

/** Writes schema.graphql from the resolvers the modules build. */
export async function generateSchemaText(): Promise<string> {
  return printSortedSchema(await buildOfflineSchema());
}

export const SCHEMA_FILE = path.join(__dirname, '..', 'schema.graphql');

if (require.main === module) {
  generateSchemaText().then(
    (text) => {
      fs.writeFileSync(SCHEMA_FILE, text);
      process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
