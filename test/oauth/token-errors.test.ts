import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany } from '../helpers/fixtures';
import {
  authorizeQuery,
  basic,
  consent,
  pkcePair,
  protocolPost,
  registerApp,
  type RegisteredApp,
  tokenRequest,
} from './oauth.helpers';

const INVALID_CLIENT = { error: 'invalid_client', error_description: 'Client authentication failed' };
const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description: 'The authorization code or refresh token is invalid, expired or already used',
};

/** SPEC 7.1 at the token endpoint, exact bodies; public clients with PKCE S256 and plain. */
describe('oauth: token endpoint errors and PKCE', () => {
  let app: TestApp;
  let company: Company;
  let confidential: RegisteredApp;
  let publicClient: RegisteredApp;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    confidential = await registerApp(app, company);
    publicClient = await registerApp(app, company, {
      name: 'Mobile',
      confidential: false,
      redirectUris: ['http://localhost:8765/cb'],
    });
  });
  after(() => app.stop());

  async function publicCode(method: 'S256' | 'plain'): Promise<{ code: string; verifier: string }> {
    const pkce = pkcePair();
    const challenge = method === 'S256' ? pkce.challenge : pkce.verifier;
    const back = await consent(
      app,
      company.token,
      authorizeQuery(publicClient, { code_challenge: challenge, code_challenge_method: method }),
    );
    return { code: back.get('code')!, verifier: pkce.verifier };
  }
  const publicExchange = (code: string, extra: Record<string, string | undefined> = {}) =>
    tokenRequest(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: publicClient.redirectUri,
      client_id: publicClient.clientId,
      ...extra,
    });

  it('a public client has no secret and exchanges its code with PKCE S256, then refreshes without a secret', async () => {
    expect(publicClient.clientSecret).to.equal(undefined);
    const { code, verifier } = await publicCode('S256');
    const res = await publicExchange(code, { code_verifier: verifier });
    expect(res.status, res.text).to.equal(200);
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: res.body.refresh_token,
      client_id: publicClient.clientId,
    });
    expect(refreshed.status, refreshed.text).to.equal(200);
  });

  it('PKCE plain is accepted too', async () => {
    const { code, verifier } = await publicCode('plain');
    expect((await publicExchange(code, { code_verifier: verifier })).status).to.equal(200);
  });

  it('a public client without code_verifier: invalid_request; a wrong or malformed verifier: invalid_grant', async () => {
    const { code, verifier } = await publicCode('S256');
    expect((await publicExchange(code)).body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'A public client must send code_verifier (PKCE)',
    });
    const mismatch = { error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' };
    expect((await publicExchange(code, { code_verifier: pkcePair().verifier })).body).to.deep.equal(mismatch);
    expect((await publicExchange(code, { code_verifier: verifier.slice(0, 42) })).body).to.deep.equal(mismatch);
    expect(
      (await publicExchange(code, { code_verifier: verifier + 'x'.repeat(129 - verifier.length) })).body,
    ).to.deep.equal(mismatch);
    // None of the failures consumed the code.
    expect((await publicExchange(code, { code_verifier: verifier })).status).to.equal(200);
  });

  it('a public client may not authenticate with a secret', async () => {
    const { code, verifier } = await publicCode('S256');
    const res = await publicExchange(code, { code_verifier: verifier, client_secret: 'fcs_' + 'a'.repeat(64) });
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.equal({ error: 'invalid_client', error_description: 'A public client has no secret' });
  });

  it('invalid_client is 401: unknown client, wrong or missing secret; with WWW-Authenticate only after Basic', async () => {
    const base = { grant_type: 'refresh_token', refresh_token: 'frt_' + '0'.repeat(64) };
    const cases = [
      { client_id: 'fci_' + '0'.repeat(32), client_secret: confidential.clientSecret },
      { client_id: 'nonsense', client_secret: 'x' },
      { client_id: confidential.clientId, client_secret: 'fcs_' + '0'.repeat(64) },
      { client_id: confidential.clientId },
      {},
    ];
    for (const c of cases) {
      const res = await tokenRequest(app, { ...base, ...c });
      expect(res.status, JSON.stringify(c)).to.equal(401);
      expect(res.body).to.deep.equal(INVALID_CLIENT);
      expect(res.headers.get('www-authenticate')).to.equal(null);
      expect(res.headers.get('cache-control')).to.equal('no-store');
    }
    const viaBasic = await tokenRequest(app, base, basic(confidential.clientId, 'fcs_wrong'));
    expect(viaBasic.status).to.equal(401);
    expect(viaBasic.body).to.deep.equal(INVALID_CLIENT);
    expect(viaBasic.headers.get('www-authenticate')).to.match(/^Basic /);
  });

  it('Basic credentials are form-urlencoded before base64 (RFC 6749 2.3.1)', async () => {
    // The secret has no reserved characters, but the decoder must still undo the encoding: "+" is a space,
    // so a literal "+" must arrive as %2B. Sending the raw (unencoded) id with a "%41" would decode to "A".
    const encodedId = confidential.clientId.replace('fci_', 'fci%5F');
    const res = await tokenRequest(
      app,
      { grant_type: 'refresh_token', refresh_token: 'frt_' + '0'.repeat(64) },
      `Basic ${Buffer.from(`${encodedId}:${confidential.clientSecret}`).toString('base64')}`,
    );
    expect(res.body).to.deep.equal(INVALID_GRANT); // authenticated: the failure is about the grant
    const both = await tokenRequest(
      app,
      { grant_type: 'refresh_token', refresh_token: 'x', client_secret: confidential.clientSecret },
      basic(confidential.clientId, confidential.clientSecret!),
    );
    expect(both.body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'Use one client authentication method, not Basic and client_secret together',
    });
  });

  it('unsupported_grant_type for other grants; invalid_request for a missing grant_type or parameter', async () => {
    for (const grant of ['password', 'client_credentials', 'implicit']) {
      const res = await tokenRequest(app, {
        grant_type: grant,
        client_id: confidential.clientId,
        client_secret: confidential.clientSecret,
      });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        error: 'unsupported_grant_type',
        error_description: 'Only authorization_code and refresh_token grants are supported',
      });
    }
    const auth = { client_id: confidential.clientId, client_secret: confidential.clientSecret };
    expect((await tokenRequest(app, auth)).body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'Missing parameter grant_type',
    });
    expect(
      (await tokenRequest(app, { grant_type: 'authorization_code', redirect_uri: confidential.redirectUri, ...auth }))
        .body,
    ).to.deep.equal({ error: 'invalid_request', error_description: 'Missing parameter code' });
    expect((await tokenRequest(app, { grant_type: 'authorization_code', code: 'fac_x', ...auth })).body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'Missing parameter redirect_uri',
    });
    expect((await tokenRequest(app, { grant_type: 'refresh_token', ...auth })).body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'Missing parameter refresh_token',
    });
    const repeated = await app.request('POST', '/api/v1/oauth/token', {
      raw: `grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=${confidential.clientId}&client_secret=${confidential.clientSecret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(repeated.body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'Parameter refresh_token must be given once, as a string',
    });
  });

  it('invalid_grant for unknown codes and refresh tokens; a redirect_uri differing from the authorization request is invalid_request', async () => {
    const auth = { client_id: confidential.clientId, client_secret: confidential.clientSecret };
    expect(
      (
        await tokenRequest(app, {
          grant_type: 'authorization_code',
          code: 'fac_' + '0'.repeat(64),
          redirect_uri: confidential.redirectUri,
          ...auth,
        })
      ).body,
    ).to.deep.equal(INVALID_GRANT);
    expect(
      (await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: 'frt_' + '0'.repeat(64), ...auth })).body,
    ).to.deep.equal(INVALID_GRANT);
    const back = await consent(app, company.token, authorizeQuery(confidential));
    const wrong = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code: back.get('code')!,
      redirect_uri: confidential.redirectUri + '?x=1',
      ...auth,
    });
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'redirect_uri does not match the authorization request',
    });
  });

  it('JSON bodies are accepted as well as form bodies', async () => {
    const back = await consent(app, company.token, authorizeQuery(confidential));
    const res = await app.post('/api/v1/oauth/token', {
      grant_type: 'authorization_code',
      code: back.get('code'),
      redirect_uri: confidential.redirectUri,
      client_id: confidential.clientId,
      client_secret: confidential.clientSecret,
    });
    expect(res.status, res.text).to.equal(200);
  });

  it('the revoke endpoint authenticates the client (401 invalid_client) and needs a token parameter', async () => {
    const wrong = await protocolPost(app, '/api/v1/oauth/revoke', {
      token: 'fat_' + '0'.repeat(64),
      client_id: confidential.clientId,
      client_secret: 'fcs_' + '1'.repeat(64),
    });
    expect(wrong.status).to.equal(401);
    expect(wrong.body).to.deep.equal(INVALID_CLIENT);
    const missing = await protocolPost(app, '/api/v1/oauth/revoke', {
      client_id: confidential.clientId,
      client_secret: confidential.clientSecret,
    });
    expect(missing.status).to.equal(400);
    expect(missing.body).to.deep.equal({ error: 'invalid_request', error_description: 'Missing parameter token' });
    const publicOk = await protocolPost(app, '/api/v1/oauth/revoke', {
      token: 'frt_' + '0'.repeat(64),
      client_id: publicClient.clientId,
    });
    expect(publicOk.status).to.equal(200);
  });

  it('never logs client secrets, codes or tokens', async () => {
    const back = await consent(app, company.token, authorizeQuery(confidential));
    const code = back.get('code')!;
    const res = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: confidential.redirectUri,
      client_id: confidential.clientId,
      client_secret: confidential.clientSecret,
    });
    await app.get('/api/v1/organization', res.body.access_token);
    await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: res.body.refresh_token,
      client_id: confidential.clientId,
      client_secret: confidential.clientSecret,
    });
    const logs = app.logs.join('\n');
    for (const secret of [confidential.clientSecret!, code, res.body.access_token, res.body.refresh_token])
      expect(logs).to.not.include(secret);
  });
});
