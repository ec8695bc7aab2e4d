import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, UNAUTHORIZED_BODY } from '../helpers/fixtures';
import { NO_RATE_LIMIT, rateLimitOf } from './quota-helpers';

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
    const own = await app.request('GET', '/api/v1/organization', { token: key.key, headers: { 'x-organization-id': company.organizationId } });
    expect(own.status).to.equal(200);
    for (const orgHeader of [other.organizationId, 'not-a-uuid']) {
      const refused = await app.request('GET', '/api/v1/organization', { token: key.key, headers: { 'x-organization-id': orgHeader } });
      expect(refused.status).to.equal(401);
      expect(refused.body).to.deep.equal(UNAUTHORIZED_BODY);
    }
    expect((await app.get('/api/v1/quota', key.key)).body).to.deep.include({ used: 0, remaining: 1000 });
  });
});
