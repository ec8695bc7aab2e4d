import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeUser, UNAUTHORIZED_BODY } from '../helpers/fixtures';
import { obtainTokens, registerApp, type RegisteredApp } from './oauth.helpers';

const NONE = {
  documents: 'none',
  costs: 'none',
  contacts: 'none',
  reports: 'none',
  company_settings: 'none',
  payments: 'none',
  automations: 'none',
};

/** SPEC 2.2 / 5.2: effective access = approved scopes ∩ the user's current permissions ∩ departments. */
describe('oauth: effective access of access tokens', () => {
  let app: TestApp;
  let company: Company;
  let client: RegisteredApp;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    client = await registerApp(app, company, {
      scopes: ['documents:read', 'contacts:write', 'reports:read', 'payments:write'],
    });
  });
  after(() => app.stop());

  const me = (token: string) => app.get('/api/v1/oauth/me', token);

  it('is the intersection of the approved scopes and the user permissions; a permission removed mid-way applies on the next request', async () => {
    const member = await makeUser(app, company, {
      permissions: { documents: 'write', contacts: 'write', reports: 'none', payments: 'read' },
    });
    const tokens = await obtainTokens(app, member, client);
    // reports:read (user has none) and payments:write (user has read) were shown unavailable.
    expect(tokens.scope).to.equal('documents:read contacts:write');
    const before = await me(tokens.access_token);
    expect(before.status, before.text).to.equal(200);
    expect(before.body).to.deep.include({
      applicationId: client.id,
      userId: member.id,
      scope: 'documents:read contacts:write',
      departmentIds: null,
    });
    expect(before.body.organization).to.deep.equal({ id: company.organizationId, name: 'Acme s.r.o.', plan: 'FREE' });
    expect(before.body.permissions).to.deep.equal({ ...NONE, documents: 'read', contacts: 'write' });
    expect((await app.get('/api/v1/contacts', tokens.access_token)).status).to.equal(200);
    const write = await app.post('/api/v1/contacts', { name: 'Klient a.s.' }, tokens.access_token);
    expect(write.status, write.text).to.equal(201);

    // The owner narrows the member: contacts read only. No action by the application.
    const patched = await app.patch(`/api/v1/users/${member.id}`, { permissions: { contacts: 'read' } }, company.token);
    expect(patched.status, patched.text).to.equal(200);
    const denied = await app.post('/api/v1/contacts', { name: 'Another' }, tokens.access_token);
    expect(denied.status).to.equal(403);
    expect(denied.body).to.deep.equal({
      error: 'Forbidden',
      message: 'This credential lacks the scope contacts:write',
      code: 'FORBIDDEN',
      details: { requiredScope: 'contacts:write' },
    });
    expect((await app.get('/api/v1/contacts', tokens.access_token)).status).to.equal(200);
    expect((await me(tokens.access_token)).body.permissions).to.deep.equal({
      ...NONE,
      documents: 'read',
      contacts: 'read',
    });

    await app.patch(`/api/v1/users/${member.id}`, { permissions: { contacts: 'none' } }, company.token);
    const gone = await app.get('/api/v1/contacts', tokens.access_token);
    expect(gone.status).to.equal(403);
    expect(gone.body.message).to.equal('This credential lacks the scope contacts:read');

    // Giving the permission back restores it, still capped by the approved scopes.
    await app.patch(
      `/api/v1/users/${member.id}`,
      { permissions: { contacts: 'write', reports: 'write' } },
      company.token,
    );
    expect((await me(tokens.access_token)).body.permissions).to.deep.equal({
      ...NONE,
      documents: 'read',
      contacts: 'write',
    });
  });

  it('an OWNER token is bounded by its scopes only', async () => {
    const tokens = await obtainTokens(app, company, client);
    expect(tokens.scope).to.equal('documents:read contacts:write reports:read payments:write');
    expect((await me(tokens.access_token)).body.permissions).to.deep.equal({
      ...NONE,
      documents: 'read',
      contacts: 'write',
      reports: 'read',
      payments: 'write',
    });
    const settings = await app.get('/api/v1/settings/numbering', tokens.access_token);
    expect(settings.status).to.equal(403);
  });

  it('narrowing the application scopes narrows its tokens at once', async () => {
    const mine = await registerApp(app, company, { name: 'Narrowed', scopes: ['contacts:write', 'documents:read'] });
    const tokens = await obtainTokens(app, company, mine);
    expect(
      (await app.patch(`/api/v1/oauth/applications/${mine.id}`, { scopes: ['documents:read'] }, company.token)).status,
    ).to.equal(200);
    expect((await me(tokens.access_token)).body.permissions).to.deep.equal({ ...NONE, documents: 'read' });
    expect((await app.get('/api/v1/contacts', tokens.access_token)).status).to.equal(403);
  });

  it("carries the user's departments, and only their documents are visible", async () => {
    const sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    const support = (await app.post('/api/v1/departments', { name: 'Support' }, company.token)).body.id;
    const item = { name: 'Consulting', quantity: 1, unit: 'h', unitPrice: 1000, vatRate: 21 };
    const mine = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', items: [item], departmentId: sales },
      company.token,
    );
    const theirs = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', items: [item], departmentId: support },
      company.token,
    );
    expect([mine.status, theirs.status], mine.text + theirs.text).to.deep.equal([201, 201]);
    const member = await makeUser(app, company, { permissions: { documents: 'read' }, departmentIds: [sales] });
    const tokens = await obtainTokens(app, member, client);
    expect((await me(tokens.access_token)).body.departmentIds).to.deep.equal([sales]);
    const list = await app.get('/api/v1/documents?limit=200', tokens.access_token);
    expect(list.status, list.text).to.equal(200);
    expect(list.body.data.map((d: any) => d.id)).to.deep.equal([mine.body.id]);
    expect((await app.get(`/api/v1/documents/${theirs.body.id}`, tokens.access_token)).status).to.equal(404);

    await app.patch(`/api/v1/users/${member.id}`, { departmentIds: [sales, support] }, company.token);
    expect((await me(tokens.access_token)).body.departmentIds).to.deep.equal([sales, support]);
    expect((await app.get(`/api/v1/documents/${theirs.body.id}`, tokens.access_token)).status).to.equal(200);
  });

  it('X-Organization-Id with an OAuth token: 400', async () => {
    const tokens = await obtainTokens(app, company, client);
    const res = await app.request('GET', '/api/v1/organization', {
      token: tokens.access_token,
      headers: { 'x-organization-id': company.organizationId },
    });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({
      error: 'Bad Request',
      message: 'X-Organization-Id must not be sent with an OAuth access token',
      code: 'ORGANIZATION_HEADER_NOT_ALLOWED',
    });
  });

  it('unknown and malformed tokens get the same 401 body', async () => {
    for (const token of ['fat_' + 'a'.repeat(64), 'fat_short', 'frt_' + 'a'.repeat(64)]) {
      const res = await app.get('/api/v1/organization', token);
      expect(res.status, token).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED_BODY);
    }
  });

  it('works on GraphQL with the same effective access', async () => {
    const tokens = await obtainTokens(app, company, client);
    const org = await app.graphql('{ organization { id name } }', {}, tokens.access_token);
    expect(org.body.data).to.deep.equal({ organization: { id: company.organizationId, name: 'Acme s.r.o.' } });
    const apps = await app.graphql('{ oauthApplications { data { id } } }', {}, tokens.access_token);
    expect(apps.body.errors![0].extensions.code).to.equal('FORBIDDEN');
  });

  it('a refresh token or a session cannot call /oauth/me', async () => {
    const tokens = await obtainTokens(app, company, client);
    expect((await me(tokens.refresh_token)).status).to.equal(401);
    expect((await me(company.token)).status).to.equal(403);
  });
});
