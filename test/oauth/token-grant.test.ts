import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { type Company, makeCompany, UNAUTHORIZED_BODY } from '../helpers/fixtures';
import {
  authorizeQuery,
  basic,
  consent,
  obtainTokens,
  pkcePair,
  protocolPost,
  registerApp,
  type RegisteredApp,
  tokenRequest,
} from './oauth.helpers';

const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description: 'The authorization code or refresh token is invalid, expired or already used',
};

/** SPEC 3 grant lifecycle: codes, refresh rotation, reuse detection, revocation, expiry. */
describe('oauth: authorization code and refresh token grants', () => {
  let app: TestApp;
  let company: Company;
  let client: RegisteredApp;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    client = await registerApp(app, company);
  });
  after(() => app.stop());
  // Expiry tests move the clock by weeks; a fresh session keeps the owner logged in.
  beforeEach(async () => {
    company.token = (
      await app.post('/api/v1/auth/login', { email: company.email, password: company.password })
    ).body.token;
  });

  async function codeFor(c: RegisteredApp = client, extra: Record<string, string> = {}): Promise<string> {
    const back = await consent(app, company.token, authorizeQuery(c, extra));
    return back.get('code')!;
  }
  const exchange = (code: string, extra: Record<string, string | undefined> = {}, authorization?: string) =>
    tokenRequest(
      app,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        ...extra,
      },
      authorization,
    );
  const refresh = (refreshToken: string, extra: Record<string, string | undefined> = {}) =>
    tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      ...extra,
    });
  const organization = (token: string) => app.get('/api/v1/organization', token);

  it('exchanges a code once for a token response with no-store', async () => {
    const res = await exchange(await codeFor());
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(res.body).to.have.all.keys('access_token', 'token_type', 'expires_in', 'refresh_token', 'scope');
    expect(res.body.access_token).to.match(/^fat_[0-9a-f]{64}$/);
    expect(res.body.refresh_token).to.match(/^frt_[0-9a-f]{64}$/);
    expect(res.body).to.include({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'documents:read contacts:read contacts:write',
    });
    expect((await organization(res.body.access_token)).body).to.deep.equal({
      id: company.organizationId,
      name: 'Acme s.r.o.',
      plan: 'FREE',
    });
  });

  it('authenticates the client by HTTP Basic with form-urlencoded credentials', async () => {
    const res = await exchange(
      await codeFor(),
      { client_id: undefined, client_secret: undefined },
      basic(client.clientId, client.clientSecret!),
    );
    expect(res.status, res.text).to.equal(200);
  });

  it('a second exchange of a code revokes the whole consent, including the first tokens', async () => {
    const code = await codeFor();
    const first = await exchange(code);
    expect(first.status).to.equal(200);
    const replay = await exchange(code);
    expect(replay.status).to.equal(400);
    expect(replay.body).to.deep.equal(INVALID_GRANT);
    expect(replay.headers.get('cache-control')).to.equal('no-store');
    const api = await organization(first.body.access_token);
    expect(api.status).to.equal(401);
    expect(api.body).to.deep.equal(UNAUTHORIZED_BODY);
    expect((await refresh(first.body.refresh_token)).body).to.deep.equal(INVALID_GRANT);
    expect((await app.get('/api/v1/oauth/grants', company.token)).body.data).to.deep.equal([]);
  });

  it('a replay that fails the client, redirect_uri or PKCE checks does not revoke the consent', async () => {
    const other = await registerApp(app, company, { name: 'Other' });
    const pkce = pkcePair();
    const code = await codeFor(client, { code_challenge: pkce.challenge, code_challenge_method: 'S256' });
    const first = await exchange(code, { code_verifier: pkce.verifier });
    expect(first.status, first.text).to.equal(200);
    const wrongRedirect = await exchange(code, {
      code_verifier: pkce.verifier,
      redirect_uri: 'http://127.0.0.1:9/other',
    });
    expect(wrongRedirect.body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'redirect_uri does not match the authorization request',
    });
    const wrongVerifier = await exchange(code, { code_verifier: pkcePair().verifier });
    expect(wrongVerifier.body).to.deep.equal({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code_challenge',
    });
    const noVerifier = await exchange(code);
    expect(noVerifier.body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'Missing parameter code_verifier',
    });
    const otherClient = await exchange(code, {
      code_verifier: pkce.verifier,
      client_id: other.clientId,
      client_secret: other.clientSecret,
    });
    expect(otherClient.body).to.deep.equal(INVALID_GRANT);
    const wrongSecret = await exchange(code, { code_verifier: pkce.verifier, client_secret: 'fcs_' + '0'.repeat(64) });
    expect(wrongSecret.status).to.equal(401);
    expect((await organization(first.body.access_token)).status).to.equal(200);
  });

  it('codes expire after 10 minutes (by the clock) and expired codes do not revoke', async () => {
    const code = await codeFor();
    await advanceClock(app, 601);
    expect((await exchange(code)).body).to.deep.equal(INVALID_GRANT);
    const fresh = await exchange(await codeFor());
    await advanceClock(app, 599);
    expect(fresh.status).to.equal(200);
  });

  it('a code 599 seconds old is still accepted', async () => {
    const code = await codeFor();
    await advanceClock(app, 599);
    expect((await exchange(code)).status).to.equal(200);
  });

  it('refresh rotates the pair: the old access and refresh tokens die at once', async () => {
    const first = (await exchange(await codeFor())).body;
    const res = await refresh(first.refresh_token);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(res.body).to.include({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'documents:read contacts:read contacts:write',
    });
    expect(res.body.refresh_token).to.not.equal(first.refresh_token);
    expect((await organization(first.access_token)).status).to.equal(401);
    expect((await organization(res.body.access_token)).status).to.equal(200);
  });

  it('reusing a rotated refresh token revokes the whole consent', async () => {
    const first = (await exchange(await codeFor())).body;
    const second = (await refresh(first.refresh_token)).body;
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).to.equal(400);
    expect(reuse.body).to.deep.equal(INVALID_GRANT);
    expect((await organization(second.access_token)).status).to.equal(401);
    expect((await refresh(second.refresh_token)).body).to.deep.equal(INVALID_GRANT);
    // The user must grant again: a new consent works.
    expect((await exchange(await codeFor())).status).to.equal(200);
  });

  it('parallel refreshes of one refresh token: exactly one succeeds, then the consent is revoked (reuse of a rotated token)', async () => {
    const first = (await exchange(await codeFor())).body;
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(first.refresh_token)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok, results.map((r) => r.text).join('\n')).to.have.length(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).to.deep.equal(INVALID_GRANT);
    // Lifecycle table: the losers used an already rotated token, so the whole consent is revoked.
    expect((await organization(ok[0].body.access_token)).status).to.equal(401);
    expect((await refresh(ok[0].body.refresh_token)).body).to.deep.equal(INVALID_GRANT);
    expect((await app.get('/api/v1/oauth/grants', company.token)).body.data).to.deep.equal([]);
  });

  it('parallel exchanges of one code: exactly one succeeds and the consent ends revoked', async () => {
    const code = await codeFor();
    const results = await Promise.all(Array.from({ length: 6 }, () => exchange(code)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).to.have.length(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).to.deep.equal(INVALID_GRANT);
    expect((await organization(ok[0].body.access_token)).status).to.equal(401);
  });

  it('access tokens live 3600 s and refresh tokens 30 days, each rotation giving fresh 30 days', async () => {
    const first = (await exchange(await codeFor())).body;
    await advanceClock(app, 3599);
    expect((await organization(first.access_token)).status).to.equal(200);
    await advanceClock(app, 2);
    const expired = await organization(first.access_token);
    expect(expired.status).to.equal(401);
    expect(expired.body).to.deep.equal(UNAUTHORIZED_BODY);
    await advanceClock(app, 30 * 86400 - 3601 - 10);
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status, rotated.text).to.equal(200);
    await advanceClock(app, 29 * 86400);
    const again = await refresh(rotated.body.refresh_token);
    expect(again.status, again.text).to.equal(200);
    await advanceClock(app, 30 * 86400 + 1);
    expect((await refresh(again.body.refresh_token)).body).to.deep.equal(INVALID_GRANT);
  });

  it('refresh scope is clipped to the current consent; a narrower scope may be asked for, a wider one is invalid_scope', async () => {
    const first = (await exchange(await codeFor())).body;
    // The user consents again with less: the consent now holds only contacts:read.
    await consent(app, company.token, authorizeQuery(client), 'allow', ['contacts:read']);
    const clipped = await refresh(first.refresh_token);
    expect(clipped.status, clipped.text).to.equal(200);
    expect(clipped.body.scope).to.equal('contacts:read');
    const me = await app.get('/api/v1/oauth/me', clipped.body.access_token);
    expect(me.body.scope).to.equal('contacts:read');
    const wider = await refresh(clipped.body.refresh_token, { scope: 'contacts:read documents:read' });
    expect(wider.body).to.deep.equal({
      error: 'invalid_scope',
      error_description: 'The requested scope exceeds the scope of the refresh token',
    });
  });

  it('the revoke endpoint always answers 200 and ends every token of the consent', async () => {
    const first = (await exchange(await codeFor())).body;
    const second = (await refresh(first.refresh_token)).body;
    const revoke = (token: string, auth?: string) =>
      protocolPost(
        app,
        '/api/v1/oauth/revoke',
        auth ? { token } : { token, client_id: client.clientId, client_secret: client.clientSecret },
        auth,
      );
    for (const unknown of ['fat_' + '1'.repeat(64), 'frt_nope', 'whatever']) {
      const res = await revoke(unknown);
      expect(res.status).to.equal(200);
    }
    expect((await organization(second.access_token)).status).to.equal(200);
    const res = await revoke(second.access_token, basic(client.clientId, client.clientSecret!));
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect((await organization(second.access_token)).status).to.equal(401);
    expect((await refresh(second.refresh_token)).body).to.deep.equal(INVALID_GRANT);
    expect((await revoke(second.refresh_token)).status).to.equal(200);

    // Revoking by the refresh token works the same way.
    const third = (await exchange(await codeFor())).body;
    expect((await revoke(third.refresh_token)).status).to.equal(200);
    expect((await organization(third.access_token)).status).to.equal(401);
  });

  it('another client cannot revoke tokens it does not own (still 200)', async () => {
    const other = await registerApp(app, company, { name: 'Other' });
    const tokens = (await exchange(await codeFor())).body;
    const res = await protocolPost(app, '/api/v1/oauth/revoke', {
      token: tokens.access_token,
      client_id: other.clientId,
      client_secret: other.clientSecret,
    });
    expect(res.status).to.equal(200);
    expect((await organization(tokens.access_token)).status).to.equal(200);
  });

  it('secret rotation: the old secret is invalid_client at once, issued access tokens keep working', async () => {
    const mine = await registerApp(app, company, { name: 'Rotating' });
    const tokens = await obtainTokens(app, company, mine);
    const rotated = await app.post(`/api/v1/oauth/applications/${mine.id}/rotate-secret`, {}, company.token);
    expect(rotated.status).to.equal(200);
    expect(rotated.body.clientSecret).to.match(/^fcs_[0-9a-f]{64}$/);
    const old = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: mine.clientId,
      client_secret: mine.clientSecret,
    });
    expect(old.status).to.equal(401);
    expect(old.body).to.deep.equal({ error: 'invalid_client', error_description: 'Client authentication failed' });
    expect((await organization(tokens.access_token)).status).to.equal(200);
    const renewed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: mine.clientId,
      client_secret: rotated.body.clientSecret,
    });
    expect(renewed.status, renewed.text).to.equal(200);
  });

  it('user revocation in settings: every token of the consent answers 401 at once', async () => {
    const tokens = (await exchange(await codeFor())).body;
    const grants = await app.get('/api/v1/oauth/grants', company.token);
    const mine = grants.body.data.filter((g: any) => g.application.id === client.id);
    expect(mine).to.have.length(1);
    expect(mine[0].application).to.deep.equal({
      id: client.id,
      name: 'Účetní robot',
      description: 'Syncs invoices to the books',
      clientId: client.clientId,
    });
    expect(mine[0].scopes).to.deep.equal(['documents:read', 'contacts:read', 'contacts:write']);
    expect((await app.del(`/api/v1/oauth/grants/${mine[0].id}`, company.token)).status).to.equal(204);
    expect((await organization(tokens.access_token)).body).to.deep.equal(UNAUTHORIZED_BODY);
    expect((await refresh(tokens.refresh_token)).body).to.deep.equal(INVALID_GRANT);
    expect((await app.del(`/api/v1/oauth/grants/${mine[0].id}`, company.token)).status).to.equal(404);
    expect(
      (await app.get('/api/v1/oauth/grants', company.token)).body.data.map((g: any) => g.application.id),
    ).to.not.include(client.id);
  });

  it('a disabled application: its tokens answer 401, its client fails invalid_client; enabling again restores them', async () => {
    const tokens = (await exchange(await codeFor())).body;
    expect(
      (await app.patch(`/api/v1/oauth/applications/${client.id}`, { disabled: true }, company.token)).status,
    ).to.equal(200);
    expect((await organization(tokens.access_token)).body).to.deep.equal(UNAUTHORIZED_BODY);
    const res = await refresh(tokens.refresh_token);
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('invalid_client');
    expect(
      (await app.patch(`/api/v1/oauth/applications/${client.id}`, { disabled: false }, company.token)).status,
    ).to.equal(200);
    expect((await organization(tokens.access_token)).status).to.equal(200);
  });

  it('a daily job purges codes and token pairs a day after they expired, keeping live ones', async () => {
    const count = async (table: string) =>
      (await app.app.container.orm.em.fork().execute<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
    await exchange(await codeFor());
    expect(await count('oauth_codes')).to.be.greaterThan(0);
    await advanceClock(app, 32 * 86400);
    company.token = (
      await app.post('/api/v1/auth/login', { email: company.email, password: company.password })
    ).body.token;
    const live = (await exchange(await codeFor())).body;
    const ran = await app.post('/api/test/jobs/run-due', {});
    expect(ran.status).to.equal(200);
    expect(await count('oauth_codes')).to.equal(1);
    expect(await count('oauth_tokens')).to.equal(1);
    expect((await refresh(live.refresh_token)).status).to.equal(200);
  });
});
