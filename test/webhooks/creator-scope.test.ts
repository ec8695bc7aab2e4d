import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, makeContact, makeDocument, makeUser, type Company } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { makeWebhook, settleWebhooks } from '../helpers/webhooks';
import { obtainTokens, registerApp } from '../oauth/oauth.helpers';

/** Issue 23 point 5: an endpoint receives only what the credential that configured it may read, while it may. */
describe('webhooks: limited to what their creator may read', () => {
  let app: TestApp;
  let company: Company;
  let sales: string;
  let support: string;
  const receivers: Receiver[] = [];
  const receiver = async () => {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  };
  /** The document ids a receiver got, in order. */
  const idsAt = (r: Receiver) => r.received.map((x) => (JSON.parse(x.body) as { data: { id: string } }).data.id);

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    support = (await app.post('/api/v1/departments', { name: 'Support' }, company.token)).body.id;
  });
  after(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await app?.stop();
  });

  it('an OAuth app granted only automations:write cannot list events of sections it cannot read (403 naming the scope)', async () => {
    const client = await registerApp(app, company, { scopes: ['automations:write'] });
    const token = (await obtainTokens(app, company, client)).access_token;
    const refusals: [string[], string][] = [
      [['document.created'], 'documents:read'],
      [['custom.thing', 'contact.created'], 'contacts:read'],
      [['product.updated'], 'documents:read'],
      [['payment.matched'], 'payments:read'],
      [['cost.created'], 'costs:read'],
    ];
    for (const [events, scope] of refusals) {
      const res = await app.post(
        '/api/v1/webhooks',
        { name: 'x', url: 'https://hooks.example.test/in', events },
        token,
      );
      expect(res.status, `${events.join()}: ${res.text}`).to.equal(403);
      expect(res.body.code).to.equal('FORBIDDEN');
      expect(res.body.message).to.contain(scope);
      expect(res.body.details).to.deep.equal({ requiredScope: scope });
    }
    // Custom names need automations:write only; automation.* needs automations:read, which write includes.
    const ok = await makeWebhook(app, token, { events: ['custom.thing', 'automation.finished'] });
    const put = await app.put(`/api/v1/webhooks/${ok.id}`, { events: ['document.paid'] }, token);
    expect(put.status).to.equal(403);
    expect(put.body.message).to.contain('documents:read');
    const gql = await app.graphql(
      'mutation { createWebhook(input: { name: "x", url: "https://hooks.example.test/in", events: ["contact.created"] }) { id } }',
      {},
      token,
    );
    expect(gql.body.errors?.[0]?.extensions?.code, JSON.stringify(gql.body)).to.equal('FORBIDDEN');
  });

  it('a MEMBER limited to one department receives document events only of its department', async () => {
    const member = await makeUser(app, company, {
      permissions: { documents: 'read', automations: 'write' },
      departmentIds: [sales],
    });
    const r = await receiver();
    await makeWebhook(app, member.token, { url: r.url, events: ['document.created'] });
    const owners = await receiver();
    await makeWebhook(app, company.token, { url: owners.url, events: ['document.created'] });
    const byKey = await receiver();
    await makeWebhook(app, (await makeApiKey(app, company)).key, { url: byKey.url, events: ['document.created'] });
    const inSales = await makeDocument(app, company.token, { departmentId: sales });
    const inSupport = await makeDocument(app, company.token, { departmentId: support });
    const none = await makeDocument(app, company.token);
    await settleWebhooks(app);
    expect(idsAt(r)).to.deep.equal([inSales.id]);
    // Sent up to 16 at a time: the order of arrival is not the point here.
    expect(idsAt(owners)).to.have.members([inSales.id, inSupport.id, none.id]);
    expect(idsAt(byKey)).to.have.members([inSales.id, inSupport.id, none.id]);

    // Access is read when the event fans out: documents taken away, nothing more arrives.
    const lowered = await app.patch(
      `/api/v1/users/${member.id}`,
      { permissions: { documents: 'none' } },
      company.token,
    );
    expect(lowered.status, lowered.text).to.equal(200);
    await makeDocument(app, company.token, { departmentId: sales });
    await settleWebhooks(app);
    expect(idsAt(r)).to.deep.equal([inSales.id]);
  });

  it('deliveries stop once the OAuth consent is revoked', async () => {
    const client = await registerApp(app, company, { scopes: ['documents:read', 'automations:write'] });
    const token = (await obtainTokens(app, company, client)).access_token;
    const r = await receiver();
    await makeWebhook(app, token, { url: r.url, events: ['document.created'] });
    const before = await makeDocument(app, company.token);
    await settleWebhooks(app);
    expect(idsAt(r)).to.deep.equal([before.id]);
    const grants = (await app.get('/api/v1/oauth/grants', company.token)).body.data;
    const grant = grants.find((g: any) => g.application.id === client.id);
    expect((await app.del(`/api/v1/oauth/grants/${grant.id}`, company.token)).status).to.equal(204);
    await makeDocument(app, company.token);
    await settleWebhooks(app);
    expect(idsAt(r)).to.deep.equal([before.id]);
  });

  it('deliveries stop once the API key is deleted, or the person is no longer a member', async () => {
    const key = await makeApiKey(app, company);
    const byKey = await receiver();
    await makeWebhook(app, key.key, { url: byKey.url, events: ['contact.created'] });
    const member = await makeUser(app, company, { permissions: { contacts: 'read', automations: 'write' } });
    const byMember = await receiver();
    await makeWebhook(app, member.token, { url: byMember.url, events: ['contact.created'] });
    const first = await makeContact(app, company.token);
    await settleWebhooks(app);
    expect(idsAt(byKey)).to.deep.equal([first.id]);
    expect(idsAt(byMember)).to.deep.equal([first.id]);

    expect((await app.del(`/api/v1/api-keys/${key.id}`, company.token)).status).to.equal(204);
    // Whatever removes a person from the company removes the membership (DELETE /users/:id): the fan-out reads it.
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query('DELETE FROM memberships WHERE user_id = $1', [member.id]);
    } finally {
      await db.end();
    }
    await makeContact(app, company.token);
    await settleWebhooks(app);
    expect(idsAt(byKey)).to.deep.equal([first.id]);
    expect(idsAt(byMember)).to.deep.equal([first.id]);
  });

  it('an API key limited to contacts cannot list document events', async () => {
    const res = await app.post(
      '/api/v1/api-keys',
      { name: 'c', permissions: { contacts: 'read', automations: 'write' } },
      company.token,
    );
    expect(res.status, res.text).to.equal(201);
    const refused = await app.post(
      '/api/v1/webhooks',
      { name: 'x', url: 'https://hooks.example.test/in', events: ['document.created'] },
      res.body.key,
    );
    expect(refused.status).to.equal(403);
    expect(refused.body.details).to.deep.equal({ requiredScope: 'documents:read' });
    await makeWebhook(app, res.body.key, { events: ['contact.created', 'custom.x'] });
  });
});
