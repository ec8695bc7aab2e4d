import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany } from '../helpers/fixtures';

/**
 * Issue 31 point 2: an API-key read authenticates and counts on the ORM's root manager
 * (core/http/middleware.ts credentialManager), so GET /organization forks no EntityManager; the
 * count stays exact and a revoked key is refused at once.
 */
describe('API-key reads: no EntityManager fork for authentication', () => {
  let app: TestApp;
  let company: Company;
  let forks = 0;
  before(async () => {
    // ROLE=api: no background work in this process, whose own forks (outbox, mail, scheduler polls) would
    // count here whenever one of their ticks fell between the two requests (CI saw one).
    app = await startTestApp({ ROLE: 'api' });
    company = await makeCompany(app);
    const root = app.app.container.orm.em;
    const fork = root.fork.bind(root);
    root.fork = (...args: Parameters<typeof fork>) => {
      forks++;
      return fork(...args);
    };
  });
  after(() => app.stop());

  it('GET /organization with an API key forks none and counts each request once', async () => {
    const { key } = await makeApiKey(app, company);
    forks = 0;
    const first = await app.get('/api/v1/organization', key);
    const second = await app.get('/api/v1/organization', key);
    expect(first.status).to.equal(200);
    expect(first.body.id).to.equal(company.organizationId);
    expect(forks).to.equal(0);
    expect(Number(second.headers.get('x-ratelimit-used')) - Number(first.headers.get('x-ratelimit-used'))).to.equal(1);
  });

  it('a revoked key is refused on the next request', async () => {
    const { id, key } = await makeApiKey(app, company, 'revoked');
    expect((await app.get('/api/v1/organization', key)).status).to.equal(200);
    expect((await app.del(`/api/v1/api-keys/${id}`, company.token)).status).to.be.oneOf([200, 204]);
    expect((await app.get('/api/v1/organization', key)).status).to.equal(401);
  });
});
