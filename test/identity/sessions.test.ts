import { expect } from 'chai';
import { query } from '../../src/core/db/sql';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { makeCompany, makeUser, UNAUTHORIZED_BODY, type Company } from '../helpers/fixtures';

/** Issue 23 point 2: sessions are server-side records that logout, password change and removal end at once. */
describe('identity: server-side sessions', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  const login = async (email: string, password: string, userAgent = 'test-agent/1.0') => {
    const res = await app.request('POST', '/api/v1/auth/login', {
      body: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status, res.text).to.equal(200);
    return res.body.token as string;
  };
  const me = (token: string) => app.get('/api/v1/auth/me', token);
  const graphqlMe = async (token: string) => {
    const res = await app.graphql('{ me { user { id } } }', {}, token);
    return res.status === 401 || res.body.errors ? 401 : 200;
  };
  const auditOf = (action: string, targetId: string) =>
    query<{ organization_id: string | null; actor_user_id: string | null; details: Record<string, unknown> }>(
      app.app.container.orm.em.fork(),
      'SELECT organization_id, actor_user_id, details FROM audit_log WHERE action = ? AND target_id = ? ORDER BY organization_id',
      [action, targetId],
    );

  it('issues opaque fks_ tokens stored only as their hash', async () => {
    const company = await makeCompany(app);
    expect(company.token).to.match(/^fks_[0-9a-f]{64}$/);
    const rows = await query<{ token_hash: string }>(
      app.app.container.orm.em.fork(),
      'SELECT token_hash FROM sessions WHERE user_id = ?',
      [company.userId],
    );
    expect(rows).to.have.length(1);
    expect(rows[0].token_hash)
      .to.match(/^[0-9a-f]{64}$/)
      .and.not.equal(company.token.slice(4));
  });

  it('logout ends the session at once on REST and GraphQL and clears the cookie; other sessions live on', async () => {
    const company = await makeCompany(app);
    const other = await login(company.email, company.password);
    expect((await me(company.token)).status).to.equal(200);
    expect(await graphqlMe(company.token)).to.equal(200);

    const out = await app.post('/api/v1/auth/logout', {}, company.token);
    expect(out.status, out.text).to.equal(204);
    expect(out.headers.get('set-cookie')).to.match(/^session=;.*expires=Thu, 01 Jan 1970/i);

    const after = await me(company.token);
    expect(after.status).to.equal(401);
    expect(after.body).to.deep.equal(UNAUTHORIZED_BODY);
    expect(await graphqlMe(company.token)).to.equal(401);
    const cookie = await app.request('GET', '/api/v1/organization', {
      headers: { cookie: `session=${company.token}` },
    });
    expect(cookie.status).to.equal(401);
    expect((await app.post('/api/v1/auth/logout', {}, company.token)).status).to.equal(401);
    expect((await me(other)).status).to.equal(200);

    const logged = await query<{ organization_id: string; actor_user_id: string }>(
      app.app.container.orm.em.fork(),
      `SELECT organization_id, actor_user_id FROM audit_log WHERE action = 'logout' AND actor_user_id = ?`,
      [company.userId],
    );
    expect(logged).to.deep.equal([{ organization_id: company.organizationId, actor_user_id: company.userId }]);
  });

  it('GraphQL logOut ends the session too', async () => {
    const company = await makeCompany(app);
    const res = await app.graphql('mutation { logOut }', {}, company.token);
    expect(res.body.data).to.deep.equal({ logOut: true });
    expect((await me(company.token)).status).to.equal(401);
    expect(await graphqlMe(company.token)).to.equal(401);
  });

  async function sessionsOf(token: string, query = '') {
    const res = await app.get(`/api/v1/auth/sessions${query}`, token);
    expect(res.status, res.text).to.equal(200);
    return res.body.data as { id: string; ip: string; userAgent: string; current: boolean; lastSeenAt: string }[];
  }

  it('lists the person’s live sessions with IP and user agent, marks the current one, and pages', async () => {
    const company = await makeCompany(app);
    const phone = await login(company.email, company.password, 'Phone Browser 3.0');
    const laptop = await login(company.email, company.password, 'Laptop Browser 9.1');
    const list = await sessionsOf(laptop);
    expect(list).to.have.length(3);
    const [signup, onPhone, onLaptop] = list;
    expect(onPhone).to.deep.include({ userAgent: 'Phone Browser 3.0', current: false });
    expect(onLaptop).to.deep.include({ userAgent: 'Laptop Browser 9.1', current: true });
    expect(signup.current).to.equal(false);
    for (const s of list) {
      expect(s.ip).to.match(/127\.0\.0\.1$/);
      expect(s).to.have.all.keys('id', 'createdAt', 'lastSeenAt', 'expiresAt', 'ip', 'userAgent', 'current');
    }
    const first = await app.get('/api/v1/auth/sessions?limit=2', phone);
    expect(first.body.data.map((s: { id: string }) => s.id)).to.deep.equal([signup.id, onPhone.id]);
    const rest = await app.get(`/api/v1/auth/sessions?limit=2&cursor=${first.body.nextCursor}`, phone);
    expect(rest.body).to.deep.equal({ data: [{ ...onLaptop, current: false }], nextCursor: null });

    const gql = await app.graphql('{ mySessions { data { id userAgent current } nextCursor } }', {}, phone);
    expect(gql.body.data.mySessions.data).to.deep.equal([
      { id: signup.id, userAgent: signup.userAgent, current: false },
      { id: onPhone.id, userAgent: 'Phone Browser 3.0', current: true },
      { id: onLaptop.id, userAgent: 'Laptop Browser 9.1', current: false },
    ]);
  });

  it('updates last seen at most once a minute (by the Clock)', async () => {
    const company = await makeCompany(app);
    const [before] = await sessionsOf(company.token);
    await app.post('/api/test/clock', { advanceSeconds: 30 });
    try {
      expect((await sessionsOf(company.token))[0].lastSeenAt).to.equal(before.lastSeenAt);
      await app.post('/api/test/clock', { advanceSeconds: 31 });
      const [seen] = await sessionsOf(company.token);
      expect(Date.parse(seen.lastSeenAt) - Date.parse(before.lastSeenAt)).to.be.at.least(61_000);
    } finally {
      await app.post('/api/test/clock', { advanceSeconds: -61 });
    }
  });

  it('ends one of the person’s own sessions; another person’s or an unknown id is 404', async () => {
    const company = await makeCompany(app);
    const second = await login(company.email, company.password, 'Second');
    const stranger = await makeCompany(app);
    const secondId = (await sessionsOf(second)).find((s) => s.current)!.id;

    expect((await app.del(`/api/v1/auth/sessions/${secondId}`, stranger.token)).status).to.equal(404);
    expect((await me(second)).status).to.equal(200);
    expect(
      (await app.del('/api/v1/auth/sessions/00000000-0000-4000-8000-000000000000', company.token)).status,
    ).to.equal(404);
    expect((await app.del('/api/v1/auth/sessions/not-a-uuid', company.token)).status).to.equal(404);

    const ended = await app.del(`/api/v1/auth/sessions/${secondId}`, company.token);
    expect(ended.status, ended.text).to.equal(204);
    expect((await me(second)).status).to.equal(401);
    expect((await me(company.token)).status).to.equal(200);
    expect((await sessionsOf(company.token)).map((s) => s.id)).not.to.include(secondId);
    expect((await app.del(`/api/v1/auth/sessions/${secondId}`, company.token)).status).to.equal(404);
    expect(await auditOf('session.ended', secondId)).to.have.length(1);

    const third = await login(company.email, company.password, 'Third');
    const thirdId = (await sessionsOf(third)).find((s) => s.current)!.id;
    const gql = await app.graphql(`mutation($id: ID!) { endSession(id: $id) }`, { id: thirdId }, company.token);
    expect(gql.body.data).to.deep.equal({ endSession: true });
    expect((await me(third)).status).to.equal(401);
  });

  it('refuses the session routes to API keys', async () => {
    const company = await makeCompany(app);
    const key = await app.post('/api/v1/api-keys', { name: 'k' }, company.token);
    for (const res of [
      await app.post('/api/v1/auth/logout', {}, key.body.key),
      await app.get('/api/v1/auth/sessions', key.body.key),
      await app.post('/api/v1/auth/password', { currentPassword: 'x', newPassword: 'y' }, key.body.key),
    ])
      expect(res.status).to.equal(403);
  });

  describe('password change', () => {
    let company: Company;
    before(async () => {
      company = await makeCompany(app);
    });

    it('refuses a wrong current password with 400 naming it, and a weak new one', async () => {
      const wrong = await app.post(
        '/api/v1/auth/password',
        { currentPassword: 'not my password', newPassword: 'a brand new passphrase' },
        company.token,
      );
      expect(wrong.status).to.equal(400);
      expect(wrong.body.code).to.equal('VALIDATION_FAILED');
      expect(wrong.body.details).to.deep.equal([{ path: 'currentPassword', message: 'is not the current password' }]);
      const short = await app.post(
        '/api/v1/auth/password',
        { currentPassword: company.password, newPassword: 'too short' },
        company.token,
      );
      expect(short.status).to.equal(400);
      expect(short.body.details).to.deep.equal([{ path: 'newPassword', message: 'must be at least 12 characters' }]);
      const asEmail = await app.post(
        '/api/v1/auth/password',
        { currentPassword: company.password, newPassword: company.email.toUpperCase() },
        company.token,
      );
      expect(asEmail.status).to.equal(400);
      expect(asEmail.body.details).to.deep.equal([{ path: 'newPassword', message: 'must not be the e-mail address' }]);
      expect((await login(company.email, company.password)).length).to.equal(68);
    });

    it('throttles the current password like a login: after 5 wrong ones, 429 until 15 minutes pass', async () => {
      const person = await makeCompany(app);
      const change = (currentPassword: string) =>
        app.post('/api/v1/auth/password', { currentPassword, newPassword: 'a brand new passphrase' }, person.token);
      const wrong = await Promise.all(Array.from({ length: 7 }, () => change('not my password')));
      expect(wrong.map((r) => r.status).sort()).to.deep.equal([400, 400, 400, 400, 400, 429, 429]);
      const right = await change(person.password);
      expect(right.status).to.equal(429);
      expect(right.body.code).to.equal('TOO_MANY_ATTEMPTS');
      expect(Number(right.headers.get('retry-after'))).to.be.within(1, 900);
      await advanceClock(app, 15 * 60 + 1);
      expect((await change(person.password)).status).to.equal(200);
    });

    it('changes the password and ends every other session, not the current one', async () => {
      const other = await login(company.email, company.password, 'Other');
      const current = await login(company.email, company.password, 'Current');
      const res = await app.post(
        '/api/v1/auth/password',
        { currentPassword: company.password, newPassword: 'a brand new passphrase' },
        current,
      );
      expect(res.status, res.text).to.equal(200);
      expect(res.body.endedSessions).to.be.at.least(2);
      expect((await me(current)).status).to.equal(200);
      expect((await me(other)).status).to.equal(401);
      expect((await me(company.token)).status).to.equal(401);
      expect(await graphqlMe(other)).to.equal(401);
      expect((await sessionsOf(current)).map((s) => s.current)).to.deep.equal([true]);

      const old = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
      expect(old.status).to.equal(401);
      await login(company.email, 'a brand new passphrase');
      const [entry] = await auditOf('password.changed', company.userId);
      expect(entry.organization_id).to.equal(company.organizationId);
      expect(entry.details.endedSessions).to.equal(res.body.endedSessions);

      const gql = await app.graphql(
        'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { endedSessions } }',
        { c: 'a brand new passphrase', n: 'yet another passphrase' },
        current,
      );
      expect(gql.body.data.changePassword.endedSessions).to.equal(1);
      expect((await me(current)).status).to.equal(200);
    });
  });

  describe('removing a person from the company', () => {
    it('removes the membership and ends all their sessions at once (REST and GraphQL)', async () => {
      const company = await makeCompany(app);
      const member = await makeUser(app, company);
      const again = await login(member.email, member.password);
      const res = await app.del(`/api/v1/users/${member.id}`, company.token);
      expect(res.status, res.text).to.equal(204);
      for (const token of [member.token, again]) {
        expect((await me(token)).status).to.equal(401);
        expect(await graphqlMe(token)).to.equal(401);
      }
      expect((await app.get(`/api/v1/users/${member.id}`, company.token)).status).to.equal(404);
      expect((await app.del(`/api/v1/users/${member.id}`, company.token)).status).to.equal(404);
      const [entry] = await auditOf('user.removed', member.id);
      expect(entry).to.deep.include({ organization_id: company.organizationId, actor_user_id: company.userId });
      expect(entry.details).to.deep.include({ email: member.email, role: 'MEMBER', endedSessions: 2 });
      // The person can still log in (the user row stays) but reaches no company.
      const back = await login(member.email, member.password);
      expect((await me(back)).status).to.equal(401);

      const other = await makeUser(app, company);
      const gql = await app.graphql(`mutation($id: ID!) { removeUser(id: $id) }`, { id: other.id }, company.token);
      expect(gql.body.data).to.deep.equal({ removeUser: true });
      expect((await me(other.token)).status).to.equal(401);
    });

    it('refuses to remove the OWNER, oneself, or an ADMIN unless the OWNER asks (403 naming why)', async () => {
      const company = await makeCompany(app);
      const admin = await makeUser(app, company, { role: 'ADMIN' });
      const otherAdmin = await makeUser(app, company, { role: 'ADMIN' });
      const member = await makeUser(app, company);

      const owner = await app.del(`/api/v1/users/${company.userId}`, admin.token);
      expect(owner.status).to.equal(403);
      expect(owner.body).to.deep.include({
        code: 'FORBIDDEN',
        message: 'The owner cannot be removed from the company',
      });
      const self = await app.del(`/api/v1/users/${admin.id}`, admin.token);
      expect(self.status).to.equal(403);
      expect(self.body.message).to.equal('You cannot remove yourself from the company');
      const ownerSelf = await app.del(`/api/v1/users/${company.userId}`, company.token);
      expect(ownerSelf.status).to.equal(403);
      const adminByAdmin = await app.del(`/api/v1/users/${otherAdmin.id}`, admin.token);
      expect(adminByAdmin.status).to.equal(403);
      expect(adminByAdmin.body.message).to.equal('Only the owner can remove an ADMIN');
      const byMember = await app.del(`/api/v1/users/${admin.id}`, member.token);
      expect(byMember.status).to.equal(403);
      for (const token of [company.token, admin.token, otherAdmin.token, member.token])
        expect((await me(token)).status).to.equal(200);

      expect((await app.del(`/api/v1/users/${member.id}`, admin.token)).status).to.equal(204);
      expect((await app.del(`/api/v1/users/${otherAdmin.id}`, company.token)).status).to.equal(204);
      expect((await me(member.token)).status).to.equal(401);
      expect((await me(otherAdmin.token)).status).to.equal(401);
    });

    it('never reaches a person of another company (404)', async () => {
      const company = await makeCompany(app);
      const stranger = await makeCompany(app);
      const member = await makeUser(app, stranger);
      expect((await app.del(`/api/v1/users/${member.id}`, company.token)).status).to.equal(404);
      expect((await me(member.token)).status).to.equal(200);
    });
  });
});
