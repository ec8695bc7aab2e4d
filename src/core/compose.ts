import type { MigrationObject } from '@mikro-orm/core';
import type { EntityClass, Persistence } from './db/orm';
import { Authenticator } from './http/authenticator';
import { Gate, noMeter } from './http/gate';
import type { AnyModule, Infrastructure, Metering, ModuleBuildContext, ModuleParts, PrefixVerifier } from './module';

/**
 * The modules in dependency order: each after the modules it depends on, otherwise in list order.
 * A missing dependency, a cycle or two modules with one name stop the start with a message naming them.
 */
export function orderModules(list: readonly AnyModule[]): AnyModule[] {
  const listed = new Map<string, AnyModule>();
  for (const m of list) {
    if (listed.has(m.name)) throw new Error(`Module "${m.name}" is listed twice in the module list`);
    listed.set(m.name, m);
  }
  const ordered: AnyModule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: AnyModule, path: string[]): void => {
    if (state.get(m.name) === 'done') return;
    if (state.get(m.name) === 'visiting') {
      throw new Error(`Module dependency cycle: ${[...path.slice(path.indexOf(m.name)), m.name].join(' → ')}`);
    }
    state.set(m.name, 'visiting');
    for (const dep of m.dependsOn) {
      if (listed.get(dep.name) !== dep) {
        throw new Error(
          `Module "${m.name}" depends on "${dep.name}", which is not in the module list (src/modules.ts)`,
        );
      }
      visit(dep, [...path, m.name]);
    }
    state.set(m.name, 'done');
    ordered.push(m);
  };
  for (const m of list) visit(m, []);
  return ordered;
}

/** Entities and migrations of every module, for MikroORM; migrations run in the order of their names. */
export function ormSchema(list: readonly AnyModule[]): Persistence {
  const entities = new Set<EntityClass>();
  const migrations = new Map<string, MigrationObject>();
  for (const m of orderModules(list)) {
    for (const entity of m.entities) entities.add(entity);
    for (const migration of m.migrations) {
      const known = migrations.get(migration.name);
      if (known && known.class !== migration)
        throw new Error(`Two different migrations are named ${migration.name} (module ${m.name})`);
      migrations.set(migration.name, { name: migration.name, class: migration as MigrationObject['class'] });
    }
  }
  // Names carry a zero-padded sequence (Migration0004…): sorting them keeps the order they landed in.
  return { entities: [...entities], migrations: [...migrations.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

export interface BuiltModule {
  manifest: AnyModule;
  parts: ModuleParts<unknown>;
}

/** Builds every module once, in dependency order, each over the infrastructure and its dependencies' services. */
export function buildModules(list: readonly AnyModule[], infra: Infrastructure): BuiltModule[] {
  const services = new Map<string, unknown>();
  return orderModules(list).map((manifest) => {
    const context: ModuleBuildContext = { infra };
    for (const dep of manifest.dependsOn) context[dep.name] = services.get(dep.name);
    const parts = manifest.build(context);
    services.set(manifest.name, parts.services ?? {});
    return { manifest, parts };
  });
}

/** The authenticator and gate, built once from every module's verifiers and the one metering, if any. */
export function buildGate(built: readonly BuiltModule[]): { authenticator: Authenticator; gate: Gate } {
  const byPrefix = new Map<string, { declared: PrefixVerifier; module: string }>();
  let metering: { metering: Metering; module: string } | null = null;
  for (const { manifest, parts } of built) {
    for (const declared of parts.verifiers ?? []) {
      const other = byPrefix.get(declared.prefix);
      if (other)
        throw new Error(
          `Tokens with prefix ${declared.prefix} are verified by both module "${other.module}" and "${manifest.name}"`,
        );
      byPrefix.set(declared.prefix, { declared, module: manifest.name });
    }
    if (parts.metering) {
      if (metering) throw new Error(`Requests are metered by both module "${metering.module}" and "${manifest.name}"`);
      metering = { metering: parts.metering, module: manifest.name };
    }
  }
  const verifiers = new Map([...byPrefix].map(([prefix, { declared }]) => [prefix, declared]));
  for (const { prefix, verifier } of metering?.metering.verifiers ?? []) {
    const declared = verifiers.get(prefix);
    if (!declared)
      throw new Error(`Module "${metering!.module}" meters tokens with prefix ${prefix}, which no module verifies`);
    verifiers.set(prefix, { ...declared, verifier });
  }
  const authenticator = new Authenticator([...verifiers.values()]);
  return { authenticator, gate: new Gate(authenticator, metering?.metering.meter ?? noMeter) };
}

/** Subscribes the modules' event consumers, registers their e-mail kinds and defines their jobs (recurring ones get their chain). */
export async function wireBackground(built: readonly BuiltModule[], infra: Infrastructure): Promise<void> {
  for (const { parts } of built) {
    for (const kind of parts.emailKinds ?? []) infra.mail.register(kind);
    for (const consumer of parts.consumers ?? []) {
      // Registration failures are logged and retried by the dispatcher itself.
      void infra.dispatcher.subscribe(consumer.name, (em, event) => consumer.consume(em, event), {
        consumeBatch: consumer.consumeBatch && ((em, events) => consumer.consumeBatch!(em, events)),
        committed: consumer.committed && (() => consumer.committed!()),
      });
    }
    for (const job of parts.jobs ?? []) {
      infra.scheduler.define(job.name, job.run);
      if (job.recurring)
        await infra.scheduler.ensureRecurring(job.name, job.recurring.key, job.recurring.cron, job.recurring.timezone);
    }
  }
}
