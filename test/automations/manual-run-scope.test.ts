import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAutomation, manualRun } from '../helpers/automations';
import { getDocument, makeCompany, makeDocument, makeUser, type Company } from '../helpers/fixtures';
import { obtainTokens, registerApp } from '../oauth/oauth.helpers';

/** Issue 23 point 5: a manual run acts only on a document its caller could read itself. */
describe('automations: a manual run acts only on a document the caller can read', () => {
  let app: TestApp;
  let company: Company;
  let sales: string;
  let support: string;
  let rule: { id: string };
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    support = (await app.post('/api/v1/departments', { name: 'Support' }, company.token)).body.id;
    rule = await makeAutomation(app, company.token, {
      triggerType: 'MANUAL',
      triggerEvent: undefined,
      actions: [{ type: 'ADD_TAG', params: { tag: 'touched' } }],
    });
  });
  after(() => app.stop());

  const run = (token: string, documentId: string) =>
    app.post(
      `/api/v1/automations/${rule.id}/run`,
      { context: { organizationId: company.organizationId, documentId } },
      token,
    );

  it('a MEMBER limited to one department: 404 for a document of another department, runs on its own', async () => {
    const member = await makeUser(app, company, {
      permissions: { documents: 'write', automations: 'write' },
      departmentIds: [sales],
    });
    const theirs = await makeDocument(app, company.token, { departmentId: support });
    const refused = await run(member.token, theirs.id);
    expect(refused.status, refused.text).to.equal(404);
    expect(refused.body.code).to.equal('NOT_FOUND');
    expect((await getDocument(app, company.token, theirs.id)).tags).to.deep.equal([]);

    const mine = await makeDocument(app, company.token, { departmentId: sales });
    const done = await manualRun(app, member.token, rule.id, {
      organizationId: company.organizationId,
      documentId: mine.id,
    });
    expect(done.status, JSON.stringify(done)).to.equal('COMPLETED');
    expect((await getDocument(app, company.token, mine.id)).tags).to.deep.equal(['touched']);
  });

  it('an OAuth app granted only automations:write: 404 for any document (REST and GraphQL)', async () => {
    const client = await registerApp(app, company, { scopes: ['automations:write'] });
    const token = (await obtainTokens(app, company, client)).access_token;
    const doc = await makeDocument(app, company.token);
    const refused = await run(token, doc.id);
    expect(refused.status, refused.text).to.equal(404);
    const gql = await app.graphql(
      'mutation($id: ID!, $context: JSONObject!) { runAutomation(id: $id, context: $context) { id } }',
      { id: rule.id, context: { organizationId: company.organizationId, documentId: doc.id } },
      token,
    );
    expect(gql.body.errors?.[0]?.extensions?.code, JSON.stringify(gql.body)).to.equal('NOT_FOUND');
    expect((await getDocument(app, company.token, doc.id)).tags).to.deep.equal([]);
    // Without a document the run goes ahead (its document actions fail inside the run record).
    const none = await manualRun(app, token, rule.id, { organizationId: company.organizationId });
    expect(none.status).to.equal('FAILED');
  });
});
