import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeUser, type Company } from '../helpers/fixtures';

/** Issue 23 point 4: nobody grants access they lack, changes their own membership, or manages ADMINs but an OWNER. */
describe('identity: no privilege escalation', () => {
  let app: TestApp;
  let company: Company;
  let sales: string;
  let support: string;
  /** An ADMIN limited to documents:read, no costs, and the Sales department. */
  let admin: { id: string; token: string };
  let member: { id: string; token: string };
  const newUser = (body: Record<string, unknown>) => ({
    email: `u-${Math.random().toString(36).slice(2)}@example.cz`,
    password: 'another long password',
    role: 'MEMBER',
    ...body,
  });

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    support = (await app.post('/api/v1/departments', { name: 'Support' }, company.token)).body.id;
    admin = await makeUser(app, company, {
      role: 'ADMIN',
      permissions: { documents: 'read', costs: 'none' },
      departmentIds: [sales],
    });
    member = await makeUser(app, company, { permissions: { contacts: 'read' }, departmentIds: [sales] });
  });
  after(() => app.stop());

  const forbidden = (res: { status: number; body: any }, message: RegExp) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(403);
    expect(res.body.code).to.equal('FORBIDDEN');
    expect(res.body.message).to.match(message);
  };

  it('nobody changes their own role, permissions or departments (REST and GraphQL)', async () => {
    for (const body of [{ permissions: { costs: 'write' } }, { departmentIds: null }, { role: 'MEMBER' }]) {
      forbidden(await app.patch(`/api/v1/users/${admin.id}`, body, admin.token), /your own/);
    }
    const gql = await app.graphql(
      'mutation($id: ID!) { updateUser(id: $id, input: { permissions: { costs: write } }) { id } }',
      { id: admin.id },
      admin.token,
    );
    expect(gql.body.errors[0].extensions.code).to.equal('FORBIDDEN');
    const me = await app.get(`/api/v1/users/${admin.id}`, company.token);
    expect(me.body.permissions.costs).to.equal('none');
    expect(me.body.departmentIds).to.deep.equal([sales]);
  });

  it('only an OWNER creates an ADMIN, changes an ADMIN or makes someone ADMIN', async () => {
    forbidden(
      await app.post('/api/v1/users', newUser({ role: 'ADMIN', departmentIds: [sales] }), admin.token),
      /OWNER/,
    );
    forbidden(await app.patch(`/api/v1/users/${member.id}`, { role: 'ADMIN' }, admin.token), /OWNER/);
    const other = await makeUser(app, company, { role: 'ADMIN' });
    forbidden(await app.patch(`/api/v1/users/${other.id}`, { permissions: { costs: 'none' } }, admin.token), /OWNER/);
    const byOwner = await app.post('/api/v1/users', newUser({ role: 'ADMIN' }), company.token);
    expect(byOwner.status, byOwner.text).to.equal(201);
    const changed = await app.patch(`/api/v1/users/${other.id}`, { permissions: { costs: 'read' } }, company.token);
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body.permissions.costs).to.equal('read');
  });

  it('grants only levels the grantor holds, naming what was refused', async () => {
    const write = await app.post('/api/v1/users', newUser({ permissions: { documents: 'write' } }), admin.token);
    forbidden(write, /^You cannot grant documents:write: you hold documents:read$/);
    expect(write.body.details).to.deep.equal({ refused: 'documents:write' });
    forbidden(
      await app.post('/api/v1/users', newUser({ permissions: { costs: 'read' } }), admin.token),
      /^You cannot grant costs:read: you hold no costs access$/,
    );
    forbidden(
      await app.patch(`/api/v1/users/${member.id}`, { permissions: { documents: 'write' } }, admin.token),
      /documents:write/,
    );
    const ok = await app.post(
      '/api/v1/users',
      newUser({ permissions: { documents: 'read', contacts: 'write' } }),
      admin.token,
    );
    expect(ok.status, ok.text).to.equal(201);
    // Lowering, and giving what one holds, are fine.
    const lowered = await app.patch(
      `/api/v1/users/${member.id}`,
      { permissions: { contacts: 'none', documents: 'read' } },
      admin.token,
    );
    expect(lowered.status, lowered.text).to.equal(200);
  });

  it('a grantor limited to departments gives only some of its own (its own by default), never all', async () => {
    forbidden(await app.post('/api/v1/users', newUser({ departmentIds: null }), admin.token), /all departments/);
    forbidden(await app.post('/api/v1/users', newUser({ departmentIds: [support] }), admin.token), /department/);
    forbidden(await app.patch(`/api/v1/users/${member.id}`, { departmentIds: null }, admin.token), /all departments/);
    forbidden(
      await app.patch(`/api/v1/users/${member.id}`, { departmentIds: [sales, support] }, admin.token),
      new RegExp(support),
    );
    // Nor a level to someone who sees every department (lowering stays possible).
    const everywhere = await makeUser(app, company, { permissions: { contacts: 'read' } });
    forbidden(
      await app.patch(`/api/v1/users/${everywhere.id}`, { permissions: { documents: 'read' } }, admin.token),
      /all departments/,
    );
    const lowered = await app.patch(
      `/api/v1/users/${everywhere.id}`,
      { permissions: { contacts: 'none' } },
      admin.token,
    );
    expect(lowered.status, lowered.text).to.equal(200);
    const defaulted = await app.post('/api/v1/users', newUser({}), admin.token);
    expect(defaulted.status, defaulted.text).to.equal(201);
    expect(defaulted.body.departmentIds).to.deep.equal([sales]);
    // The OWNER is limited by nothing.
    const all = await app.post('/api/v1/users', newUser({ departmentIds: null }), company.token);
    expect(all.status, all.text).to.equal(201);
    expect(all.body.departmentIds).to.equal(null);
  });
});
