import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AuthorizationCode } from 'simple-oauth2';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeUser, UNAUTHORIZED_BODY } from '../helpers/fixtures';
import { callbackReceiver, registerApp, type RegisteredApp } from './oauth.helpers';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The DOM type is not in this project's lib; only these properties are read in the page. */
type InputLike = { value: string; disabled: boolean; checked: boolean };
const insecure = { [oauth.allowInsecureRequests]: true };

/**
 * The whole flow as a third-party application sees it: a real OAuth client library, the consent
 * screen in headless Chromium (login included), a real HTTP server as the redirect URI.
 */
describe('oauth: end-to-end with real clients and Chromium', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof callbackReceiver>>;
  let confidential: RegisteredApp;
  let publicClient: RegisteredApp;

  before(async () => {
    [app, browser, receiver] = await Promise.all([
      startTestApp(),
      chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }),
      callbackReceiver(),
    ]);
    company = await makeCompany(app);
    confidential = await registerApp(app, company, { redirectUris: [receiver.url] });
    publicClient = await registerApp(app, company, {
      name: 'Pocket app',
      description: 'Invoices on the go',
      confidential: false,
      redirectUris: [receiver.url],
      scopes: ['documents:read', 'contacts:read'],
    });
  });
  after(async () => {
    await Promise.all([browser?.close(), receiver?.close()]);
    await app?.stop();
  });

  /** Logs in when the login page shows up, then clicks the consent button; returns the callback URL. */
  async function consentInBrowser(
    page: Page,
    authorizeUrl: string,
    credentials: { email: string; password: string },
    button: 'Allow' | 'Deny' = 'Allow',
  ): Promise<URL> {
    await page.goto(authorizeUrl);
    if (new URL(page.url()).pathname === '/app/login') {
      await page.fill('input[name="email"]', credentials.email);
      await page.fill('input[name="password"]', credentials.password);
      await page.click('button:has-text("Log in")');
      await page.waitForURL((u) => u.pathname === '/app/oauth/consent');
    }
    expect(new URL(page.url()).pathname).to.equal('/app/oauth/consent');
    await page.click(`button:has-text("${button}")`);
    await page.waitForURL((u) => u.href.startsWith(receiver.url));
    return new URL(page.url());
  }

  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    return { context, page: await context.newPage() };
  }

  for (const authorizationMethod of ['body', 'header'] as const) {
    it(`simple-oauth2, confidential client, secret in the ${authorizationMethod === 'body' ? 'body' : 'Basic header'}: login, consent, tokens, refresh, revoke`, async () => {
      const client = new AuthorizationCode({
        client: { id: confidential.clientId, secret: confidential.clientSecret! },
        auth: {
          tokenHost: app.url,
          tokenPath: '/api/v1/oauth/token',
          authorizePath: '/api/v1/oauth/authorize',
          revokePath: '/api/v1/oauth/revoke',
        },
        options: { authorizationMethod },
      });
      const state = `state-${authorizationMethod}`;
      const url = client.authorizeURL({
        redirect_uri: receiver.url,
        scope: ['documents:read', 'contacts:write'],
        state,
      });
      const { context, page } = await newPage();
      try {
        await page.goto(url);
        expect(new URL(page.url()).pathname).to.equal('/app/login');
        await page.fill('input[name="email"]', company.email);
        await page.fill('input[name="password"]', company.password);
        await page.click('button:has-text("Log in")');
        await page.waitForURL((u) => u.pathname === '/app/oauth/consent');
        expect(await page.textContent('#app-name')).to.equal('Účetní robot');
        expect(await page.textContent('#app-description')).to.equal('Syncs invoices to the books');
        expect(
          await page
            .locator('input[name="scope"]')
            .evaluateAll((els) => els.map((e) => (e as unknown as InputLike).value)),
        ).to.deep.equal(['documents:read', 'contacts:write']);
        await page.click('button:has-text("Allow")');
        await page.waitForURL((u) => u.href.startsWith(receiver.url));
        const callback = new URL(page.url());
        expect(callback.searchParams.get('state')).to.equal(state);
        expect(callback.searchParams.get('iss')).to.equal(app.url);

        const token = await client.getToken({ code: callback.searchParams.get('code')!, redirect_uri: receiver.url });
        expect(token.token).to.deep.include({
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'documents:read contacts:write',
        });
        const access = token.token.access_token as string;
        expect((await app.get('/api/v1/organization', access)).body.id).to.equal(company.organizationId);

        const refreshed = await token.refresh();
        expect((await app.get('/api/v1/organization', access)).body).to.deep.equal(UNAUTHORIZED_BODY);
        const renewed = refreshed.token.access_token as string;
        expect((await app.get('/api/v1/organization', renewed)).status).to.equal(200);
        await refreshed.revoke('refresh_token');
        expect((await app.get('/api/v1/organization', renewed)).body).to.deep.equal(UNAUTHORIZED_BODY);
      } finally {
        await context.close();
      }
    });
  }

  for (const method of ['S256', 'plain'] as const)
    it(`oauth4webapi (strict: metadata issuer, iss, state), public client with PKCE ${method}`, async () => {
      const issuer = new URL(app.url);
      const as = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
      );
      expect(as.issuer).to.equal(app.url);
      const client: oauth.Client = { client_id: publicClient.clientId };
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const authorize = new URL(as.authorization_endpoint!);
      for (const [k, v] of Object.entries({
        client_id: client.client_id,
        redirect_uri: receiver.url,
        response_type: 'code',
        state,
        code_challenge: method === 'S256' ? await oauth.calculatePKCECodeChallenge(verifier) : verifier,
        code_challenge_method: method,
      })) {
        authorize.searchParams.set(k, v);
      }
      const { context, page } = await newPage();
      try {
        const callback = await consentInBrowser(page, authorize.href, company);
        const params = oauth.validateAuthResponse(as, client, callback, state);
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          oauth.None(),
          params,
          receiver.url,
          verifier,
          insecure,
        );
        const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
        expect(tokens.scope).to.equal('documents:read contacts:read');
        expect((await app.get('/api/v1/organization', tokens.access_token)).status).to.equal(200);

        const refreshed = await oauth.processRefreshTokenResponse(
          as,
          client,
          await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
        );
        expect((await app.get('/api/v1/organization', tokens.access_token)).status).to.equal(401);
        // Reusing the rotated refresh token is refused (and revokes the consent).
        const reuse = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
        expect(reuse.status).to.equal(400);
        expect(await reuse.json()).to.deep.equal({
          error: 'invalid_grant',
          error_description: 'The authorization code or refresh token is invalid, expired or already used',
        });
        expect((await app.get('/api/v1/organization', refreshed.access_token)).status).to.equal(401);

        // A metadata issuer that differs from the expected one is rejected by the strict client.
        const wrong = new URL(app.url.replace('127.0.0.1', 'localhost'));
        let rejected = false;
        await oauth
          .processDiscoveryResponse(wrong, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }))
          .catch(() => (rejected = true));
        expect(rejected).to.equal(true);
      } finally {
        await context.close();
      }
    });

  it('oauth4webapi, confidential client with Basic authentication and PKCE, then revocation', async () => {
    const issuer = new URL(app.url);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    const client: oauth.Client = { client_id: confidential.clientId };
    const auth = oauth.ClientSecretBasic(confidential.clientSecret!);
    const verifier = oauth.generateRandomCodeVerifier();
    const authorize = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      client_id: client.client_id,
      redirect_uri: receiver.url,
      response_type: 'code',
      state: 'xyz',
      scope: 'contacts:write',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(k, v);
    }
    const { context, page } = await newPage();
    try {
      const params = oauth.validateAuthResponse(
        as,
        client,
        await consentInBrowser(page, authorize.href, company),
        'xyz',
      );
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, auth, params, receiver.url, verifier, insecure),
      );
      expect(tokens.scope).to.equal('contacts:write');
      await oauth.processRevocationResponse(
        await oauth.revocationRequest(as, client, auth, tokens.access_token, insecure),
      );
      expect((await app.get('/api/v1/organization', tokens.access_token)).status).to.equal(401);
    } finally {
      await context.close();
    }
  });

  it('Deny sends access_denied with state; a scope the user lacks is a disabled checkbox', async () => {
    const member = await makeUser(app, company, { permissions: { documents: 'read' } });
    const { context, page } = await newPage();
    try {
      const query = new URLSearchParams({
        client_id: confidential.clientId,
        redirect_uri: receiver.url,
        response_type: 'code',
        state: 'deny-me',
      });
      await page.goto(`${app.url}/app/oauth/consent?${query.toString()}`);
      await page.fill('input[name="email"]', member.email);
      await page.fill('input[name="password"]', member.password);
      await page.click('button:has-text("Log in")');
      await page.waitForURL((u) => u.pathname === '/app/oauth/consent');
      const boxes = await page.locator('input[name="scope"]').evaluateAll((els) =>
        els.map((e) => ({
          scope: (e as unknown as InputLike).value,
          disabled: (e as unknown as InputLike).disabled,
          checked: (e as unknown as InputLike).checked,
        })),
      );
      expect(boxes).to.deep.equal([
        { scope: 'documents:read', disabled: false, checked: true },
        { scope: 'contacts:read', disabled: true, checked: false },
        { scope: 'contacts:write', disabled: true, checked: false },
      ]);
      await page.click('button:has-text("Deny")');
      await page.waitForURL((u) => u.href.startsWith(receiver.url));
      const callback = new URL(page.url());
      expect(Object.fromEntries(callback.searchParams)).to.deep.equal({
        error: 'access_denied',
        error_description: 'The user did not allow access',
        state: 'deny-me',
        iss: app.url,
      });
    } finally {
      await context.close();
    }
  });

  it('an unsafe error is shown on the page and the browser stays with us', async () => {
    const { context, page } = await newPage();
    try {
      const hitsBefore = receiver.hits.length;
      const query = new URLSearchParams({
        client_id: confidential.clientId,
        redirect_uri: receiver.url + '?evil=1',
        response_type: 'code',
        state: 's',
      });
      const response = await page.goto(`${app.url}/api/v1/oauth/authorize?${query.toString()}`);
      expect(response!.status()).to.equal(400);
      const page2 = await page.goto(`${app.url}/app/oauth/consent?${query.toString()}`);
      expect(page2!.status()).to.equal(400);
      expect(await page.textContent('#error')).to.equal('invalid_request');
      expect(page.url().startsWith(app.url)).to.equal(true);
      expect(receiver.hits.length).to.equal(hitsBefore);
    } finally {
      await context.close();
    }
  });
});
