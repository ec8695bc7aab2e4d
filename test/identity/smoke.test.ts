import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany } from '../helpers/fixtures';

describe('smoke', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  it('serves the organization to an API key', async () => {
    const company = await makeCompany(app);
    const key = await makeApiKey(app, company);
    const res = await app.get('/api/v1/organization', key.key);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ id: company.organizationId, name: 'Acme s.r.o.', plan: 'FREE' });
  });
});
