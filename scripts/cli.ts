import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig, type Config } from '../src/config';
import { SystemClock } from '../src/core/clock';
import { AuditTrail } from '../src/core/audit/audit-trail';
import { openDatabase } from '../src/core/db/database';
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
import { SecretBox } from '../src/core/secret-box';

interface Services {
  identity: IdentityService;
  parked: ParkedEvents;
  em: EntityManager;
  config: Config;
}

/**
 * Operator CLI: `npm run cli -- <command> [args]`. Uses the same database as the app (DATABASE_URL,
 * or the embedded server in DATA_DIR; stop the app first when it uses the embedded server).
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

function oneLine(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').slice(0, 200);
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const spec = command ? COMMANDS[command] : undefined;
  if (!spec) {
    process.stderr.write(
      `usage: npm run cli -- <command>\ncommands:\n${Object.values(COMMANDS)
        .map((c) => `  ${c.usage}`)
        .join('\n')}\n`,
    );
    return 2;
  }
  const config = loadConfig();
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
