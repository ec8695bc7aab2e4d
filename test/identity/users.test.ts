import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeUser } from '../helpers/fixtures';

describe('identity: users, roles, permissions, departments', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('creates a MEMBER with only the sections given and an ADMIN with write on all by default', async () => {
    const member = await makeUser(app, company, {
      role: 'MEMBER',
      permissions: { documents: 'read', contacts: 'write' },
    });
    const admin = await makeUser(app, company, { role: 'ADMIN' });
    const list = await app.get('/api/v1/users', company.token);
    expect(list.status).to.equal(200);
    const byId = Object.fromEntries(list.body.data.map((u: { id: string }) => [u.id, u]));
    expect(byId[member.id].permissions).to.deep.equal({
      documents: 'read',
      costs: 'none',
      contacts: 'write',
      reports: 'none',
      company_settings: 'none',
      payments: 'none',
      automations: 'none',
    });
    expect(byId[admin.id].role).to.equal('ADMIN');
    expect(Object.values(byId[admin.id].permissions)).to.deep.equal(Array(7).fill('write'));
    expect(list.body.nextCursor).to.equal(null);
  });

  it('paginates users with limit and cursor', async () => {
    const other = await makeCompany(app);
    for (let i = 0; i < 3; i++) await makeUser(app, other);
    const first = await app.get('/api/v1/users?limit=2', other.token);
    expect(first.body.data).to.have.length(2);
    expect(first.body.nextCursor).to.be.a('string');
    const second = await app.get(`/api/v1/users?limit=2&cursor=${first.body.nextCursor}`, other.token);
    expect(second.body.data).to.have.length(2);
    expect(second.body.nextCursor).to.equal(null);
    const ids = [...first.body.data, ...second.body.data].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).to.equal(4);
    const bad = await app.get('/api/v1/users?limit=500', other.token);
    expect(bad.status).to.equal(400);
    expect(bad.body.code).to.equal('VALIDATION_FAILED');
  });

  it('refuses user management to a MEMBER and to an API key (403)', async () => {
    const member = await makeUser(app, company, { permissions: { company_settings: 'write' } });
    const res = await app.post('/api/v1/users', { email: 'x@example.cz', password: 'long enough pass' }, member.token);
    expect(res.status).to.equal(403);
    expect(res.body).to.deep.equal({
      error: 'Forbidden',
      message: 'This operation needs the role OWNER or ADMIN',
      code: 'FORBIDDEN',
    });
  });

  it('answers 403 FORBIDDEN naming the scope when a section is missing', async () => {
    const member = await makeUser(app, company, { permissions: { company_settings: 'read' } });
    const res = await app.patch('/api/v1/organization', { name: 'Hijacked' }, member.token);
    expect(res.status).to.equal(403);
    expect(res.body).to.deep.equal({
      error: 'Forbidden',
      message: 'This credential lacks the scope company_settings:write',
      code: 'FORBIDDEN',
      details: { requiredScope: 'company_settings:write' },
    });
  });

  it('changes role, permissions and departments with PATCH; the next request sees them', async () => {
    const dept = await app.post('/api/v1/departments', { name: 'Brno' }, company.token);
    expect(dept.status).to.equal(201);
    const member = await makeUser(app, company, { permissions: { company_settings: 'write' } });
    expect((await app.patch('/api/v1/organization', { name: 'Acme s.r.o.' }, member.token)).status).to.equal(200);
    const patched = await app.patch(
      `/api/v1/users/${member.id}`,
      { permissions: { company_settings: 'none' }, departmentIds: [dept.body.id] },
      company.token,
    );
    expect(patched.status).to.equal(200);
    expect(patched.body.permissions.company_settings).to.equal('none');
    expect(patched.body.departmentIds).to.deep.equal([dept.body.id]);
    expect((await app.patch('/api/v1/organization', { name: 'Nope' }, member.token)).status).to.equal(403);
    const promoted = await app.patch(
      `/api/v1/users/${member.id}`,
      { role: 'ADMIN', departmentIds: null },
      company.token,
    );
    expect(promoted.body.role).to.equal('ADMIN');
    expect(promoted.body.departmentIds).to.equal(null);
  });

  it('rejects unknown departments, bad roles and the owner as a PATCH target', async () => {
    const member = await makeUser(app, company);
    const unknownDept = await app.patch(
      `/api/v1/users/${member.id}`,
      { departmentIds: ['00000000-0000-4000-8000-000000000000'] },
      company.token,
    );
    expect(unknownDept.status).to.equal(400);
    const badRole = await app.patch(`/api/v1/users/${member.id}`, { role: 'OWNER' }, company.token);
    expect(badRole.status).to.equal(400);
    expect(badRole.body.details[0].path).to.equal('role');
    const owner = await app.patch(`/api/v1/users/${company.userId}`, { role: 'MEMBER' }, company.token);
    expect(owner.status).to.equal(403);
  });

  it('never reaches another organization’s users or departments', async () => {
    const other = await makeCompany(app);
    const stranger = await makeUser(app, other);
    const otherDept = await app.post('/api/v1/departments', { name: 'Praha' }, other.token);
    expect((await app.get(`/api/v1/users/${stranger.id}`, company.token)).status).to.equal(404);
    expect((await app.patch(`/api/v1/users/${stranger.id}`, { role: 'ADMIN' }, company.token)).status).to.equal(404);
    const member = await makeUser(app, company);
    const foreignDept = await app.patch(
      `/api/v1/users/${member.id}`,
      { departmentIds: [otherDept.body.id] },
      company.token,
    );
    expect(foreignDept.status).to.equal(400);
    const list = await app.get('/api/v1/users', company.token);
    expect(list.body.data.map((u: { id: string }) => u.id)).not.to.include(stranger.id);
    const depts = await app.get('/api/v1/departments', company.token);
    expect(depts.body.data.map((d: { id: string }) => d.id)).not.to.include(otherDept.body.id);
    expect((await app.get('/api/v1/users/not-a-uuid', company.token)).status).to.equal(404);
  });

  it('refuses to act in an organization the session user does not belong to (401)', async () => {
    const other = await makeCompany(app);
    const res = await app.request('GET', '/api/v1/organization', {
      token: company.token,
      headers: { 'x-organization-id': other.organizationId },
    });
    expect(res.status).to.equal(401);
  });
});
