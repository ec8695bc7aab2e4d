import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, UNAUTHORIZED_BODY } from '../helpers/fixtures';

describe('identity: signup, login, sessions', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  it('signs up an OWNER of a new FREE organization and returns a session', async () => {
    const res = await app.post('/api/v1/auth/signup', {
      companyName: 'Pekárna Novák',
      email: 'Jana@Example.cz',
      password: 'twelve chars!',
    });
    expect(res.status).to.equal(201);
    expect(res.body.token).to.be.a('string');
    expect(res.body.user).to.deep.equal({ id: res.body.user.id, email: 'jana@example.cz' });
    expect(res.body.organization).to.deep.equal({ id: res.body.organization.id, name: 'Pekárna Novák', plan: 'FREE' });
    const me = await app.get('/api/v1/auth/me', res.body.token);
    expect(me.status).to.equal(200);
    expect(me.body.user.role).to.equal('OWNER');
    expect(me.body.user.permissions).to.deep.equal({
      documents: 'write',
      costs: 'write',
      contacts: 'write',
      reports: 'write',
      company_settings: 'write',
      payments: 'write',
      automations: 'write',
    });
    expect(me.body.organizations).to.deep.equal([res.body.organization]);
  });

  it('refuses a duplicate e-mail with 409, whatever its case', async () => {
    const company = await makeCompany(app);
    const res = await app.post('/api/v1/auth/signup', {
      companyName: 'Other',
      email: company.email.toUpperCase(),
      password: 'long enough pass',
    });
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({
      error: 'Conflict',
      message: 'A user with this e-mail already exists',
      code: 'EMAIL_TAKEN',
    });
  });

  it('refuses a password under 12 characters with 400 naming the field', async () => {
    const res = await app.post('/api/v1/auth/signup', {
      companyName: 'Short',
      email: 'short@example.cz',
      password: 'eleven char',
    });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_FAILED');
    expect(res.body.details).to.deep.equal([{ path: 'password', message: 'must be at least 12 characters' }]);
  });

  it('rejects wrong field types and missing fields with details', async () => {
    const res = await app.post('/api/v1/auth/signup', { companyName: 42, email: 'not-an-email' });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_FAILED');
    expect(res.body.details.map((d: { path: string }) => d.path)).to.have.members(['companyName', 'email', 'password']);
  });

  it('logs in with the right password and lists the organizations', async () => {
    const company = await makeCompany(app);
    const res = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(res.status).to.equal(200);
    expect(res.body.user).to.deep.equal({ id: company.userId, email: company.email });
    expect(res.body.organizations).to.deep.equal([{ id: company.organizationId, name: 'Acme s.r.o.', plan: 'FREE' }]);
  });

  it('answers a wrong login with one 401 that does not say which part was wrong', async () => {
    const company = await makeCompany(app);
    const wrongPassword = await app.post('/api/v1/auth/login', { email: company.email, password: 'wrong password!' });
    const unknownEmail = await app.post('/api/v1/auth/login', {
      email: 'nobody@example.cz',
      password: company.password,
    });
    expect(wrongPassword.status).to.equal(401);
    expect(unknownEmail.status).to.equal(401);
    expect(wrongPassword.body).to.deep.equal(unknownEmail.body);
    expect(wrongPassword.body).to.deep.equal({
      error: 'Unauthorized',
      message: 'Invalid e-mail or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('accepts the session as a cookie named session', async () => {
    const company = await makeCompany(app);
    const res = await app.request('GET', '/api/v1/auth/me', { headers: { cookie: `session=${company.token}` } });
    expect(res.status).to.equal(200);
    expect(res.body.user.id).to.equal(company.userId);
  });

  it('expires sessions by the Clock', async () => {
    const company = await makeCompany(app);
    await app.post('/api/test/clock', { advanceSeconds: 13 * 3600 });
    try {
      const res = await app.get('/api/v1/auth/me', company.token);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED_BODY);
    } finally {
      await app.post('/api/test/clock', { advanceSeconds: -13 * 3600 });
    }
  });

  it('renames the organization with company_settings write', async () => {
    const company = await makeCompany(app);
    const res = await app.patch('/api/v1/organization', { name: 'Acme a.s.' }, company.token);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ id: company.organizationId, name: 'Acme a.s.', plan: 'FREE' });
  });
});
