import { expect } from 'chai';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../src/core/access';
import { OrganizationHeaderNotAllowed, UnauthorizedError } from '../../src/core/errors';
import { Authenticator, type CredentialVerifier, type RequestArea } from '../../src/core/http/authenticator';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, UNAUTHORIZED_BODY } from '../helpers/fixtures';

describe('authentication middleware', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  const hex64 = 'a'.repeat(64);

  it('gives every failure the same 401 body', async () => {
    const company = await makeCompany(app);
    const tampered = company.token.slice(0, -3) + (company.token.endsWith('abc') ? 'xyz' : 'abc');
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic Zm9vOmJhcg==' },
      { authorization: 'Bearer garbage' },
      { authorization: `Bearer fk_${hex64}` },
      { authorization: `Bearer fk_short` },
      { authorization: `Bearer fat_${hex64}` },
      { authorization: `Bearer pos_${hex64}` },
      { authorization: `Bearer ${tampered}` },
      { cookie: 'session=not-a-jwt' },
    ];
    for (const headers of cases) {
      const res = await app.request('GET', '/api/v1/organization', { headers });
      expect(res.status, JSON.stringify(headers)).to.equal(401);
      expect(res.body, JSON.stringify(headers)).to.deep.equal(UNAUTHORIZED_BODY);
    }
  });

  it('rejects a valid-looking POS device token outside /api/pos', async () => {
    const res = await app.get('/api/v1/auth/me', `pos_${hex64}`);
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.equal(UNAUTHORIZED_BODY);
  });

  it('rejects an OAuth access token sent with X-Organization-Id (400)', async () => {
    const res = await app.request('GET', '/api/v1/organization', {
      token: `fat_${hex64}`,
      headers: { 'x-organization-id': '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('ORGANIZATION_HEADER_NOT_ALLOWED');
  });

  it('authenticates API keys, bearer sessions and session cookies on the same route', async () => {
    const company = await makeCompany(app);
    const { key } = await makeApiKey(app, company);
    for (const res of [
      await app.get('/api/v1/organization', key),
      await app.get('/api/v1/organization', company.token),
      await app.request('GET', '/api/v1/organization', { headers: { cookie: `session=${company.token}` } }),
    ]) {
      expect(res.status).to.equal(200);
      expect(res.body.id).to.equal(company.organizationId);
    }
  });

  it('declares access on every route', () => {
    for (const route of app.app.routes)
      expect(route.access, `${route.method} ${route.path}`).to.be.a('string').and.not.equal('');
    const undeclared = app.app.routes.filter((r) => r.path.startsWith('/api/v1/') && r.access === 'public');
    const publicPaths = undeclared.map((r) => `${r.method} ${r.path}`);
    // Public API routes are the deliberate exceptions; anything else must name its access. An export's
    // file link is signed (HMAC, 24 hours) in place of a credential.
    for (const p of publicPaths)
      expect(p).to.match(/auth\/(signup|login)|oauth|openapi|public|exports\/:id\/file$|gateway\/stripe\/webhook$/);
  });

  it('accepts each credential kind only in the area its module declares; the area comes from the router', async () => {
    const principal = (kind: Principal['kind']) => ({ kind }) as Principal;
    const verifier = (kind: Principal['kind']): CredentialVerifier => ({
      verify: () => Promise.resolve(principal(kind)),
    });
    // Kinds no module has: core knows no prefix and no area of its own.
    const authenticator = new Authenticator([
      { prefix: 'reg_', area: 'pos', verifier: verifier('pos') },
      { prefix: 'key_', area: 'api', verifier: verifier('apiKey') },
      { prefix: 'tok_', area: 'api', refusesOrganizationHeader: true, verifier: verifier('oauth') },
      { prefix: 'ses_', area: 'api', verifier: verifier('session') },
    ]);
    const em = {} as EntityManager;
    const outcome = async (token: string, area: RequestArea, organizationId: string | null = null) => {
      try {
        return (await authenticator.authenticate(em, { token, organizationId }, area)).kind;
      } catch (err) {
        if (err instanceof UnauthorizedError) return 401;
        if (err instanceof OrganizationHeaderNotAllowed) return 400;
        throw err;
      }
    };
    const org = '00000000-0000-4000-8000-000000000000';
    expect([await outcome('reg_x', 'pos'), await outcome('reg_x', 'api')]).to.deep.equal(['pos', 401]);
    expect([await outcome('key_x', 'api'), await outcome('key_x', 'pos')]).to.deep.equal(['apiKey', 401]);
    expect([await outcome('key_x', 'api', org), await outcome('tok_x', 'api')]).to.deep.equal(['apiKey', 'oauth']);
    expect([await outcome('tok_x', 'api', org), await outcome('tok_x', 'pos', org)]).to.deep.equal([400, 401]);
    expect([await outcome('ses_x', 'api'), await outcome('ses_x', 'pos')]).to.deep.equal(['session', 401]);
    // Anything without a declared prefix is refused in every area (a JWT-shaped token too).
    expect([await outcome('eyJhbGciOi.x.y', 'api'), await outcome('eyJhbGciOi.x.y', 'pos')]).to.deep.equal([401, 401]);
    expect(await outcome(`zz_${'a'.repeat(64)}`, 'api')).to.equal(401);
  });
});
