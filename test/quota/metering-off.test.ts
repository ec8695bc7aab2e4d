import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { makeApiKey, makeCompany, makeUser, UNAUTHORIZED_BODY } from '../helpers/fixtures';
import { obtainTokens, registerApp } from '../oauth/oauth.helpers';
import { NO_RATE_LIMIT, rateLimitOf } from './quota.helpers';

/** QUOTA_METERING=off exists for the benchmark comparison: API keys authenticate as before, nothing is counted. */
describe('quota: QUOTA_METERING=off', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ QUOTA_METERING: 'off' });
  });
  after(() => app.stop());

  it('sends no headers, counts nothing, and authenticates API keys exactly as with metering on', async () => {
    const company = await makeCompany(app);
    const other = await makeCompany(app);
    const key = await makeApiKey(app, company);
    const ok = await app.get('/api/v1/organization', key.key);
    expect(ok.status).to.equal(200);
    expect(rateLimitOf(ok)).to.deep.equal(NO_RATE_LIMIT);
    const own = await app.request('GET', '/api/v1/organization', {
      token: key.key,
      headers: { 'x-organization-id': company.organizationId },
    });
    expect(own.status).to.equal(200);
    for (const orgHeader of [other.organizationId, 'not-a-uuid']) {
      const refused = await app.request('GET', '/api/v1/organization', {
        token: key.key,
        headers: { 'x-organization-id': orgHeader },
      });
      expect(refused.status).to.equal(401);
      expect(refused.body).to.deep.equal(UNAUTHORIZED_BODY);
    }
    expect((await app.get('/api/v1/quota', key.key)).body).to.deep.include({ used: 0, remaining: 1000 });
  });

  it('authenticates OAuth access tokens with the same effective access (its own lookup), counting nothing', async () => {
    const company = await makeCompany(app);
    const client = await registerApp(app, company, { scopes: ['documents:read', 'contacts:write'] });
    const member = await makeUser(app, company, { permissions: { documents: 'write', contacts: 'write' } });
    const { access_token: token } = await obtainTokens(app, member, client);
    expect(
      (await app.patch(`/api/v1/users/${member.id}`, { permissions: { contacts: 'read' } }, company.token)).status,
    ).to.equal(200);
    const me = await app.get('/api/v1/oauth/me', token);
    expect(me.status, me.text).to.equal(200);
    expect(rateLimitOf(me)).to.deep.equal(NO_RATE_LIMIT);
    expect(me.body).to.deep.include({
      applicationId: client.id,
      userId: member.id,
      scope: 'documents:read contacts:write',
      departmentIds: null,
    });
    expect(me.body.permissions).to.deep.include({ documents: 'read', contacts: 'read', payments: 'none' });
    expect((await app.post('/api/v1/contacts', { name: 'Klient a.s.' }, token)).status).to.equal(403);

    expect(
      (await app.patch(`/api/v1/oauth/applications/${client.id}`, { disabled: true }, company.token)).status,
    ).to.equal(200);
    expect((await app.get('/api/v1/organization', token)).body).to.deep.equal(UNAUTHORIZED_BODY);
    expect(
      (await app.patch(`/api/v1/oauth/applications/${client.id}`, { disabled: false }, company.token)).status,
    ).to.equal(200);
    expect((await app.get('/api/v1/organization', token)).status).to.equal(200);
    expect((await app.get('/api/v1/quota', token)).body).to.deep.include({ used: 0, remaining: 1000 });
    await advanceClock(app, 3601);
    expect((await app.get('/api/v1/organization', token)).body).to.deep.equal(UNAUTHORIZED_BODY);
  });
});
