import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, type Company } from '../helpers/fixtures';

/** Issue 23 point 8: at least 12 characters, not a common or breached password, not the e-mail. */
describe('identity: password policy', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const signup = (email: string, password: string) =>
    app.post('/api/v1/auth/signup', { companyName: 'Policy s.r.o.', email, password });
  const createUser = (email: string, password: string) =>
    app.post('/api/v1/users', { email, password, role: 'MEMBER' }, company.token);

  const refusals: [string, (email: string) => string, string][] = [
    ['shorter than 12 characters', () => 'eleven char', 'must be at least 12 characters'],
    // From the zxcvbn-ts common-passwords dictionary, in any case.
    ['a common password', () => 'qwerty123456', 'is a commonly used password; choose another'],
    ['a common password in capitals', () => 'LeaveMeAlone', 'is a commonly used password; choose another'],
    ['the e-mail address', (email) => email, 'must not be the e-mail address'],
    ['the e-mail in another case', (email) => email.toUpperCase(), 'must not be the e-mail address'],
  ];

  for (const [what, password, message] of refusals) {
    it(`refuses ${what} at signup and for a new user with 400 VALIDATION_FAILED`, async () => {
      const email = `policy-${what.replace(/\W+/g, '-')}@example.cz`;
      for (const res of [await signup(email, password(email)), await createUser(email, password(email))]) {
        expect(res.status, res.text).to.equal(400);
        expect(res.body.code).to.equal('VALIDATION_FAILED');
        expect(res.body.details).to.deep.equal([{ path: 'password', message }]);
      }
      const login = await app.post('/api/v1/auth/login', { email, password: password(email) });
      expect(login.status).to.equal(401);
    });
  }

  it('refuses the same on password change (newPassword)', async () => {
    for (const [, password, message] of refusals) {
      const res = await app.post(
        '/api/v1/auth/password',
        { currentPassword: company.password, newPassword: password(company.email) },
        company.token,
      );
      expect(res.status, res.text).to.equal(400);
      expect(res.body.details).to.deep.equal([{ path: 'newPassword', message }]);
    }
  });

  it('accepts a long uncommon passphrase (12 characters exactly too)', async () => {
    expect((await signup('policy-ok@example.cz', 'twelve chars')).status).to.equal(201);
    expect((await createUser('policy-ok-user@example.cz', 'correct horse battery')).status).to.equal(201);
  });

  it('names the rule in the OpenAPI description of the inputs', async () => {
    const doc = (await app.get('/api/v1/openapi.json')).body;
    const body = doc.paths['/api/v1/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(body.properties.password.minLength).to.equal(12);
  });
});
