import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, type Company } from '../helpers/fixtures';

/** Issue 11, point 2: no secret, and no hash of one, ever reaches the log; not even a failing INSERT's. */
describe('hostile input: secrets and hashes never logged', () => {
  let app: TestApp;
  let db: Client;
  let company: Company;
  const secrets: string[] = [];

  before(async () => {
    app = await startTestApp();
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    company = await makeCompany(app, { password: 'hostile test password 4711' });
  });
  after(async () => {
    await db.end();
    await app.stop();
  });

  /** Every INSERT into `table` fails with the row in its message and detail, as an unexpected error would. */
  async function failInserts(table: string): Promise<void> {
    await db.query(`CREATE OR REPLACE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused row %', row_to_json(NEW) USING ERRCODE = 'XX000', DETAIL = row_to_json(NEW)::text; END $$`);
    await db.query(`CREATE TRIGGER refuse_row BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_row()`);
  }
  const allowInserts = (table: string) => db.query(`DROP TRIGGER refuse_row ON ${table}`);

  function expectNoSecretInLog(): void {
    const all = app.logs.join('\n');
    for (const secret of secrets) expect(all, `log contains ${secret.slice(0, 12)}…`).not.to.include(secret);
  }

  it('logs neither API keys, OAuth client secrets, passwords, session tokens nor their hashes', async () => {
    secrets.push(company.password, company.token);
    const { key } = await makeApiKey(app, company);
    secrets.push(key, createHash('sha256').update(key).digest('hex'));
    const registered = await app.post(
      '/api/v1/oauth/applications',
      { name: 'Logs', redirectUris: ['https://example.cz/cb'], scopes: ['contacts:read'] },
      company.token,
    );
    expect(registered.status, registered.text).to.equal(201);
    secrets.push(registered.body.clientSecret);
    const stored = await db.query('SELECT client_secret_hash FROM oauth_applications WHERE client_id = $1', [
      registered.body.clientId,
    ]);
    expect(stored.rows[0].client_secret_hash).to.match(/^\$argon2id\$/);
    secrets.push(stored.rows[0].client_secret_hash);
    const keyHash = await db.query('SELECT key_hash FROM api_keys WHERE organization_id = $1', [
      company.organizationId,
    ]);
    for (const row of keyHash.rows) secrets.push(row.key_hash);
    const login = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    secrets.push(login.body.token);
    await app.post('/api/v1/oauth/token', {
      grant_type: 'client_credentials',
      client_id: registered.body.clientId,
      client_secret: registered.body.clientSecret,
    });
    await app.post('/api/v1/auth/login', { email: company.email, password: 'wrong hostile password 0815' });
    secrets.push('wrong hostile password 0815');
    expectNoSecretInLog();
  });

  it('logs an unexpected database error on an INSERT carrying a hash by statement name and code only', async () => {
    await failInserts('api_keys');
    try {
      const res = await app.post('/api/v1/api-keys', { name: 'doomed' }, company.token);
      expect(res.status).to.equal(500);
      expect(res.body).to.deep.equal({
        error: 'Internal Server Error',
        message: 'An unexpected error occurred',
        code: 'INTERNAL_ERROR',
      });
      const gql = await app.graphql('mutation { createApiKey(name: "doomed too") { key } }', {}, company.token);
      expect(gql.body.errors[0].extensions.code).to.equal('INTERNAL_ERROR');
    } finally {
      await allowInserts('api_keys');
    }
    await failInserts('oauth_applications');
    try {
      const res = await app.post(
        '/api/v1/oauth/applications',
        { name: 'Doomed', redirectUris: ['https://example.cz/cb'], scopes: ['contacts:read'] },
        company.token,
      );
      expect(res.status).to.equal(500);
    } finally {
      await allowInserts('oauth_applications');
    }
    const failures = app.logs.map((l) => JSON.parse(l)).filter((l) => l.err && l.level >= 50);
    expect(failures.length).to.be.at.least(3);
    for (const line of failures) {
      expect(line.err).to.include({ code: 'XX000' });
      expect(line.err.statement).to.match(/^insert (api_keys|oauth_applications)$/);
      expect(Object.keys(line.err).sort()).to.deep.equal(['code', 'stack', 'statement', 'type']);
    }
    // The hashes were in the failing rows; collect them from the database's own view of the attempt.
    const all = app.logs.join('\n');
    expect(all).not.to.match(/\$argon2id\$/);
    expect(all).not.to.match(/[0-9a-f]{64}/);
    expect(all).not.to.include('refused row');
    expectNoSecretInLog();
  });
});
