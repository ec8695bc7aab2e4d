import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { makeApiKey, makeCompany, makeUser } from '../helpers/fixtures';
import { base32Decode, hotp, timeStep, totp } from '../../src/modules/identity/totp';
import { chromium } from 'playwright-core';
import { expectAccessible, launchBrowser, openApp, readOneTimeSecret } from '../helpers/browser';
import { authorizeQuery, callbackReceiver, obtainTokens, openConsent, registerApp } from '../oauth/oauth.helpers';

/** Issue 23 point 3: two-factor login with TOTP and recovery codes, the login challenge, an OWNER's requirement. */
describe('identity: two-factor login (TOTP)', () => {
  let app: TestApp;
  let db: Client;
  before(async () => {
    app = await startTestApp();
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await app?.stop();
  });

  /** The app's Clock (it flows on from where the tests moved it). */
  async function appNow(): Promise<Date> {
    const res = await app.get('/api/test/clock');
    expect(res.status).to.equal(200);
    return new Date(res.body.now);
  }
  /** The code an authenticator app would show now, by the app's Clock. */
  async function codeOf(secret: string): Promise<string> {
    return totp(base32Decode(secret)!, await appNow());
  }
  /** A new time step: every code accepted so far is then in the past. */
  const nextStep = () => advanceClock(app, 30);

  async function enable(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await app.post('/api/v1/auth/2fa/setup', {}, token);
    expect(setup.status, setup.text).to.equal(200);
    const enabled = await app.post('/api/v1/auth/2fa/enable', { code: await codeOf(setup.body.secret) }, token);
    expect(enabled.status, enabled.text).to.equal(200);
    await nextStep();
    return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
  }

  async function challenge(person: { email: string; password: string }): Promise<string> {
    const res = await app.post('/api/v1/auth/login', { email: person.email, password: person.password });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.have.keys(['mfaRequired', 'mfaToken']);
    expect(res.body.mfaRequired).to.equal(true);
    expect(res.body.mfaToken).to.match(/^fkm_[0-9a-f]{64}$/);
    expect(res.headers.get('set-cookie')).to.equal(null);
    return res.body.mfaToken;
  }

  const secondStep = (mfaToken: string, code: string) => app.post('/api/v1/auth/login/2fa', { mfaToken, code });

  async function auditRows(action: string, userId: string): Promise<any[]> {
    const res = await db.query(
      `SELECT organization_id, actor_user_id, target_id, details FROM audit_log WHERE action = $1 AND (actor_user_id = $2::uuid OR target_id = $2::text) ORDER BY created_at`,
      [action, userId],
    );
    return res.rows;
  }

  it('sets up (a new pending secret each time), enables with a code and answers 10 recovery codes once', async () => {
    const company = await makeCompany(app);
    const before = await app.get('/api/v1/auth/2fa', company.token);
    expect(before.body).to.deep.equal({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
      requiredByOrganization: false,
    });

    const first = await app.post('/api/v1/auth/2fa/setup', {}, company.token);
    expect(first.status).to.equal(200);
    expect(first.body.secret).to.match(/^[A-Z2-7]{32}$/);
    expect(base32Decode(first.body.secret)).to.have.length(20);
    expect(first.body.otpauthUrl).to.equal(
      `otpauth://totp/Faktura:${encodeURIComponent(company.email)}?secret=${first.body.secret}&issuer=Faktura&algorithm=SHA1&digits=6&period=30`,
    );
    const second = await app.post('/api/v1/auth/2fa/setup', {}, company.token);
    expect(second.body.secret).to.not.equal(first.body.secret);
    expect((await app.get('/api/v1/auth/2fa', company.token)).body).to.include({ enabled: false, pending: true });

    // The replaced secret's code no longer works; a wrong code neither.
    const stale = await app.post('/api/v1/auth/2fa/enable', { code: await codeOf(first.body.secret) }, company.token);
    expect(stale.status).to.equal(400);
    expect(stale.body.code).to.equal('INVALID_TWO_FACTOR_CODE');
    const ok = await app.post('/api/v1/auth/2fa/enable', { code: await codeOf(second.body.secret) }, company.token);
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.recoveryCodes).to.have.length(10);
    for (const c of ok.body.recoveryCodes) expect(c).to.match(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(new Set(ok.body.recoveryCodes).size).to.equal(10);

    const status = await app.get('/api/v1/auth/2fa', company.token);
    expect(status.body).to.deep.equal({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
      requiredByOrganization: false,
    });
    const again = await app.post('/api/v1/auth/2fa/setup', {}, company.token);
    expect(again.status).to.equal(409);
    expect(again.body.code).to.equal('TWO_FACTOR_ALREADY_ENABLED');
    const enableAgain = await app.post('/api/v1/auth/2fa/enable', { code: '000000' }, company.token);
    expect(enableAgain.status).to.equal(409);

    // At rest: the secret sealed (AES-GCM, never the base32 text), recovery codes as SHA-256 only.
    const stored = await db.query(`SELECT secret_sealed FROM user_two_factor WHERE user_id = $1`, [company.userId]);
    expect(stored.rows[0].secret_sealed).to.match(/^v1\.[0-9a-f]{8}\./);
    expect(stored.rows[0].secret_sealed).to.not.include(second.body.secret);
    const codes = await db.query(`SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1`, [
      company.userId,
    ]);
    expect(codes.rows).to.have.length(10);
    for (const row of codes.rows) expect(row.code_hash).to.match(/^[0-9a-f]{64}$/);

    const audit = await auditRows('two_factor.enabled', company.userId);
    expect(audit).to.have.length(1);
    expect(audit[0]).to.include({ organization_id: company.organizationId, target_id: company.userId });
    expect(app.logs.join('\n')).to.not.include(second.body.secret);
  });

  it('login then needs the code: no session until POST /auth/login/2fa, which answers the normal login body', async () => {
    const company = await makeCompany(app);
    const { secret } = await enable(company.token);
    const mfaToken = await challenge(company);

    const wrong = await secondStep(mfaToken, '000000' === (await codeOf(secret)) ? '111111' : '000000');
    expect(wrong.status).to.equal(401);
    expect(wrong.body.code).to.equal('INVALID_TWO_FACTOR_CODE');
    const failed = await auditRows('login.failed', company.userId);
    expect(failed.map((r) => r.details)).to.deep.equal([{ step: '2fa' }]);
    expect(failed[0].organization_id).to.equal(company.organizationId);

    const ok = await secondStep(mfaToken, await codeOf(secret));
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.user).to.deep.equal({ id: company.userId, email: company.email });
    expect(ok.body.organizations).to.deep.equal([{ id: company.organizationId, name: 'Acme s.r.o.', plan: 'FREE' }]);
    const me = await app.get('/api/v1/auth/me', ok.body.token);
    expect(me.status).to.equal(200);
    expect(me.body.user.id).to.equal(company.userId);

    // The token is single use, even with a fresh code.
    await nextStep();
    const reused = await secondStep(mfaToken, await codeOf(secret));
    expect(reused.status).to.equal(401);
    expect(reused.body.code).to.equal('INVALID_MFA_TOKEN');
    // The password alone never gives a token; malformed steps are 400 or 401, never a session.
    expect((await secondStep('fkm_' + '0'.repeat(64), await codeOf(secret))).body.code).to.equal('INVALID_MFA_TOKEN');
    expect((await app.post('/api/v1/auth/login/2fa', { mfaToken: 42 })).status).to.equal(400);
  });

  it('a TOTP code is accepted once: replaying it (or an older one) within its window is refused', async () => {
    const company = await makeCompany(app);
    const { secret } = await enable(company.token);
    const code = await codeOf(secret);
    const first = await secondStep(await challenge(company), code);
    expect(first.status, first.text).to.equal(200);
    const replay = await secondStep(await challenge(company), code);
    expect(replay.status).to.equal(401);
    expect(replay.body.code).to.equal('INVALID_TWO_FACTOR_CODE');
    // The previous step's code is within ±1 step but older than the one used: refused too.
    const previous = hotp(base32Decode(secret)!, timeStep(await appNow()) - 1);
    expect((await secondStep(await challenge(company), previous)).status).to.equal(401);
    await nextStep();
    expect((await secondStep(await challenge(company), await codeOf(secret))).status).to.equal(200);
  });

  it('a code for 2 steps away is refused; one step of drift is accepted', async () => {
    const company = await makeCompany(app);
    const { secret } = await enable(company.token);
    const now = timeStep(await appNow());
    const key = base32Decode(secret)!;
    // Well ahead of the clock (3 steps: outside ±1 even when a step starts during the request).
    expect((await secondStep(await challenge(company), hotp(key, now + 3))).status).to.equal(401);
    const drift = await secondStep(await challenge(company), hotp(key, now + 1));
    expect(drift.status, drift.text).to.equal(200);
  });

  it('each recovery code logs in once, in any case and with or without the dash', async () => {
    const company = await makeCompany(app);
    const { recoveryCodes } = await enable(company.token);
    const [first, second] = recoveryCodes;
    const ok = await secondStep(await challenge(company), first);
    expect(ok.status, ok.text).to.equal(200);
    const again = await secondStep(await challenge(company), first);
    expect(again.status).to.equal(401);
    expect(again.body.code).to.equal('INVALID_TWO_FACTOR_CODE');
    const relaxed = await secondStep(await challenge(company), second.replace('-', '').toLowerCase());
    expect(relaxed.status, relaxed.text).to.equal(200);
    expect((await app.get('/api/v1/auth/2fa', company.token)).body.recoveryCodesLeft).to.equal(8);
    // Another person's recovery code is not this person's.
    const other = await makeCompany(app);
    const { recoveryCodes: theirs } = await enable(other.token);
    expect((await secondStep(await challenge(company), theirs[0])).status).to.equal(401);
  });

  it('the mfaToken expires after 5 minutes by the Clock and dies after 5 wrong codes', async () => {
    const company = await makeCompany(app);
    const { secret } = await enable(company.token);
    const expiring = await challenge(company);
    await advanceClock(app, 301);
    const late = await secondStep(expiring, await codeOf(secret));
    expect(late.status).to.equal(401);
    expect(late.body.code).to.equal('INVALID_MFA_TOKEN');

    const guessed = await challenge(company);
    const right = await codeOf(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      expect((await secondStep(guessed, wrongCode)).body.code).to.equal('INVALID_TWO_FACTOR_CODE');
    const after = await secondStep(guessed, await codeOf(secret));
    expect(after.status).to.equal(401);
    expect(after.body.code).to.equal('INVALID_MFA_TOKEN');
  });

  it('wrong codes count toward the person’s sign-in limit: after 5, the right code and password answer 429 until 15 minutes pass', async () => {
    const company = await makeCompany(app);
    const { secret } = await enable(company.token);
    const right = await codeOf(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    const first = await challenge(company);
    for (let i = 0; i < 4; i++) expect((await secondStep(first, wrongCode)).status).to.equal(401);
    // The right password of a person with 2FA is no failure by itself (a new challenge is no attempt lost); the fifth wrong code is.
    const second = await challenge(company);
    expect((await secondStep(second, wrongCode)).status).to.equal(401);
    const refused = await secondStep(second, await codeOf(secret));
    expect(refused.status).to.equal(429);
    expect(refused.body.code).to.equal('TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 900);
    const login = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(login.status).to.equal(429);

    await advanceClock(app, 15 * 60 + 1);
    const done = await secondStep(await challenge(company), await codeOf(secret));
    expect(done.status, done.text).to.equal(200);
    expect(done.body.token).to.be.a('string');
  });

  it('one mfaToken used twice in parallel gives one session', async () => {
    const company = await makeCompany(app);
    const { secret, recoveryCodes } = await enable(company.token);
    const mfaToken = await challenge(company);
    const answers = await Promise.all([
      secondStep(mfaToken, await codeOf(secret)),
      secondStep(mfaToken, recoveryCodes[0]),
    ]);
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 401]);
  });

  it('disable is throttled like a login: after 5 wrong tries, 429 even with the right password and code', async () => {
    const company = await makeCompany(app);
    const { secret } = await enable(company.token);
    const disable = (password: string, code: string) =>
      app.post('/api/v1/auth/2fa/disable', { password, code }, company.token);
    for (let i = 0; i < 5; i++)
      expect((await disable('not the password', '000000')).body.code).to.equal('REAUTHENTICATION_FAILED');
    const refused = await disable(company.password, await codeOf(secret));
    expect(refused.status).to.equal(429);
    expect(refused.body.code).to.equal('TOO_MANY_ATTEMPTS');
    expect((await app.get('/api/v1/auth/2fa', company.token)).body.enabled).to.equal(true);
    await advanceClock(app, 15 * 60 + 1);
    expect((await disable(company.password, await codeOf(secret))).status).to.equal(204);
  });

  it('disable needs the password and a code; afterwards login answers a session again', async () => {
    const company = await makeCompany(app);
    const { secret, recoveryCodes } = await enable(company.token);
    const wrongPassword = await app.post(
      '/api/v1/auth/2fa/disable',
      { password: 'not the password', code: await codeOf(secret) },
      company.token,
    );
    expect(wrongPassword.status).to.equal(403);
    expect(wrongPassword.body.code).to.equal('REAUTHENTICATION_FAILED');
    const wrongCode = await app.post(
      '/api/v1/auth/2fa/disable',
      { password: company.password, code: 'AAAAA-AAAAA' },
      company.token,
    );
    expect(wrongCode.status).to.equal(403);
    expect(wrongCode.body).to.deep.equal({
      error: 'Forbidden',
      message: 'The password or the code is wrong',
      code: 'REAUTHENTICATION_FAILED',
    });
    const missing = await app.post('/api/v1/auth/2fa/disable', { password: company.password }, company.token);
    expect(missing.status).to.equal(400);
    // The code of the failed try with the wrong password was not used up.
    const ok = await app.post(
      '/api/v1/auth/2fa/disable',
      { password: company.password, code: recoveryCodes[0] },
      company.token,
    );
    expect(ok.status, ok.text).to.equal(204);
    expect((await app.get('/api/v1/auth/2fa', company.token)).body.enabled).to.equal(false);
    const login = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(login.status).to.equal(200);
    expect(login.body.token).to.be.a('string');
    expect(login.body.mfaRequired).to.equal(undefined);
    const notOn = await app.post(
      '/api/v1/auth/2fa/disable',
      { password: company.password, code: '000000' },
      company.token,
    );
    expect(notOn.status).to.equal(409);
    expect(await auditRows('two_factor.disabled', company.userId)).to.have.length(1);
    const rows = await db.query(`SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1`, [
      company.userId,
    ]);
    expect(rows.rows[0].n).to.equal(0);
  });

  it('an OWNER requires 2FA: members without it may only set it up until they enable it', async () => {
    const company = await makeCompany(app);
    const admin = await makeUser(app, company, { role: 'ADMIN' });
    const member = await makeUser(app, company, { role: 'MEMBER', permissions: { contacts: 'read' } });
    const apiKey = await makeApiKey(app, company);
    const set = (token: string, required: unknown) =>
      app.put('/api/v1/organization/two-factor-requirement', { required }, token);

    // An application the member connected before the requirement.
    const client = await registerApp(app, company);
    const { access_token: accessToken } = await obtainTokens(app, member, client, { scope: 'contacts:read' });
    expect((await app.get('/api/v1/contacts', accessToken)).status).to.equal(200);

    const notYet = await set(company.token, true);
    expect(notYet.status).to.equal(409);
    expect(notYet.body.code).to.equal('TWO_FACTOR_NOT_ENABLED');
    const byAdmin = await set(admin.token, true);
    expect(byAdmin.status).to.equal(403);
    expect((await set(company.token, 'yes')).status).to.equal(400);

    await enable(company.token);
    const on = await set(company.token, true);
    expect(on.status, on.text).to.equal(200);
    expect(on.body).to.deep.equal({ required: true });
    expect((await app.get('/api/v1/organization/two-factor-requirement', apiKey.key)).body).to.deep.equal({
      required: true,
    });
    const changed = await db.query(
      `SELECT organization_id, actor_user_id, details FROM audit_log WHERE action = 'two_factor.requirement_changed' AND organization_id = $1`,
      [company.organizationId],
    );
    expect(changed.rows).to.deep.equal([
      { organization_id: company.organizationId, actor_user_id: company.userId, details: { required: true } },
    ]);

    // The member's existing session: refused everywhere but the setup routes.
    const refused = await app.get('/api/v1/contacts', member.token);
    expect(refused.status).to.equal(403);
    expect(refused.body.code).to.equal('TWO_FACTOR_REQUIRED');
    expect((await app.get('/api/v1/organization', member.token)).body.code).to.equal('TWO_FACTOR_REQUIRED');
    const gql = await app.graphql('{ organization { id } }', {}, member.token);
    expect(gql.body.errors[0].extensions.code).to.equal('TWO_FACTOR_REQUIRED');
    expect((await app.get('/api/v1/auth/me', member.token)).status).to.equal(200);
    const status = await app.get('/api/v1/auth/2fa', member.token);
    expect(status.body).to.include({ enabled: false, requiredByOrganization: true });
    // A fresh login still works (so the person can set it up), with the same limits.
    const login = await app.post('/api/v1/auth/login', { email: member.email, password: member.password });
    expect(login.status).to.equal(200);
    expect((await app.get('/api/v1/contacts', login.body.token)).body.code).to.equal('TWO_FACTOR_REQUIRED');
    // The OWNER (2FA on) and API keys are not affected.
    expect((await app.get('/api/v1/contacts', company.token)).status).to.equal(200);
    expect((await app.get('/api/v1/contacts', apiKey.key)).status).to.equal(200);
    // Nor their OAuth applications, and no new consent while the member lacks it.
    const byApp = await app.get('/api/v1/contacts', accessToken);
    expect(byApp.status).to.equal(403);
    expect(byApp.body.code).to.equal('TWO_FACTOR_REQUIRED');
    const consentScreen = await openConsent(app, member.token, authorizeQuery(client, { scope: 'contacts:read' }));
    expect(consentScreen.status).to.equal(403);
    expect(consentScreen.html).to.include('Two-factor login required');

    await enable(member.token);
    expect((await app.get('/api/v1/contacts', member.token)).status).to.equal(200);
    expect((await app.get('/api/v1/contacts', accessToken)).status).to.equal(200);
    expect((await openConsent(app, member.token, authorizeQuery(client, { scope: 'contacts:read' }))).status).to.equal(
      200,
    );

    const off = await set(company.token, false);
    expect(off.body).to.deep.equal({ required: false });
    expect((await app.get('/api/v1/contacts', admin.token)).status).to.equal(200);
  });

  it('GraphQL: the same setup, enable, status, requirement and disable', async () => {
    const company = await makeCompany(app);
    const setup = await app.graphql('mutation { setUpTwoFactor { secret otpauthUrl } }', {}, company.token);
    const { secret } = setup.body.data.setUpTwoFactor;
    expect(secret).to.match(/^[A-Z2-7]{32}$/);
    const enabled = await app.graphql(
      'mutation ($code: String!) { enableTwoFactor(code: $code) { recoveryCodes } }',
      { code: await codeOf(secret) },
      company.token,
    );
    expect(enabled.body.errors, JSON.stringify(enabled.body.errors)).to.equal(undefined);
    expect(enabled.body.data.enableTwoFactor.recoveryCodes).to.have.length(10);
    const status = await app.graphql(
      '{ twoFactor { enabled pending recoveryCodesLeft requiredByOrganization } }',
      {},
      company.token,
    );
    expect(status.body.data.twoFactor).to.deep.equal({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
      requiredByOrganization: false,
    });
    const required = await app.graphql('mutation { setTwoFactorRequired(required: true) }', {}, company.token);
    expect(required.body.data.setTwoFactorRequired).to.equal(true);
    expect((await app.graphql('{ twoFactorRequired }', {}, company.token)).body.data.twoFactorRequired).to.equal(true);
    await app.graphql('mutation { setTwoFactorRequired(required: false) }', {}, company.token);
    const wrong = await app.graphql(
      'mutation ($p: String!, $c: String!) { disableTwoFactor(password: $p, code: $c) }',
      { p: 'wrong password', c: enabled.body.data.enableTwoFactor.recoveryCodes[0] },
      company.token,
    );
    expect(wrong.body.errors[0].extensions.code).to.equal('REAUTHENTICATION_FAILED');
    const disabled = await app.graphql(
      'mutation ($p: String!, $c: String!) { disableTwoFactor(password: $p, code: $c) }',
      { p: company.password, c: enabled.body.data.enableTwoFactor.recoveryCodes[0] },
      company.token,
    );
    expect(disabled.body.data.disableTwoFactor).to.equal(true);
  });

  it('web app: a member of a company requiring 2FA sees only its setup, enables it, and then the app', async function () {
    this.timeout(120_000);
    const browser = await launchBrowser();
    try {
      const company = await makeCompany(app);
      const member = await makeUser(app, company, { role: 'MEMBER', permissions: { contacts: 'read' } });
      await enable(company.token);
      expect(
        (await app.put('/api/v1/organization/two-factor-requirement', { required: true }, company.token)).status,
      ).to.equal(200);

      const { page, problems } = await openApp(browser, app, member.token);
      await page.goto(`${app.url}/app/contacts`);
      await page.getByRole('heading', { name: 'Two-factor login', level: 1 }).waitFor();
      await page.getByText('Your company requires two-factor login').waitFor();
      await expectAccessible(page, 'two-factor setup while required');
      await page.getByRole('button', { name: 'Set up two-factor login' }).click();
      const secret = (await page.getByTestId('totp-secret').innerText()).trim();
      expect(secret).to.match(/^[A-Z2-7]{32}$/);
      await page.getByLabel('Code from the app').fill(await codeOf(secret));
      await page.getByRole('button', { name: 'Enable' }).click();
      const codes = (await readOneTimeSecret(page)).split(/\s+/);
      expect(codes).to.have.length(10);
      for (const c of codes) expect(c).to.match(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.waitForURL((u) => u.pathname === '/app/');
      await page.getByRole('link', { name: 'Contacts' }).first().waitFor();
      expect((await app.get('/api/v1/auth/2fa', member.token)).body).to.include({
        enabled: true,
        recoveryCodesLeft: 10,
      });
      expect(problems).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });

  describe('the /app/login page', () => {
    async function loginForm(path = '/app/login'): Promise<{ cookie: string; csrf: string }> {
      const form = await fetch(app.url + path);
      const html = await form.text();
      const cookie = form.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(html)![1] };
    }
    const postForm = (path: string, cookie: string, body: Record<string, string>) =>
      fetch(app.url + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    const hidden = (html: string, name: string) =>
      new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html)?.[1];

    it('asks for the code after the password, and logs in only with it', async () => {
      const company = await makeCompany(app);
      const { secret } = await enable(company.token);
      const { cookie, csrf } = await loginForm();
      const password = await postForm('/app/login', cookie, {
        email: company.email,
        password: company.password,
        csrf,
        return_to: '/app/settings',
      });
      expect(password.status).to.equal(200);
      expect(password.headers.getSetCookie().some((c) => c.startsWith('session='))).to.equal(false);
      const html = await password.text();
      expect(html).to.include('<form method="post" action="/app/login/2fa">');
      expect(html).to.match(/<input type="text" name="code"/);
      expect(html).to.include('<button type="submit">Verify</button>');
      const mfaToken = hidden(html, 'mfa_token')!;
      expect(mfaToken).to.match(/^fkm_[0-9a-f]{64}$/);
      const codeCsrf = hidden(html, 'csrf')!;

      const forged = await postForm('/app/login/2fa', cookie, {
        mfa_token: mfaToken,
        code: await codeOf(secret),
        csrf: 'forged',
        return_to: '/app/settings',
      });
      expect(forged.status).to.equal(403);
      const wrong = await postForm('/app/login/2fa', cookie, {
        mfa_token: mfaToken,
        code: 'AAAAA-AAAAA',
        csrf: codeCsrf,
        return_to: '/app/settings',
      });
      expect(wrong.status).to.equal(401);
      const again = await wrong.text();
      expect(again).to.include('The code is wrong, expired or already used');
      expect(hidden(again, 'mfa_token')).to.equal(mfaToken);
      const ok = await postForm('/app/login/2fa', cookie, {
        mfa_token: mfaToken,
        code: await codeOf(secret),
        csrf: codeCsrf,
        return_to: '/app/settings',
      });
      expect(ok.status).to.equal(303);
      expect(ok.headers.get('location')).to.equal('/app/settings');
      const session = ok.headers.getSetCookie().find((c) => c.startsWith('session='))!;
      expect(session).to.match(/httponly/i);
      const me = await app.request('GET', '/api/v1/auth/me', { headers: { cookie: session.split(';')[0] } });
      expect(me.status).to.equal(200);
      expect(me.body.user.id).to.equal(company.userId);

      const dead = await postForm('/app/login/2fa', cookie, {
        mfa_token: mfaToken,
        code: await codeOf(secret),
        csrf: codeCsrf,
      });
      expect(dead.status).to.equal(401);
      expect(await dead.text()).to.include('name="password"');
    });

    it('an OAuth authorization for a person with 2FA goes through the code step', async () => {
      const company = await makeCompany(app);
      const client = await registerApp(app, company);
      const { secret } = await enable(company.token);
      const query = authorizeQuery(client, { scope: 'contacts:read' });
      const first = await openConsent(app, null, query);
      expect(first.status).to.equal(302);
      const loginUrl = new URL(first.headers.get('location')!, app.url);
      const returnTo = loginUrl.searchParams.get('return_to')!;
      const { cookie, csrf } = await loginForm(loginUrl.pathname + loginUrl.search);
      const password = await postForm('/app/login', cookie, {
        email: company.email,
        password: company.password,
        csrf,
        return_to: returnTo,
      });
      expect(password.status).to.equal(200);
      expect(password.headers.getSetCookie().some((c) => c.startsWith('session='))).to.equal(false);
      const html = await password.text();
      expect(hidden(html, 'return_to')).to.equal(returnTo.replace(/&/g, '&amp;'));
      const ok = await postForm('/app/login/2fa', cookie, {
        mfa_token: hidden(html, 'mfa_token')!,
        code: await codeOf(secret),
        csrf: hidden(html, 'csrf')!,
        return_to: returnTo,
      });
      expect(ok.status).to.equal(303);
      expect(ok.headers.get('location')).to.equal(returnTo);
      const session = ok.headers
        .getSetCookie()
        .find((c) => c.startsWith('session='))!
        .split(';')[0];
      const screen = await openConsent(app, session.slice('session='.length), query);
      expect(screen.status, screen.html).to.equal(200);
      expect(screen.scopes).to.deep.equal([{ scope: 'contacts:read', enabled: true }]);
    });
    it('in Chromium: an OAuth authorization logs in with password, then the code, then consents', async function () {
      this.timeout(60_000);
      const [browser, receiver] = await Promise.all([
        chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] }),
        callbackReceiver(),
      ]);
      try {
        const company = await makeCompany(app);
        const client = await registerApp(app, company, { redirectUris: [receiver.url] });
        const { secret } = await enable(company.token);
        const query = authorizeQuery(client, { scope: 'contacts:read' });
        const page = await (await browser.newContext()).newPage();
        await page.goto(`${app.url}/api/v1/oauth/authorize?${new URLSearchParams(query).toString()}`);
        expect(new URL(page.url()).pathname).to.equal('/app/login');
        await page.fill('input[name="email"]', company.email);
        await page.fill('input[name="password"]', company.password);
        await page.click('button:has-text("Log in")');
        await page.waitForSelector('input[name="code"]');
        await page.fill('input[name="code"]', 'AAAAA-AAAAA');
        await page.click('button:has-text("Verify")');
        await page.waitForSelector('text=The code is wrong, expired or already used');
        await page.fill('input[name="code"]', await codeOf(secret));
        await page.click('button:has-text("Verify")');
        await page.waitForURL((u) => u.pathname === '/app/oauth/consent');
        await page.click('button:has-text("Allow")');
        await page.waitForURL((u) => u.href.startsWith(receiver.url));
        const callback = new URL(page.url());
        expect(callback.searchParams.get('state')).to.equal(query.state);
        expect(callback.searchParams.get('code')).to.match(/^fac_[0-9a-f]{64}$/);
      } finally {
        await Promise.all([browser.close(), receiver.close()]);
      }
    });
  });
});
