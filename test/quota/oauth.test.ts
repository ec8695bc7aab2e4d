import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, makeUser } from '../helpers/fixtures';
import { obtainTokens, registerApp, type RegisteredApp } from '../oauth/oauth-helpers';
import { NO_RATE_LIMIT, rateLimitOf, setClock, unix } from './quota-helpers';

const RESET = String(unix('2031-12-01T00:00:00.000Z'));
const usedSoFar = (used: number) => ({ limit: '1000', remaining: String(1000 - used), used: String(used), reset: RESET });

describe('quota: OAuth applications are metered per (organization, application)', () => {
  let app: TestApp;
  let client: RegisteredApp;
  before(async () => {
    app = await startTestApp();
    await setClock(app, '2031-11-05T09:00:00.000Z');
    client = await registerApp(app, await makeCompany(app, { companyName: 'Vendor s.r.o.' }), { name: 'Účetní robot' });
  });
  after(() => app.stop());

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

    const usage = await app.graphql('{ quotaUsage { data { credentialType credentialId name used } } }', {}, customer.token);
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
});
