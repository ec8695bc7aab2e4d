import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, type Company } from '../helpers/fixtures';
import { buildWeb } from '../../scripts/build-web';

const CSRF = { 'x-faktura-csrf': '1' };
const ME = '{ me { user { email } } }';

function cookieOf(res: { headers: Headers }, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

describe('web app: serving, headers, CSRF and the session cookie', () => {
  let app: TestApp;
  let company: Company;

  before(async () => {
    buildWeb();
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app?.stop());

  it('serves index.html for /app/ and every client route, never cached, with a CSP that forbids inline scripts and framing', async () => {
    for (const path of ['/app/', '/app/pos-devices', '/app/no/such/page?x=1']) {
      const res = await app.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/html/);
      expect(res.headers.get('cache-control')).to.equal('no-cache');
      expect(res.text).to.include('<div id="root"></div>');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).to.include("script-src 'self'");
      expect(csp).to.include("frame-ancestors 'none'");
      expect(csp).not.to.include('unsafe-inline');
      expect(csp).not.to.include('unsafe-eval');
      expect(res.headers.get('x-frame-options')).to.equal('DENY');
      expect(res.text).not.to.match(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    expect((await app.get('/app')).headers.get('location')).to.equal('/app/');
  });

  it('serves hashed assets with a year of immutable cache; an unknown asset is a 404', async () => {
    const index = (await app.get('/app/')).text;
    const assets = [...index.matchAll(/(?:src|href)="(\/app\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((a) => a.endsWith('.js'))).to.equal(true);
    expect(assets.some((a) => a.endsWith('.css'))).to.equal(true);
    for (const asset of assets) {
      const res = await app.get(asset);
      expect(res.status, asset).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).to.match(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    }
    for (const path of ['/app/assets/nope-123.js', '/app/assets/..%2F..%2Fpackage.json', '/app/assets/.source-hash']) {
      expect((await app.get(path)).status, path).to.equal(404);
    }
  });

  it('keeps the server-rendered login and consent pages where they were', async () => {
    const login = await app.get('/app/login');
    expect(login.status).to.equal(200);
    expect(login.text).to.include('name="email"').and.include('name="password"').and.include('Log in</button>');
    const consent = await app.get('/app/oauth/consent?client_id=fci_x');
    expect(consent.text).not.to.include('<div id="root">');
  });

  it('refuses GraphQL over the session cookie unless it is a JSON POST or carries the CSRF header; a bearer token passes', async () => {
    const cookie = { cookie: `session=${company.token}` };
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const refused = await app.request('POST', '/graphql', {
        raw: JSON.stringify({ query: ME }),
        headers: { ...cookie, 'content-type': contentType },
      });
      expect(refused.status, contentType).to.equal(403);
      expect(JSON.parse(refused.text).errors[0].extensions.code).to.equal('FORBIDDEN');
    }
    const refusedGet = await app.request('GET', `/graphql?query=${encodeURIComponent(ME)}`, { headers: cookie });
    expect(refusedGet.status).to.equal(403);
    const json = await app.request('POST', '/graphql', { body: { query: ME }, headers: cookie });
    expect(json.body.data.me.user.email).to.equal(company.email);
    const allowed = await app.request('POST', '/graphql', { body: { query: ME }, headers: { ...cookie, ...CSRF } });
    expect(allowed.body.data.me.user.email).to.equal(company.email);
    expect((await app.graphql(ME, {}, company.token)).body.data.me.user.email).to.equal(company.email);
  });

  it("keeps Apollo's csrfPrevention: a GET or a form-encoded POST without a preflight header is refused", async () => {
    const get = await app.request('GET', `/graphql?query=${encodeURIComponent(ME)}`, { token: company.token });
    expect(get.status).to.equal(400);
    expect(get.text).to.match(/CSRF/i);
    const form = await app.request('POST', '/graphql', {
      raw: `query=${encodeURIComponent(ME)}`,
      token: company.token,
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).to.equal(400);
  });

  it('signUp sets an httpOnly SameSite=Lax session cookie (no Secure over http) and never returns the token; logOut clears it', async () => {
    const res = await app.request('POST', '/graphql', {
      body: {
        query: 'mutation($input: SignUpInput!) { signUp(input: $input) { id name plan } }',
        variables: {
          input: { companyName: 'Pekárna Novák', email: 'novak@example.cz', password: 'long enough password' },
        },
      },
      headers: CSRF,
    });
    expect(res.body.data.signUp).to.include({ name: 'Pekárna Novák', plan: 'FREE' });
    expect(res.text).not.to.match(/eyJ/);
    const cookie = cookieOf(res, 'session')!;
    expect(cookie)
      .to.match(/; httponly/i)
      .and.match(/; samesite=lax/i)
      .and.match(/; path=\//);
    expect(cookie).not.to.match(/; secure/i);
    const session = cookie.split(';')[0];
    const me = await app.request('POST', '/graphql', { body: { query: ME }, headers: { cookie: session, ...CSRF } });
    expect(me.body.data.me.user.email).to.equal('novak@example.cz');
    const out = await app.request('POST', '/graphql', {
      body: { query: 'mutation { logOut }' },
      headers: { cookie: session, ...CSRF },
    });
    expect(out.body.data.logOut).to.equal(true);
    expect(cookieOf(out, 'session'))
      .to.match(/^session=;/)
      .and.match(/expires=Thu, 01 Jan 1970/i);
  });

  it('signUp answers VALIDATION_FAILED naming the field, and 409 EMAIL_TAKEN for a taken e-mail', async () => {
    const signUp = (input: Record<string, string>) =>
      app.request('POST', '/graphql', {
        body: { query: 'mutation($input: SignUpInput!) { signUp(input: $input) { id } }', variables: { input } },
        headers: CSRF,
      });
    const short = await signUp({ companyName: 'X', email: 'x@example.cz', password: 'short' });
    expect(short.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(short.body.errors[0].extensions.details).to.deep.include({
      path: 'password',
      message: 'must be at least 12 characters',
    });
    const taken = await signUp({ companyName: 'X', email: company.email, password: 'long enough password' });
    expect(taken.body.errors[0].extensions).to.include({ code: 'EMAIL_TAKEN', status: 409 });
  });

  it('logging in at /app/login without a return address lands on the app home', async () => {
    const form = await fetch(`${app.url}/app/login`);
    const cookie = form.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1];
    const res = await fetch(`${app.url}/app/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: company.email, password: company.password, csrf }).toString(),
    });
    expect(res.status).to.equal(303);
    expect(res.headers.get('location')).to.equal('/app/');
    expect(cookieOf(res, 'session'))
      .to.match(/; httponly/i)
      .and.match(/; samesite=lax/i);
  });
});

describe('web app: the session cookie behind https', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ PUBLIC_URL: 'https://faktura.example.cz' });
  });
  after(() => app?.stop());

  it('is Secure when PUBLIC_URL is https, even when the proxy talks plain http to the app', async () => {
    const res = await app.request('POST', '/graphql', {
      body: {
        query: 'mutation($input: SignUpInput!) { signUp(input: $input) { id } }',
        variables: {
          input: { companyName: 'Secure s.r.o.', email: 'secure@example.cz', password: 'long enough password' },
        },
      },
      headers: CSRF,
    });
    expect(cookieOf(res, 'session'))
      .to.match(/; secure/i)
      .and.match(/; httponly/i)
      .and.match(/; samesite=lax/i);
  });
});
