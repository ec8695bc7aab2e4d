import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock, setClock } from '../helpers/controls';
import { type Company, makeApiKey, makeCompany, makeUser, UNAUTHORIZED_BODY } from '../helpers/fixtures';
import { obtainTokens, registerApp, type RegisteredApp, tokenRequest } from '../oauth/oauth.helpers';
import { exhaust, NO_RATE_LIMIT, rateLimitOf, unix } from './quota.helpers';

const RESET = String(unix('2031-12-01T00:00:00.000Z'));
const usedSoFar = (used: number) => ({
  limit: '1000',
  remaining: String(1000 - used),
  used: String(used),
  reset: RESET,
});

describe('quota: OAuth applications are metered per (organization, application)', () => {
  let app: TestApp;
  let db: Client;
  let vendor: Company;
  let client: RegisteredApp;
  before(async () => {
    app = await startTestApp();
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    await setClock(app, '2031-11-05T09:00:00.000Z');
    vendor = await makeCompany(app, { companyName: 'Vendor s.r.o.' });
    client = await registerApp(app, vendor, { name: 'Účetní robot' });
  });
  after(async () => {
    await db.end();
    await app.stop();
  });

  it('counts every token of one application in one organization together, apart from its API keys and other organizations', async () => {
    const customer = await makeCompany(app, { companyName: 'Customer s.r.o.' });
    const colleague = await makeUser(app, customer, { role: 'ADMIN' });
    const ownersToken = (await obtainTokens(app, customer, client)).access_token;
    const colleaguesToken = (await obtainTokens(app, { token: colleague.token }, client)).access_token;
    const key = await makeApiKey(app, customer);

    expect(rateLimitOf(await app.get('/api/v1/organization', ownersToken))).to.deep.equal(usedSoFar(1));
    expect(rateLimitOf(await app.get('/api/v1/organization', colleaguesToken))).to.deep.equal(usedSoFar(2));
    expect(rateLimitOf(await app.graphql('{ organization { plan } }', {}, ownersToken))).to.deep.equal(usedSoFar(3));
    expect(rateLimitOf(await app.get('/api/v1/organization', key.key))).to.deep.equal(usedSoFar(1));

    const elsewhere = await makeCompany(app, { companyName: 'Another customer s.r.o.' });
    const elsewhereToken = (await obtainTokens(app, elsewhere, client)).access_token;
    expect(rateLimitOf(await app.get('/api/v1/organization', elsewhereToken))).to.deep.equal(usedSoFar(1));

    const own = await app.get('/api/v1/quota', colleaguesToken);
    expect(own.body).to.deep.equal({ plan: 'FREE', limit: 1000, used: 4, remaining: 996, resetAt: Number(RESET) });

    const usage = await app.graphql(
      '{ quotaUsage { data { credentialType credentialId name used } } }',
      {},
      customer.token,
    );
    expect(usage.body.data.quotaUsage.data).to.have.deep.members([
      { credentialType: 'apiKey', credentialId: key.id, name: 'integration', used: 1 },
      { credentialType: 'oauth', credentialId: client.id, name: 'Účetní robot', used: 4 },
    ]);
  });

  it('counts a 403 for a scope the token lacks, and nothing for an invalid token', async () => {
    const customer = await makeCompany(app);
    const token = (await obtainTokens(app, customer, client)).access_token; // documents:read, contacts:read, contacts:write
    const forbidden = await app.patch('/api/v1/organization', { name: 'Renamed' }, token);
    expect(forbidden.status).to.equal(403);
    expect(forbidden.body).to.deep.include({ code: 'FORBIDDEN', details: { requiredScope: 'company_settings:write' } });
    expect(rateLimitOf(forbidden)).to.deep.equal(usedSoFar(1));
    const invalid = await app.get('/api/v1/organization', `fat_${'0'.repeat(64)}`);
    expect(invalid.status).to.equal(401);
    expect(rateLimitOf(invalid)).to.deep.equal(NO_RATE_LIMIT);
    expect(rateLimitOf(await app.get('/api/v1/organization', token))).to.deep.equal(usedSoFar(2));
  });

  it('answers 429 once one application is used up in an organization; its other users get it too, other applications and API keys there count on', async () => {
    const customer = await makeCompany(app);
    const colleague = await makeUser(app, customer, { role: 'ADMIN' });
    const other = await registerApp(app, vendor, { name: 'Skladový robot' });
    const token = (await obtainTokens(app, customer, client)).access_token;
    await exhaust(app, token);

    const refused = await app.get('/api/v1/organization', token);
    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.equal({
      error: 'Too Many Requests',
      message: 'Monthly quota of 1000 requests for this credential is used up; it resets at 2031-12-01T00:00:00.000Z',
      code: 'RATE_LIMIT_EXCEEDED',
      limit: 1000,
      used: 1000,
      resetAt: Number(RESET),
      upgrade: true,
    });
    expect(rateLimitOf(refused)).to.deep.equal(usedSoFar(1000));
    const colleaguesToken = (await obtainTokens(app, { token: colleague.token }, client)).access_token;
    for (const res of [
      await app.get('/api/v1/organization', colleaguesToken),
      await app.graphql('{ organization { plan } }', {}, token),
    ]) {
      expect(res.status).to.equal(429);
      expect(res.body.code).to.equal('RATE_LIMIT_EXCEEDED');
    }

    const othersToken = (await obtainTokens(app, customer, other)).access_token;
    expect(rateLimitOf(await app.get('/api/v1/organization', othersToken))).to.deep.equal(usedSoFar(1));
    expect(rateLimitOf(await app.get('/api/v1/organization', (await makeApiKey(app, customer)).key))).to.deep.equal(
      usedSoFar(1),
    );
    const usage = await app.graphql('{ quotaUsage { data { credentialType credentialId used } } }', {}, customer.token);
    expect(
      usage.body.data.quotaUsage.data.filter((u: { credentialType: string }) => u.credentialType === 'oauth'),
    ).to.have.deep.members([
      { credentialType: 'oauth', credentialId: client.id, used: 1000 },
      { credentialType: 'oauth', credentialId: other.id, used: 1 },
    ]);
  });

  it('counts nothing for a token the verifier refuses: rotated, application disabled, consent revoked, membership gone, expired', async () => {
    const customer = await makeCompany(app);
    const refresh = async (refreshToken: string) => {
      const res = await tokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      });
      expect(res.status, res.text).to.equal(200);
      return res.body as { access_token: string; refresh_token: string };
    };
    const expectRefused = async (token: string) => {
      const res = await app.get('/api/v1/organization', token);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED_BODY);
      expect(rateLimitOf(res)).to.deep.equal(NO_RATE_LIMIT);
    };
    let used = 0;
    const expectCounted = async (token: string) => {
      used += 1;
      expect(rateLimitOf(await app.get('/api/v1/organization', token))).to.deep.equal(usedSoFar(used));
    };

    const first = await obtainTokens(app, customer, client);
    await expectCounted(first.access_token);
    let owners = await refresh(first.refresh_token);
    await expectRefused(first.access_token);
    await expectCounted(owners.access_token);

    expect(
      (await app.patch(`/api/v1/oauth/applications/${client.id}`, { disabled: true }, vendor.token)).status,
    ).to.equal(200);
    await expectRefused(owners.access_token);
    expect(
      (await app.patch(`/api/v1/oauth/applications/${client.id}`, { disabled: false }, vendor.token)).status,
    ).to.equal(200);
    await expectCounted(owners.access_token);

    const colleague = await makeUser(app, customer, { role: 'ADMIN' });
    const colleaguesToken = (await obtainTokens(app, { token: colleague.token }, client)).access_token;
    await expectCounted(colleaguesToken);
    const grant = (await app.get('/api/v1/oauth/grants', colleague.token)).body.data.find(
      (g: { application: { id: string } }) => g.application.id === client.id,
    );
    expect((await app.del(`/api/v1/oauth/grants/${grant.id}`, colleague.token)).status).to.equal(204);
    await expectRefused(colleaguesToken);
    await expectCounted(owners.access_token);

    const leaver = await makeUser(app, customer, { role: 'ADMIN' });
    const leaversToken = (await obtainTokens(app, { token: leaver.token }, client)).access_token;
    await expectCounted(leaversToken);
    await db.query('DELETE FROM memberships WHERE user_id = $1', [leaver.id]); // no API removes a member yet
    await expectRefused(leaversToken);
    await expectCounted(owners.access_token);

    await advanceClock(app, 3601);
    await expectRefused(owners.access_token);
    owners = await refresh(owners.refresh_token);
    await expectCounted(owners.access_token);
    const { rows } = await db.query(`SELECT used FROM quota_usage WHERE organization_id = $1 AND credential_id = $2`, [
      customer.organizationId,
      client.id,
    ]);
    expect(rows).to.deep.equal([{ used: String(used) }]);
  });
});
