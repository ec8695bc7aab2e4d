import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeUser } from '../helpers/fixtures';
import { ALL, obtainTokens, registerApp } from './oauth.helpers';

/** SPEC 2.1 / DESIGN 3: registration and management of OAuth applications; scopes catalog; metadata. */
describe('oauth: applications, scopes and metadata', () => {
  let app: TestApp;
  let company: Company;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const register = (body: Record<string, unknown>, token = company.token) =>
    app.post('/api/v1/oauth/applications', body, token);
  const valid = {
    name: 'Books',
    description: 'Sync',
    redirectUris: ['https://books.example/cb'],
    scopes: ['documents:read'],
    confidential: true,
  };

  it('registers a confidential client: the secret is returned once and never listed', async () => {
    const res = await register(valid);
    expect(res.status, res.text).to.equal(201);
    expect(res.body.clientId).to.match(/^fci_[0-9a-f]{32}$/);
    expect(res.body.clientSecret).to.match(/^fcs_[0-9a-f]{64}$/);
    expect(res.body).to.deep.include({
      name: 'Books',
      description: 'Sync',
      redirectUris: ['https://books.example/cb'],
      scopes: ['documents:read'],
      confidential: true,
      disabled: false,
    });
    const list = await app.get('/api/v1/oauth/applications', company.token);
    expect(list.status).to.equal(200);
    const listed = list.body.data.find((a: any) => a.id === res.body.id);
    expect(listed).to.not.have.property('clientSecret');
    expect(list.text).to.not.include(res.body.clientSecret);
    expect(app.logs.join('\n')).to.not.include(res.body.clientSecret);
    const one = await app.get(`/api/v1/oauth/applications/${res.body.id}`, company.token);
    expect(one.body).to.deep.equal(listed);
  });

  it('a public client gets no secret and cannot rotate one', async () => {
    const res = await register({ ...valid, confidential: false });
    expect(res.status).to.equal(201);
    expect(res.body).to.not.have.property('clientSecret');
    const rotate = await app.post(`/api/v1/oauth/applications/${res.body.id}/rotate-secret`, {}, company.token);
    expect(rotate.status).to.equal(409);
    expect(rotate.body.code).to.equal('PUBLIC_CLIENT');
  });

  it('redirect URIs: https, or http only on localhost, 127.0.0.1 and [::1]; never a fragment', async () => {
    for (const uri of [
      'https://x.example/cb',
      'http://localhost:3000/cb',
      'http://127.0.0.1/cb',
      'http://[::1]:8080/cb',
      'https://x.example/cb?a=1',
    ]) {
      expect((await register({ ...valid, redirectUris: [uri] })).status, uri).to.equal(201);
    }
    const problems: [string, string][] = [
      ['http://x.example/cb', 'must use https (http only for localhost, 127.0.0.1 and [::1])'],
      ['http://localhost.evil.example/cb', 'must use https (http only for localhost, 127.0.0.1 and [::1])'],
      ['https://x.example/cb#frag', 'must not contain a fragment (#)'],
      ['https://x.example/cb#', 'must not contain a fragment (#)'],
      ['/relative', 'must be an absolute URL'],
      ['ftp://x.example/cb', 'must use https (http only for localhost, 127.0.0.1 and [::1])'],
      ['https://user:pw@x.example/cb', 'must not contain user information'],
    ];
    for (const [uri, message] of problems) {
      const res = await register({ ...valid, redirectUris: ['https://ok.example/cb', uri] });
      expect(res.status, uri).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details).to.deep.equal([{ path: 'redirectUris[1]', message }]);
    }
    expect((await register({ ...valid, redirectUris: [] })).body.details).to.deep.equal([
      { path: 'redirectUris', message: 'at least one redirect URI is required' },
    ]);
  });

  it('scopes must come from the catalog', async () => {
    const res = await register({ ...valid, scopes: ['documents:read', 'documents:delete'] });
    expect(res.status).to.equal(400);
    expect(res.body.details[0].path).to.equal('scopes[1]');
    expect((await register({ ...valid, scopes: [] })).status).to.equal(400);
  });

  it('edits name, description, redirect URIs, scopes and disabled', async () => {
    const created = (await register(valid)).body;
    const res = await app.patch(
      `/api/v1/oauth/applications/${created.id}`,
      {
        name: 'Books 2',
        redirectUris: ['https://books.example/v2'],
        scopes: ['contacts:read', 'documents:write'],
        disabled: true,
      },
      company.token,
    );
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({
      name: 'Books 2',
      description: 'Sync',
      redirectUris: ['https://books.example/v2'],
      scopes: ['documents:write', 'contacts:read'],
      disabled: true,
    });
    expect(
      (
        await app.patch(
          `/api/v1/oauth/applications/${created.id}`,
          { redirectUris: ['http://x.example'] },
          company.token,
        )
      ).status,
    ).to.equal(400);
    expect((await app.patch(`/api/v1/oauth/applications/not-a-uuid`, { name: 'x' }, company.token)).status).to.equal(
      404,
    );
  });

  it('needs a session with company_settings write; other companies see nothing', async () => {
    const created = (await register(valid)).body;
    const reader = await makeUser(app, company, { permissions: { company_settings: 'read' } });
    const writer = await makeUser(app, company, { permissions: { company_settings: 'write' } });
    const key = await makeApiKey(app, company);
    const denied = await register(valid, reader.token);
    expect(denied.status).to.equal(403);
    expect(denied.body).to.deep.include({
      code: 'FORBIDDEN',
      message: 'This credential lacks the scope company_settings:write',
    });
    expect((await register(valid, key.key)).status).to.equal(403);
    expect((await register(valid, writer.token)).status).to.equal(201);
    expect((await app.get('/api/v1/oauth/applications', reader.token)).status).to.equal(403);
    expect((await app.post('/api/v1/oauth/applications', valid)).status).to.equal(401);
    const other = await makeCompany(app, { companyName: 'Other' });
    expect((await app.get(`/api/v1/oauth/applications/${created.id}`, other.token)).status).to.equal(404);
    expect((await app.post(`/api/v1/oauth/applications/${created.id}/rotate-secret`, {}, other.token)).status).to.equal(
      404,
    );
    expect((await app.get('/api/v1/oauth/applications', other.token)).body.data).to.deep.equal([]);
  });

  it('an OAuth token cannot manage applications, even with company_settings:write', async () => {
    const client = await registerApp(app, company, { scopes: ['company_settings:write'] });
    const tokens = await obtainTokens(app, company, client);
    const res = await register(valid, tokens.access_token);
    expect(res.status).to.equal(403);
    expect(res.body.message).to.equal('This operation needs a logged-in session');
  });

  it('GET /oauth/scopes lists every scope with its label, without authentication', async () => {
    const res = await app.get('/api/v1/oauth/scopes');
    expect(res.status).to.equal(200);
    expect(res.body.scopes.map((s: any) => s.scope)).to.deep.equal(ALL);
    expect(res.body.scopes[0]).to.deep.equal({
      scope: 'documents:read',
      section: 'documents',
      access: 'read',
      label: 'View invoices, proforma invoices, quotes, orders, delivery notes, credit notes and the price list',
    });
    for (const s of res.body.scopes) expect(s.label).to.be.a('string').and.not.empty;
  });

  it('serves RFC 8414 metadata with issuer = PUBLIC_URL', async () => {
    const res = await app.get('/.well-known/oauth-authorization-server');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({
      issuer: app.url,
      authorization_endpoint: `${app.url}/api/v1/oauth/authorize`,
      token_endpoint: `${app.url}/api/v1/oauth/token`,
      revocation_endpoint: `${app.url}/api/v1/oauth/revoke`,
      code_challenge_methods_supported: ['S256', 'plain'],
      authorization_response_iss_parameter_supported: true,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
    });
    expect(res.body.scopes_supported).to.deep.equal(ALL);
  });

  it('GraphQL: register, list, update, rotate; the secret only on the registration result', async () => {
    const reg = await app.graphql(
      `mutation($input: RegisterOAuthApplicationInput!) { registerOAuthApplication(input: $input) { id clientId clientSecret confidential scopes } }`,
      { input: { name: 'GQL', redirectUris: ['https://gql.example/cb'], scopes: ['reports:read'] } },
      company.token,
    );
    expect(reg.body.errors, JSON.stringify(reg.body.errors)).to.equal(undefined);
    const created = reg.body.data!.registerOAuthApplication;
    expect(created.clientSecret).to.match(/^fcs_/);
    expect(created).to.deep.include({ confidential: true, scopes: ['reports:read'] });
    const upd = await app.graphql(
      `mutation($id: ID!) { updateOAuthApplication(id: $id, input: { name: "GQL 2", disabled: true }) { name disabled } }`,
      { id: created.id },
      company.token,
    );
    expect(upd.body.data!.updateOAuthApplication).to.deep.equal({ name: 'GQL 2', disabled: true });
    const rot = await app.graphql(
      `mutation($id: ID!) { rotateOAuthApplicationSecret(id: $id) { clientSecret } }`,
      { id: created.id },
      company.token,
    );
    expect(rot.body.data!.rotateOAuthApplicationSecret.clientSecret)
      .to.match(/^fcs_/)
      .and.not.equal(created.clientSecret);
    const list = await app.graphql(
      `{ oauthApplications(limit: 200) { data { id name } nextCursor } }`,
      {},
      company.token,
    );
    expect(list.body.data!.oauthApplications.data.map((a: any) => a.id)).to.include(created.id);
    const invalid = await app.graphql(
      `mutation($input: RegisterOAuthApplicationInput!) { registerOAuthApplication(input: $input) { id } }`,
      { input: { name: 'Bad', redirectUris: ['http://bad.example/cb'], scopes: ['reports:read'] } },
      company.token,
    );
    expect(invalid.body.errors![0].extensions.code).to.equal('VALIDATION_FAILED');
  });

  it('GraphQL: the user lists and revokes connected applications', async () => {
    const client = await registerApp(app, company, { name: 'Connected' });
    const tokens = await obtainTokens(app, company, client);
    const list = await app.graphql(
      `{ oauthGrants { data { id scopes application { name clientId } } } }`,
      {},
      company.token,
    );
    const grant = list.body.data!.oauthGrants.data.find((g: any) => g.application.clientId === client.clientId);
    expect(grant).to.deep.include({ scopes: ['documents:read', 'contacts:read', 'contacts:write'] });
    const revoke = await app.graphql(
      `mutation($id: ID!) { revokeOAuthGrant(id: $id) }`,
      { id: grant.id },
      company.token,
    );
    expect(revoke.body.data).to.deep.equal({ revokeOAuthGrant: true });
    expect((await app.get('/api/v1/organization', tokens.access_token)).status).to.equal(401);
  });
});
