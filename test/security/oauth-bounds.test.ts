import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, type Company } from '../helpers/fixtures';
import { authorizeQuery, openConsent, pkcePair, registerApp, type RegisteredApp } from '../oauth/oauth.helpers';

/** Issue 11, point 6: bounded OAuth parameters; nothing oversized is ever carried into a redirect. */
describe('hostile input: OAuth parameter bounds', () => {
  let app: TestApp;
  let company: Company;
  let client: RegisteredApp;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    client = await registerApp(app, company);
  });
  after(() => app.stop());

  const authorize = (query: Record<string, string>) =>
    fetch(`${app.url}/api/v1/oauth/authorize?${new URLSearchParams(query).toString()}`, { redirect: 'manual' });

  it('shows an over-long state as invalid_request instead of redirecting it', async () => {
    const res = await authorize(authorizeQuery(client, { state: 's'.repeat(100_000 / 10) }));
    expect(res.status).to.equal(400);
    expect(res.headers.get('location')).to.equal(null);
    expect(await res.json()).to.deep.equal({
      error: 'invalid_request',
      error_description: 'The authorization request is longer than 4096 characters',
    });
    const state501 = await authorize(authorizeQuery(client, { state: 's'.repeat(501) }));
    expect(state501.status).to.equal(400);
    expect(await state501.json()).to.deep.equal({
      error: 'invalid_request',
      error_description: 'Parameter state is longer than 500 characters',
    });
    const page = await openConsent(app, company.token, authorizeQuery(client, { state: 's'.repeat(501) }));
    expect(page.status).to.equal(400);
    expect(page.headers.get('location')).to.equal(null);
    expect(page.html).to.include('Parameter state is longer than 500 characters');
  });

  it('redirects other over-long parameters as invalid_request with a small Location', async () => {
    for (const extra of [
      { code_challenge: 'a'.repeat(129), code_challenge_method: 'plain' },
      { code_challenge: 'a'.repeat(42), code_challenge_method: 'plain' },
      { scope: Array.from({ length: 51 }, () => 'contacts:read').join(' ') },
      { scope: `contacts:read ${'x'.repeat(1000)}` },
    ]) {
      const res = await authorize(
        authorizeQuery(client, { code_challenge: pkcePair().challenge, code_challenge_method: 'S256', ...extra }),
      );
      expect(res.status, JSON.stringify(extra).slice(0, 80)).to.equal(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('error')).to.equal('invalid_request');
      expect(res.headers.get('location')!.length).to.be.below(1000);
    }
  });

  it('refuses an over-long redirect_uri or client_id on the page, and bounds the token endpoint', async () => {
    const uri = await authorize(authorizeQuery(client, { redirect_uri: `https://example.cz/${'x'.repeat(2001)}` }));
    expect(uri.status).to.equal(400);
    expect(uri.headers.get('location')).to.equal(null);
    const id = await authorize(authorizeQuery(client, { client_id: 'c'.repeat(101) }));
    expect(id.status).to.equal(400);
    const token = await app.request('POST', '/api/v1/oauth/token', {
      raw: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'c'.repeat(10_000),
        redirect_uri: client.redirectUri,
        client_id: client.clientId,
        client_secret: client.clientSecret!,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status).to.equal(400);
    expect(token.body).to.deep.equal({
      error: 'invalid_request',
      error_description: 'Parameter code is longer than 200 characters',
    });
  });

  it('never redirects the login page to an oversized return_to', async () => {
    const res = await app.request('GET', `/app/login?return_to=${encodeURIComponent(`/app/${'x'.repeat(9_000)}`)}`, {
      headers: { cookie: `session=${company.token}` },
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('location')).to.equal(null);
  });
});
