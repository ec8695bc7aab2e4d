import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config';
import { SystemClock } from '../src/core/clock';
import { AuditTrail } from '../src/core/audit/audit-trail';
import { attachDatabase, openDatabase } from '../src/core/db/database';
import { backupDatabase, readBackupHeader, restoreDatabase } from '../src/core/db/backup';
import { initOrm, migrate } from '../src/core/db/orm';
import { rotateMasterKey } from '../src/core/master-key-rotation';
import { sealedColumns } from '../src/core/sealed-secrets';
import { ParkedEvents } from '../src/core/outbox/parked-events';
import { modules, persistence } from '../src/modules';
import { PLANS, type Plan } from '../src/modules/identity/organization.entity';
import { IdentityService } from '../src/modules/identity/identity.service';
import { HashSlots, Passwords } from '../src/modules/identity/passwords';
import { SessionStore } from '../src/modules/identity/session-store';
import { SignInThrottle } from '../src/modules/identity/sign-in-throttle';
import { TwoFactorService } from '../src/modules/identity/two-factor.service';
import { Scheduler } from '../src/core/jobs/scheduler';
import { MASTER_KEY_FILE, SecretBox } from '../src/core/secret-box';

interface Services {
  identity: IdentityService;
  parked: ParkedEvents;
  em: EntityManager;
  config: Config;
}

/**
 * Operator CLI: `npm run cli -- <command> [args]`. Uses the same database as the app (DATABASE_URL,
 * or the embedded server in DATA_DIR; stop the app first when it uses the embedded server). `backup`
 * is the exception: it attaches to the server a running app started (see DATA_COMMANDS below).
 */
const COMMANDS: Record<string, { usage: string; run(args: string[], s: Services): Promise<string> }> = {
  'org:plan': {
    usage: 'org:plan <orgId> <FREE|BASIC|PRO|AI>',
    async run([orgId, plan], { identity, em }) {
      if (!orgId || !PLANS.includes(plan as Plan)) throw new Error(`usage: ${this.usage}`);
      const org = await identity.setPlan(em, orgId, plan as Plan);
      return `organization ${org.id} (${org.name}) is now on plan ${org.plan}`;
    },
  },
  'master-key:rotate': {
    usage:
      'master-key:rotate                  re-seals every stored secret under a new master key (stop the app first; README "Secrets at rest")',
    async run(_args, { em, config }) {
      return rotateMasterKey(em, config, sealedColumns(modules), process.env.FAKTURA_NEW_MASTER_KEY || undefined);
    },
  },
  'outbox:parked': {
    usage: 'outbox:parked                      events a consumer gave up on after OUTBOX_MAX_ATTEMPTS failures',
    async run(_args, { parked, em }) {
      const rows = await parked.list(em);
      if (rows.length === 0) return 'no parked events';
      const table = [
        ['CONSUMER', 'SEQ', 'EVENT', 'ATTEMPTS', 'PARKED AT', 'LAST ERROR'],
        ...rows.map((r) => [r.consumer, r.seq, r.event, String(r.attempts), r.parkedAt, oneLine(r.lastError)]),
      ];
      const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
      return table
        .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  '))
        .join('\n');
    },
  },
  'outbox:retry': {
    usage: "outbox:retry <consumer> <seq|--all>  puts parked events back in the consumer's queue, due now",
    async run([consumer, which], { parked, em }) {
      if (!consumer || !which || (which !== '--all' && !/^\d+$/.test(which)))
        throw new Error('usage: outbox:retry <consumer> <seq|--all>');
      const n = await parked.retry(em, consumer, which === '--all' ? 'all' : which);
      if (n === 0)
        throw new Error(
          which === '--all'
            ? `no parked events for consumer ${consumer}`
            : `event ${which} is not parked for consumer ${consumer}`,
        );
      return `${n} parked event${n === 1 ? '' : 's'} of ${consumer} put back`;
    },
  },
};

/**
 * Commands on the whole database, which open it themselves: the backup beside a running app (it
 * attaches to the app's embedded server), the restore into an empty one (README "Backup and restore").
 */
const DATA_COMMANDS: Record<string, { usage: string; run(args: string[], config: Config): Promise<string> }> = {
  backup: {
    usage: 'backup <file>                      a consistent dump of the database, taken while the app runs',
    async run([file], config) {
      if (!file) throw new Error('usage: backup <file>');
      const target = path.resolve(file);
      const database = await attachDatabase(config);
      try {
        const keyId = masterKeyId(config);
        const done = await backupDatabase(database.url, target, keyId);
        return [
          `backup written to ${done.file}: ${done.tables} tables, ${done.rows} rows (PostgreSQL ${done.header.postgres}, ${done.header.migrations.length} migrations)`,
          keyId
            ? `the master key (id ${keyId}) is NOT in the backup: keep ${config.FAKTURA_MASTER_KEY ? 'FAKTURA_MASTER_KEY' : path.resolve(config.DATA_DIR, MASTER_KEY_FILE)} apart from it; a restore needs that key`
            : 'no master key found in DATA_DIR or FAKTURA_MASTER_KEY: a restore needs the key the app runs with',
        ].join('\n');
      } finally {
        await database.stop();
      }
    },
  },
  restore: {
    usage: 'restore <file>                     loads a backup into an empty DATA_DIR (or empty DATABASE_URL database)',
    async run([file], config) {
      if (!file) throw new Error('usage: restore <file>');
      const source = path.resolve(file);
      if (!fs.existsSync(source)) throw new Error(`${source} does not exist`);
      const header = await readBackupHeader(source);
      const keyId = masterKeyId(config);
      if (header.masterKeyId && keyId !== header.masterKeyId)
        throw new Error(
          keyId
            ? `the master key here (id ${keyId}) is not the backup's (id ${header.masterKeyId}); copy the backup's master.key into ${path.resolve(config.DATA_DIR)} or set FAKTURA_MASTER_KEY to it`
            : `a restore needs the backup's master key (id ${header.masterKeyId}); copy it to ${path.resolve(config.DATA_DIR, MASTER_KEY_FILE)} or set FAKTURA_MASTER_KEY`,
        );
      const database = await openDatabase(config);
      try {
        const done = await restoreDatabase(database.url, source, persistence, async () => {
          if (config.AGENDA_MONGO_URL) return;
          // The scheduler's table is made by Agenda itself, not by a migration.
          const scheduler = Scheduler.postgres(database.url, new SystemClock(), pino({ level: 'silent' }), false);
          await scheduler.ready;
          await scheduler.stop();
        });
        return `restored ${done.rows} rows in ${done.tables} tables from ${source} (taken ${done.header.createdAt}); start the app as usual`;
      } finally {
        await database.stop();
      }
    },
  },
};

/** The id of the master key the app would use, without creating a key file (null: none yet). */
function masterKeyId(config: Config): string | null {
  let hex: string | undefined = config.FAKTURA_MASTER_KEY;
  if (!hex) {
    const file = path.resolve(config.DATA_DIR, MASTER_KEY_FILE);
    if (!fs.existsSync(file)) return null;
    hex = fs.readFileSync(file, 'utf8').trim();
  }
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex').slice(0, 8);
}

function oneLine(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').slice(0, 200);
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const data = command ? DATA_COMMANDS[command] : undefined;
  const spec = command ? COMMANDS[command] : undefined;
  if (!spec && !data) {
    process.stderr.write(
      `usage: npm run cli -- <command>\ncommands:\n${[...Object.values(COMMANDS), ...Object.values(DATA_COMMANDS)]
        .map((c) => `  ${c.usage}`)
        .join('\n')}\n`,
    );
    return 2;
  }
  const config = loadConfig();
  if (data) {
    try {
      process.stdout.write(`${await data.run(args, config)}\n`);
      return 0;
    } catch (err) {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  }
  if (!spec) return 2;
  const database = await openDatabase(config);
  const orm = await initOrm(database.url, persistence, 2, () => undefined);
  try {
    await migrate(orm, database.url);
    const clock = new SystemClock();
    const passwords = new Passwords(new HashSlots(1, 0));
    const throttle = new SignInThrottle(clock, { failedPerIpMinute: 0, signupsPerIpHour: 0 });
    const audit = new AuditTrail(clock);
    const identity = new IdentityService(
      clock,
      passwords,
      new SessionStore(clock, 60),
      throttle,
      audit,
      // The CLI logs nobody in: its two-factor service never opens a secret (a throwaway key).
      new TwoFactorService(clock, passwords, new SecretBox(randomBytes(32)), audit, throttle),
    );
    process.stdout.write(
      `${await spec.run(args, { identity, parked: new ParkedEvents(), em: orm.em.fork(), config })}
`,
    );
    return 0;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await orm.close(true);
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
