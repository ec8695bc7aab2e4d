import 'reflect-metadata';
import { loadConfig } from '../src/config';
import { SystemClock } from '../src/core/clock';
import { openDatabase } from '../src/core/db/database';
import { initOrm, migrate } from '../src/core/db/orm';
import { PLANS, type Plan } from '../src/modules/identity/organization.entity';
import { IdentityService } from '../src/modules/identity/identity.service';
import { Passwords } from '../src/modules/identity/passwords';
import { SessionTokens } from '../src/modules/identity/session-tokens';

/**
 * Operator CLI: `npm run cli -- <command> [args]`. Uses the same database as the app (DATABASE_URL,
 * or the embedded server in DATA_DIR; stop the app first when it uses the embedded server).
 */
const COMMANDS: Record<string, { usage: string; run(args: string[], identity: IdentityService, em: any): Promise<string> }> = {
  'org:plan': {
    usage: 'org:plan <orgId> <FREE|BASIC|PRO|AI>',
    async run([orgId, plan], identity, em) {
      if (!orgId || !PLANS.includes(plan as Plan)) throw new Error(`usage: ${this.usage}`);
      const org = await identity.setPlan(em, orgId, plan as Plan);
      return `organization ${org.id} (${org.name}) is now on plan ${org.plan}`;
    },
  },
};

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const spec = command ? COMMANDS[command] : undefined;
  if (!spec) {
    process.stderr.write(`usage: npm run cli -- <command>\ncommands:\n${Object.values(COMMANDS).map((c) => `  ${c.usage}`).join('\n')}\n`);
    return 2;
  }
  const database = await openDatabase(loadConfig());
  const orm = await initOrm(database.url, 2, () => undefined);
  try {
    await migrate(orm, database.url);
    const clock = new SystemClock();
    const identity = new IdentityService(clock, new Passwords(), new SessionTokens('cli-does-not-issue-sessions-000000', clock, 60));
    process.stdout.write(`${await spec.run(args, identity, orm.em.fork())}\n`);
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
