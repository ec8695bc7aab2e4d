import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeUser } from '../helpers/fixtures';
import {
  authorizeQuery,
  consent,
  openConsent,
  registerApp,
  type RegisteredApp,
  submitConsent,
  tokenRequest,
} from './oauth.helpers';

/** SPEC 4.1 consent screen and /oauth/authorize: validation, safe and unsafe errors, login, CSRF. */
describe('oauth: authorization request and consent screen', () => {
  let app: TestApp;
  let company: Company;
  let client: RegisteredApp;
  let publicClient: RegisteredApp;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    client = await registerApp(app, company, {
      redirectUris: ['https://app.example.com/cb?tenant=1', 'http://127.0.0.1:9/callback'],
    });
    publicClient = await registerApp(app, company, {
      name: 'Mobile',
      confidential: false,
      redirectUris: ['http://[::1]:8080/cb'],
    });
  });
  after(() => app.stop());

  const authorize = (query: Record<string, string>) =>
    app.get(`/api/v1/oauth/authorize?${new URLSearchParams(query).toString()}`);
  function redirectParams(location: string | null, redirectUri: string): Record<string, string> {
    expect(location).to.be.a('string');
    const url = new URL(location!);
    expect(url.origin + url.pathname).to.equal(new URL(redirectUri).origin + new URL(redirectUri).pathname);
    return Object.fromEntries(url.searchParams);
  }

  it('GET /oauth/authorize validates and hands over to the consent screen', async () => {
    const query = authorizeQuery(client, { scope: 'contacts:read' });
    const res = await authorize(query);
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal(`/app/oauth/consent?${new URLSearchParams(query).toString()}`);
  });

  it('unknown client or unregistered redirect_uri: an error shown, never a redirect', async () => {
    const cases: [Record<string, string>, number, string, string][] = [
      [
        { ...authorizeQuery(client), client_id: 'fci_' + '0'.repeat(32) },
        401,
        'invalid_client',
        'Unknown or disabled client',
      ],
      [{ ...authorizeQuery(client), client_id: '' }, 400, 'invalid_request', 'Missing parameter client_id'],
      [
        { ...authorizeQuery(client), redirect_uri: 'https://app.example.com/cb?tenant=2' },
        400,
        'invalid_request',
        'redirect_uri does not match any address registered for this application',
      ],
      [
        { ...authorizeQuery(client), redirect_uri: 'https://app.example.com/cb' },
        400,
        'invalid_request',
        'redirect_uri does not match any address registered for this application',
      ],
      [
        { ...authorizeQuery(client), redirect_uri: 'http://127.0.0.1:9/callback/' },
        400,
        'invalid_request',
        'redirect_uri does not match any address registered for this application',
      ],
      [
        { ...authorizeQuery(client), redirect_uri: 'https://evil.example/cb' },
        400,
        'invalid_request',
        'redirect_uri does not match any address registered for this application',
      ],
      [{ ...authorizeQuery(client), redirect_uri: '' }, 400, 'invalid_request', 'Missing parameter redirect_uri'],
    ];
    for (const [query, status, error, description] of cases) {
      const api = await authorize(query);
      expect(api.status, JSON.stringify(query)).to.equal(status);
      expect(api.headers.get('location')).to.equal(null);
      expect(api.body).to.deep.equal({ error, error_description: description });
      expect(api.headers.get('cache-control')).to.equal('no-store');
      const screen = await openConsent(app, company.token, query);
      expect(screen.status).to.equal(status);
      expect(screen.headers.get('location')).to.equal(null);
      expect(screen.html).to.include(`<code id="error">${error}</code>`);
      expect(screen.html).to.include(description);
    }
  });

  it('other errors go back to the client in RFC 6749 form, with state and iss', async () => {
    const cases: [Record<string, string | undefined>, RegisteredApp, string, string][] = [
      [{ response_type: undefined }, client, 'invalid_request', 'Missing parameter response_type'],
      [{ response_type: 'token' }, client, 'unsupported_response_type', 'Only response_type=code is supported'],
      [
        { scope: 'payments:write reports:read' },
        client,
        'invalid_scope',
        'None of the requested scopes is allowed for this application',
      ],
      [{ scope: 'nonsense' }, client, 'invalid_scope', 'None of the requested scopes is allowed for this application'],
      [
        { code_challenge_method: 'S512', code_challenge: 'x'.repeat(43) },
        client,
        'invalid_request',
        'code_challenge_method must be S256 or plain',
      ],
      [
        { code_challenge: 'short', code_challenge_method: 'S256' },
        client,
        'invalid_request',
        'Malformed code_challenge',
      ],
      [{}, publicClient, 'invalid_request', 'A public client must use PKCE (code_challenge)'],
    ];
    for (const [extra, c, error, description] of cases) {
      const query = authorizeQuery(c, extra);
      for (const res of [
        await authorize(query),
        await fetch(`${app.url}/app/oauth/consent?${new URLSearchParams(query).toString()}`, {
          redirect: 'manual',
          headers: { cookie: `session=${company.token}` },
        }),
      ]) {
        expect(res.status, JSON.stringify(extra)).to.equal(302);
        const params = redirectParams(res.headers.get('location'), c.redirectUri);
        expect(params).to.deep.include({ error, error_description: description, state: query.state, iss: app.url });
      }
    }
    const noState = authorizeQuery(client, { state: undefined });
    const res = await authorize(noState);
    expect(redirectParams(res.headers.get('location'), client.redirectUri)).to.deep.equal({
      tenant: '1',
      error: 'invalid_request',
      error_description: 'Missing parameter state',
      iss: app.url,
    });
  });

  it('the redirect keeps the registered query and appends code, state and iss', async () => {
    const query = authorizeQuery(client, { state: 'a b&c=d/é' });
    const back = await consent(app, company.token, query);
    expect(back.get('tenant')).to.equal('1');
    expect(back.get('state')).to.equal('a b&c=d/é');
    expect(back.get('iss')).to.equal(app.url);
    expect(back.get('code')).to.match(/^fac_[0-9a-f]{64}$/);
  });

  it('shows the application name, description and the requested scopes with labels; without scope, all registered ones', async () => {
    const screen = await openConsent(app, company.token, authorizeQuery(client));
    expect(screen.status).to.equal(200);
    expect(screen.html).to.include('<h1 id="app-name">Účetní robot</h1>');
    expect(screen.html).to.include('Syncs invoices to the books');
    expect(screen.html).to.include('View and change customers and suppliers');
    expect(screen.scopes).to.deep.equal([
      { scope: 'documents:read', enabled: true },
      { scope: 'contacts:read', enabled: true },
      { scope: 'contacts:write', enabled: true },
    ]);
    expect(screen.html).to.match(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(screen.html).to.match(/<button type="submit" name="decision" value="deny">Deny<\/button>/);
    const narrowed = await openConsent(
      app,
      company.token,
      authorizeQuery(client, { scope: 'contacts:read payments:read' }),
    );
    expect(narrowed.scopes).to.deep.equal([{ scope: 'contacts:read', enabled: true }]);
  });

  it('pages forbid framing and caching', async () => {
    const screen = await openConsent(app, company.token, authorizeQuery(client));
    const csp = screen.headers.get('content-security-policy')!;
    expect(csp).to.include("frame-ancestors 'none'");
    expect(csp).to.include("form-action 'self' https://app.example.com");
    expect(screen.headers.get('x-frame-options')).to.equal('DENY');
    expect(screen.headers.get('cache-control')).to.equal('no-store');
    const login = await fetch(`${app.url}/app/login`);
    expect(login.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
    expect(login.headers.get('x-frame-options')).to.equal('DENY');
  });

  it('a scope the user lacks is shown unavailable and cannot be granted, even by a forged form', async () => {
    const member = await makeUser(app, company, { permissions: { contacts: 'read' } });
    const query = authorizeQuery(client);
    const screen = await openConsent(app, member.token, query);
    expect(screen.scopes).to.deep.equal([
      { scope: 'documents:read', enabled: false },
      { scope: 'contacts:read', enabled: true },
      { scope: 'contacts:write', enabled: false },
    ]);
    expect(screen.html).to.include('(unavailable: you do not have this permission)');
    const res = await submitConsent(app, member.token, screen, 'allow', [
      'documents:read',
      'contacts:read',
      'contacts:write',
    ]);
    expect(res.status).to.equal(303);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const tokens = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect(tokens.body.scope).to.equal('contacts:read');
  });

  it('access_denied with state when the user lacks every requested scope, or denies', async () => {
    const member = await makeUser(app, company, { permissions: { reports: 'write' } });
    const query = authorizeQuery(client);
    const lacking = await consent(app, member.token, query, 'allow', ['documents:read']);
    expect(Object.fromEntries(lacking)).to.deep.include({
      error: 'access_denied',
      error_description: 'The user lacks permission for the requested scopes',
      state: query.state,
      iss: app.url,
    });
    const denied = await consent(app, company.token, query, 'deny');
    expect(Object.fromEntries(denied)).to.deep.equal({
      tenant: '1',
      error: 'access_denied',
      error_description: 'The user did not allow access',
      state: query.state,
      iss: app.url,
    });
    const nothing = await consent(app, company.token, query, 'allow', []);
    expect(nothing.get('error')).to.equal('access_denied');
  });

  it('not logged in: to /app/login, then back to the same consent screen', async () => {
    const query = authorizeQuery(client, { scope: 'contacts:read' });
    const first = await openConsent(app, null, query);
    expect(first.status).to.equal(302);
    const loginUrl = new URL(first.headers.get('location')!, app.url);
    expect(loginUrl.pathname).to.equal('/app/login');
    const returnTo = loginUrl.searchParams.get('return_to')!;
    expect(returnTo).to.equal(`/app/oauth/consent?${new URLSearchParams(query).toString()}`);

    const form = await fetch(loginUrl);
    const html = await form.text();
    expect(html).to.match(/<input type="email" name="email"/);
    expect(html).to.match(/<input type="password" name="password"/);
    expect(html).to.include('<button type="submit">Log in</button>');
    const cookie = form.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1];
    const post = (body: Record<string, string>, cookies = cookie) =>
      fetch(`${app.url}/app/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });

    const wrong = await post({ email: company.email, password: 'wrong password!', csrf, return_to: returnTo });
    expect(wrong.status).to.equal(401);
    expect(await wrong.text()).to.include('Invalid e-mail or password');
    const forged = await post({
      email: company.email,
      password: company.password,
      csrf: 'forged',
      return_to: returnTo,
    });
    expect(forged.status).to.equal(403);

    const ok = await post({ email: company.email, password: company.password, csrf, return_to: returnTo });
    expect(ok.status).to.equal(303);
    expect(ok.headers.get('location')).to.equal(returnTo);
    const session = ok.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(session).to.match(/httponly/i);
    expect(session).to.match(/samesite=lax/i);
    const back = await fetch(new URL(returnTo, app.url), {
      headers: { cookie: session.split(';')[0] },
      redirect: 'manual',
    });
    expect(back.status).to.equal(200);
    expect(await back.text()).to.include('Účetní robot');
  });

  it("return_to accepts only same-origin paths (anything else lands on the app's home)", async () => {
    const form = await fetch(`${app.url}/app/login`);
    const cookie = form.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1];
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await fetch(`${app.url}/app/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email: company.email,
          password: company.password,
          csrf,
          return_to: returnTo,
        }).toString(),
      });
      expect(res.status).to.equal(303);
      expect(res.headers.get('location'), returnTo).to.equal('/app/');
    }
  });

  it('the consent form needs its CSRF token, bound to the session', async () => {
    const query = authorizeQuery(client);
    const screen = await openConsent(app, company.token, query);
    const member = await makeUser(app, company, { permissions: { contacts: 'write', documents: 'read' } });
    const otherScreen = await openConsent(app, member.token, query);
    const forged = {
      ...screen,
      hidden: screen.hidden.map(([n, v]) => [n, n === 'csrf' ? otherScreen.csrf : v] as [string, string]),
    };
    const res = await submitConsent(app, company.token, forged, 'allow');
    expect(res.status).to.equal(403);
    expect(res.headers.get('location')).to.equal(null);
    const missing = { ...screen, hidden: screen.hidden.filter(([n]) => n !== 'csrf') };
    expect((await submitConsent(app, company.token, missing, 'allow')).status).to.equal(403);
  });

  it('a tampered consent form is validated again (redirect_uri swapped: shown, not redirected)', async () => {
    const screen = await openConsent(app, company.token, authorizeQuery(client));
    const tampered = {
      ...screen,
      hidden: screen.hidden.map(
        ([n, v]) => [n, n === 'redirect_uri' ? 'https://evil.example/cb' : v] as [string, string],
      ),
    };
    const res = await submitConsent(app, company.token, tampered, 'allow');
    expect(res.status).to.equal(400);
    expect(res.headers.get('location')).to.equal(null);
  });
});
