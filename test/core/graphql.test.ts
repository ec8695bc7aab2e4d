import fs from 'node:fs';
import { expect } from 'chai';
import { SCHEMA_FILE, generateSchemaText } from '../../scripts/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeUser } from '../helpers/fixtures';

describe('GraphQL over the identity services', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('answers me and organization like GET /auth/me and /organization', async () => {
    const res = await app.graphql(
      '{ me { user { id email role permissions { documents company_settings } departmentIds } organizations { id name plan } } organization { id name plan } }',
      {},
      company.token,
    );
    expect(res.status).to.equal(200);
    expect(res.body.errors).to.equal(undefined);
    const rest = await app.get('/api/v1/auth/me', company.token);
    expect(res.body.data.me.user).to.deep.equal({
      id: rest.body.user.id,
      email: rest.body.user.email,
      role: 'OWNER',
      permissions: { documents: 'write', company_settings: 'write' },
      departmentIds: null,
    });
    expect(res.body.data.me.organizations).to.deep.equal(rest.body.organizations);
    expect(res.body.data.organization).to.deep.equal((await app.get('/api/v1/organization', company.token)).body);
  });

  it('creates, lists and deletes API keys; the key exists only on the create result', async () => {
    const created = await app.graphql(
      'mutation { createApiKey(name: "Pohoda") { id name key redacted } }',
      {},
      company.token,
    );
    const key = created.body.data.createApiKey;
    expect(key.key).to.match(/^fk_[0-9a-f]{64}$/);
    const org = await app.graphql('{ organization { id } }', {}, key.key);
    expect(org.body.data.organization.id).to.equal(company.organizationId);
    const list = await app.graphql(
      '{ apiKeys(limit: 50) { data { id name redacted } nextCursor } }',
      {},
      company.token,
    );
    expect(list.body.data.apiKeys.data).to.deep.include({ id: key.id, name: 'Pohoda', redacted: key.redacted });
    const del = await app.graphql('mutation($id: ID!) { deleteApiKey(id: $id) }', { id: key.id }, company.token);
    expect(del.body.data.deleteApiKey).to.equal(true);
    expect((await app.get('/api/v1/organization', key.key)).status).to.equal(401);
  });

  it('creates and updates users with the same rules as REST', async () => {
    const created = await app.graphql(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id role permissions { documents contacts } } }',
      {
        input: {
          email: 'gql-user@example.cz',
          password: 'long enough pass',
          role: 'MEMBER',
          permissions: { documents: 'read' },
        },
      },
      company.token,
    );
    expect(created.body.errors).to.equal(undefined);
    expect(created.body.data.createUser.permissions).to.deep.equal({ documents: 'read', contacts: 'none' });
    const dup = await app.graphql(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      { input: { email: 'gql-user@example.cz', password: 'long enough pass' } },
      company.token,
    );
    expect(dup.body.errors[0].extensions.code).to.equal('EMAIL_TAKEN');
    const short = await app.graphql(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      { input: { email: 'short@example.cz', password: 'short' } },
      company.token,
    );
    expect(short.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    const updated = await app.graphql(
      'mutation($id: ID!) { updateUser(id: $id, input: { role: ADMIN }) { role permissions { payments } } }',
      { id: created.body.data.createUser.id },
      company.token,
    );
    expect(updated.body.data.updateUser).to.deep.equal({ role: 'ADMIN', permissions: { payments: 'write' } });
    const one = await app.graphql(
      'query($id: ID!) { user(id: $id) { email role } }',
      { id: created.body.data.createUser.id },
      company.token,
    );
    expect(one.body.data.user).to.deep.equal({ email: 'gql-user@example.cz', role: 'ADMIN' });
    const stranger = await app.graphql(
      'query($id: ID!) { user(id: $id) { email } }',
      { id: '00000000-0000-4000-8000-000000000000' },
      company.token,
    );
    expect(stranger.body.errors[0].extensions.code).to.equal('NOT_FOUND');
    const users = await app.graphql('{ users { data { email } nextCursor } }', {}, company.token);
    expect(users.body.data.users.data.map((u: { email: string }) => u.email)).to.include('gql-user@example.cz');
  });

  it('carries the domain code in extensions.code for missing access and missing credentials', async () => {
    const member = await makeUser(app, company);
    const forbidden = await app.graphql('mutation { createApiKey(name: "x") { id } }', {}, member.token);
    expect(forbidden.body.errors[0].extensions.code).to.equal('FORBIDDEN');
    const scope = await app.graphql('mutation { updateOrganization(name: "x") { id } }', {}, member.token);
    expect(scope.body.errors[0].message).to.equal('This credential lacks the scope company_settings:write');
    const anonymous = await app.graphql('{ organization { id } }');
    expect(anonymous.body.errors[0].extensions.code).to.equal('UNAUTHORIZED');
    const { key } = await makeApiKey(app, company);
    const keyOnSessionField = await app.graphql('{ me { user { id } } }', {}, key);
    expect(keyOnSessionField.body.errors[0].extensions.code).to.equal('FORBIDDEN');
    const badToken = await app.graphql('{ organization { id } }', {}, `fk_${'0'.repeat(64)}`);
    expect(badToken.status).to.equal(401);
  });

  it('keeps the committed schema.graphql equal to the generated schema (run `npm run schema`)', async () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).to.equal(await generateSchemaText());
  });
});
