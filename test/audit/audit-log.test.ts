import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pino from 'pino';
import type { RequestContext } from '../../src/core/ctx';
import { Department, Organization } from '../../src/modules/identity/identity.module';
import { startTestApp, type TestApp } from '../helpers/app';
import { setClock } from '../helpers/controls';
import { type Company, makeApiKey, makeCompany, makeUser } from '../helpers/fixtures';
import { obtainTokens, registerApp } from '../oauth/oauth.helpers';

const UA = 'AuditReader/1.0 (test)';
const AT = '2026-03-02T09:15:00.000Z';

const ENTRY_FIELDS = `id createdAt action ip userAgent details
  actor { userId email kind credentialId } target { type id }`;

/** The GraphQL enum's name of an action: login.succeeded → LOGIN_SUCCEEDED. */
const enumName = (action: string) => action.toUpperCase().replace(/\./g, '_');

describe('Audit log (issue 23 point 9)', () => {
  let app: TestApp;
  let company: Company;
  let other: Company;
  const secrets: string[] = [];
  const ids: Record<string, string> = {};

  /** A request of the owner's session with a recognisable user agent. */
  const owner = (method: string, path: string, body?: unknown) =>
    app.request(method, path, { token: company.token, body, headers: { 'user-agent': UA } });

  const log = async (query = '', token = company.token) => {
    const res = await app.get(`/api/v1/audit-log${query}`, token);
    expect(res.status, res.text).to.equal(200);
    return res.body as { data: any[]; nextCursor: string | null };
  };

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    other = await makeCompany(app);
    await setClock(app, AT);

    const user = await owner('POST', '/api/v1/users', {
      email: 'eva@example.cz',
      password: 'a long password for eva',
      role: 'ADMIN',
    });
    expect(user.status, user.text).to.equal(201);
    ids.user = user.body.id;
    secrets.push('a long password for eva');
    expect((await owner('PATCH', `/api/v1/users/${ids.user}`, { role: 'MEMBER' })).status).to.equal(200);

    const key = await owner('POST', '/api/v1/api-keys', { name: 'Shoptet' });
    expect(key.status, key.text).to.equal(201);
    ids.apiKey = key.body.id;
    secrets.push(key.body.key);
    expect((await owner('DELETE', `/api/v1/api-keys/${ids.apiKey}`)).status).to.equal(204);

    const client = await registerApp(app, company, { name: 'Robot' });
    ids.application = client.id;
    secrets.push(client.clientSecret!);
    expect((await owner('PATCH', `/api/v1/oauth/applications/${client.id}`, { name: 'Robot 2' })).status).to.equal(200);
    const rotated = await owner('POST', `/api/v1/oauth/applications/${client.id}/rotate-secret`);
    expect(rotated.status, rotated.text).to.equal(200);
    secrets.push(rotated.body.clientSecret);

    const tokens = await obtainTokens(app, company, { ...client, clientSecret: rotated.body.clientSecret });
    secrets.push(tokens.access_token, tokens.refresh_token);
    const grants = await owner('GET', '/api/v1/oauth/grants');
    ids.consent = grants.body.data[0].id;
    expect((await owner('DELETE', `/api/v1/oauth/grants/${ids.consent}`)).status).to.equal(204);

    const hook = await owner('POST', '/api/v1/webhooks', {
      name: 'ERP',
      url: 'https://hooks.example.test/in',
      events: ['contact.created'],
    });
    expect(hook.status, hook.text).to.equal(201);
    ids.webhook = hook.body.id;
    secrets.push(hook.body.secret);
    expect((await owner('PUT', `/api/v1/webhooks/${ids.webhook}`, { isActive: false })).status).to.equal(200);
    expect((await owner('DELETE', `/api/v1/webhooks/${ids.webhook}`)).status).to.equal(204);

    // Another company's actions, which company's log must never show.
    await makeApiKey(app, other, 'theirs');
  });
  after(() => app.stop());

  it('records each action with time, actor, client address and target', async () => {
    const { data } = await log('?limit=200');
    const expected: [string, string, string][] = [
      ['user.created', 'user', ids.user],
      ['user.changed', 'user', ids.user],
      ['api_key.created', 'api_key', ids.apiKey],
      ['api_key.deleted', 'api_key', ids.apiKey],
      ['oauth_application.created', 'oauth_application', ids.application],
      ['oauth_application.changed', 'oauth_application', ids.application],
      ['oauth_application.secret_rotated', 'oauth_application', ids.application],
      ['oauth_consent.granted', 'oauth_consent', ids.consent],
      ['oauth_consent.revoked', 'oauth_consent', ids.consent],
      ['webhook_endpoint.created', 'webhook_endpoint', ids.webhook],
      ['webhook_endpoint.changed', 'webhook_endpoint', ids.webhook],
      ['webhook_endpoint.deleted', 'webhook_endpoint', ids.webhook],
    ];
    // Newest first: the log read backwards is the order the actions happened in.
    expect(
      [...data].reverse().map((e) => [e.action, e.target?.type, e.target?.id]),
      JSON.stringify(data, null, 1),
    ).to.deep.equal(expected);
    for (const entry of data) {
      expect(entry.createdAt.slice(0, 15), entry.action).to.equal(AT.slice(0, 15));
      expect(entry.actor, entry.action).to.deep.equal({
        userId: company.userId,
        email: company.email,
        kind: 'session',
        credentialId: null,
      });
      expect(entry.ip, entry.action).to.equal('127.0.0.1');
    }
    const byAction = Object.fromEntries(data.map((e) => [e.action, e]));
    for (const action of ['user.created', 'api_key.deleted', 'webhook_endpoint.changed'])
      expect(byAction[action].userAgent).to.equal(UA);
    expect(byAction['user.created'].details).to.deep.equal({ email: 'eva@example.cz', role: 'ADMIN' });
    expect(byAction['user.changed'].details).to.deep.equal({ changed: ['role'], role: 'MEMBER' });
    expect(byAction['api_key.created'].details).to.deep.equal({ name: 'Shoptet' });
    expect(byAction['webhook_endpoint.changed'].details).to.deep.equal({ changed: ['isActive'] });
    expect(byAction['oauth_consent.granted'].details.applicationId).to.equal(ids.application);
  });

  it('never shows a secret: keys, client secrets, tokens, webhook secrets, passwords', async () => {
    const text = JSON.stringify(await log('?limit=200'));
    expect(secrets).to.have.length(7);
    for (const secret of secrets) expect(text).not.to.include(secret);
  });

  it('pages newest first with limit and cursor', async () => {
    const all = (await log('?limit=200')).data;
    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: any[]; nextCursor: string | null } = await log(
        `?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.data.length).to.be.at.most(5);
      seen.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).to.deep.equal(all);
    const times = all.map((e) => e.createdAt);
    expect(times).to.deep.equal([...times].sort().reverse());
    expect((await app.get('/api/v1/audit-log?cursor=nonsense', company.token)).status).to.equal(400);
  });

  it('filters by action, person and time', async () => {
    const created = await log('?action=api_key.created');
    expect(created.data.map((e) => e.target.id)).to.deep.equal([ids.apiKey]);

    const admin = await makeUser(app, company, { role: 'ADMIN' });
    await setClock(app, '2026-03-02T11:00:00.000Z');
    const key = await makeApiKey(app, { ...company, token: admin.token }, 'by admin');
    const byAdmin = await log(`?userId=${admin.id}`);
    expect(byAdmin.data.map((e) => [e.action, e.target?.id ?? null, e.actor.email])).to.deep.equal([
      ['api_key.created', key.id, admin.email],
      ['login.succeeded', null, admin.email],
    ]);
    const later = await log(`?from=${encodeURIComponent('2026-03-02T10:30:00Z')}`);
    expect(later.data.map((e) => e.target.id)).to.deep.equal([key.id]);
    const earlier = await log(`?to=${encodeURIComponent('2026-03-02T10:30:00Z')}&action=api_key.created`);
    expect(earlier.data.map((e) => e.target.id)).to.deep.equal([ids.apiKey]);

    for (const bad of ['?action=login.bogus', '?userId=not-a-uuid', '?from=yesterday', '?limit=0']) {
      const res = await app.get(`/api/v1/audit-log${bad}`, company.token);
      expect(res.status, bad).to.equal(400);
      expect(res.body.code, bad).to.equal('VALIDATION_FAILED');
    }
  });

  it('is read by OWNER and ADMIN sessions only: MEMBER, API key and other companies see nothing', async () => {
    const member = await makeUser(app, company, { role: 'MEMBER', permissions: { company_settings: 'write' } });
    expect((await app.get('/api/v1/audit-log', member.token)).status).to.equal(403);
    const key = await makeApiKey(app, company, 'reader');
    expect((await app.get('/api/v1/audit-log', key.key)).status).to.equal(403);
    expect((await app.get('/api/v1/audit-log')).status).to.equal(401);
    const gql = await app.graphql(`{ auditLog { data { id } } }`, {}, member.token);
    expect(gql.body.errors[0].extensions.code).to.equal('FORBIDDEN');

    const theirs = await log('?limit=200', other.token);
    expect(theirs.data.map((e) => [e.action, e.actor.userId])).to.deep.equal([['api_key.created', other.userId]]);
    const ours = JSON.stringify(await log('?limit=200'));
    expect(ours).not.to.include(other.userId);
    // Naming another company's person as the filter finds nothing either.
    expect((await log(`?userId=${other.userId}`)).data).to.deep.equal([]);
  });

  it('names the credential when an API key acts', async () => {
    const key = await makeApiKey(app, company, 'robot');
    const hook = await app.post(
      '/api/v1/webhooks',
      { name: 'by key', url: 'https://hooks.example.test/k', events: ['contact.created'] },
      key.key,
    );
    expect(hook.status, hook.text).to.equal(201);
    const [entry] = (await log('?action=webhook_endpoint.created&limit=1')).data;
    expect(entry.target).to.deep.equal({ type: 'webhook_endpoint', id: hook.body.id });
    expect(entry.actor).to.deep.equal({ userId: null, email: null, kind: 'apiKey', credentialId: key.id });
    expect(JSON.stringify(entry)).not.to.include(hook.body.secret);
  });

  it('answers the same in GraphQL', async () => {
    const rest = await log('?limit=200&action=oauth_application.changed');
    const gql = await app.graphql(
      `query ($action: AuditAction) { auditLog(action: $action, limit: 200) { data { ${ENTRY_FIELDS} } nextCursor } }`,
      { action: enumName('oauth_application.changed') },
      company.token,
    );
    expect(gql.body.errors, JSON.stringify(gql.body.errors)).to.equal(undefined);
    const asRest = gql.body.data.auditLog.data.map((e: any) => ({ ...e, action: rest.data[0].action }));
    expect(gql.body.data.auditLog.data.map((e: any) => e.action)).to.deep.equal(['OAUTH_APPLICATION_CHANGED']);
    expect({ data: asRest, nextCursor: gql.body.data.auditLog.nextCursor }).to.deep.equal(rest);

    const all = await log('?limit=200');
    const everything = await app.graphql(`{ auditLog(limit: 200) { data { id action } } }`, {}, company.token);
    expect(everything.body.data.auditLog.data).to.deep.equal(
      all.data.map((e) => ({ id: e.id, action: enumName(e.action) })),
    );
  });
  it('commits an entry with its change and neither without the other (flushWith)', async () => {
    const { audit, orm } = app.app.container;
    const contextWith = (): RequestContext => ({
      em: orm.em.fork(),
      principal: null,
      requestId: 'audit-test',
      log: pino({ level: 'silent' }),
      client: { ip: '10.1.2.3', userAgent: 'audit-test' },
    });
    const department = (ctx: RequestContext, organizationId: string, name: string) =>
      ctx.em.create(Department, {
        id: randomUUID(),
        organization: ctx.em.getReference(Organization, organizationId),
        name,
        createdAt: new Date(),
      });
    const entry = (details: Record<string, string>) => ({
      action: 'user.changed' as const,
      organizationIds: [company.organizationId],
      actorUserId: company.userId,
      details,
    });
    const stored = async (name: string) => ({
      departments: (await app.get('/api/v1/departments?limit=200', company.token)).body.data.filter(
        (d: any) => d.name === name,
      ).length,
      entries: (await log('?action=user.changed&limit=200')).data.filter((e) => e.details.probe === name).length,
    });

    // The change fails (no such organization): the entry written before it is rolled back too.
    const ghost = contextWith();
    department(ghost, randomUUID(), 'ghost');
    let failed = false;
    await audit.flushWith(ghost, entry({ probe: 'ghost' })).catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(await stored('ghost')).to.deep.equal({ departments: 0, entries: 0 });

    // The entry is refused (a secret-like detail): the change is not kept either.
    const refused = contextWith();
    department(refused, company.organizationId, 'refused');
    await audit.flushWith(refused, entry({ probe: 'refused', token: 'x' })).catch(() => undefined);
    expect(await stored('refused')).to.deep.equal({ departments: 0, entries: 0 });

    const kept = contextWith();
    department(kept, company.organizationId, 'kept');
    await audit.flushWith(kept, entry({ probe: 'kept' }));
    expect(await stored('kept')).to.deep.equal({ departments: 1, entries: 1 });
  });
});
