import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, type Company } from '../helpers/fixtures';
import { freshDatabaseUrl } from '../helpers/postgres';

/**
 * What a password hash costs (identity/passwords.ts): argon2id at argon2's standard cost, or, in tests
 * that ask for it (TEST_CHEAP_PASSWORD_HASHES with TEST_CONTROLS), at its least cost. A hash names
 * its cost, so a password hashed at one cost is checked at the other.
 */
describe('password hash cost', () => {
  const STANDARD = { type: 'argon2id', m: '65536', t: '3', p: '4' };
  const CHEAP = { type: 'argon2id', m: '1024', t: '1', p: '1' };

  /** The algorithm and cost a PHC string names: `$argon2id$v=19$m=…,p=…,t=…$salt$hash`. */
  function cost(hash: string): Record<string, string> {
    const [, type, , params] = hash.split('$');
    return { type, ...Object.fromEntries(params.split(',').map((kv) => kv.split('='))) };
  }

  async function storedHash(app: TestApp, email: string): Promise<string> {
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [
        email,
      ]);
      return rows[0].password_hash;
    } finally {
      await db.end();
    }
  }

  async function withApp<T>(env: Record<string, string>, work: (app: TestApp) => Promise<T>): Promise<T> {
    const app = await startTestApp(env);
    try {
      return await work(app);
    } finally {
      await app.stop();
    }
  }

  it('hashes at the standard cost unless a test asks for the least, and only with test controls', async () => {
    const hashWith = (env: Record<string, string>) =>
      withApp(env, async (app) => cost(await storedHash(app, (await makeCompany(app)).email)));
    expect(await hashWith({})).to.deep.equal(CHEAP);
    expect(await hashWith({ TEST_CHEAP_PASSWORD_HASHES: '' })).to.deep.equal(STANDARD);
    expect(await hashWith({ TEST_CONTROLS: '', TEST_CHEAP_PASSWORD_HASHES: '1' })).to.deep.equal(STANDARD);
  });

  it('checks a password hashed at either cost, whichever the app now uses', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const standard = await withApp({ DATABASE_URL: databaseUrl, TEST_CHEAP_PASSWORD_HASHES: '' }, (app) =>
      makeCompany(app),
    );
    const cheap = await withApp({ DATABASE_URL: databaseUrl }, (app) => makeCompany(app));
    for (const env of [{}, { TEST_CHEAP_PASSWORD_HASHES: '' }] as Record<string, string>[]) {
      await withApp({ DATABASE_URL: databaseUrl, ...env }, async (app) => {
        for (const owner of [standard, cheap] as Company[]) {
          const ok = await app.post('/api/v1/auth/login', { email: owner.email, password: owner.password });
          expect(ok.status, ok.text).to.equal(200);
          const wrong = await app.post('/api/v1/auth/login', { email: owner.email, password: 'not the password' });
          expect(wrong.status).to.equal(401);
        }
      });
    }
  });
});
