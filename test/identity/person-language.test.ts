import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeUser } from '../helpers/fixtures';

/**
 * The web app's language of a person (issue 30 point 1): chosen and remembered per person, through
 * REST (PATCH /api/v1/auth/me) and GraphQL (setMyLanguage); until chosen, the company's default —
 * Czech for a company in CZ (or with no country), English otherwise.
 */
describe('identity: the language a person chose for the web app', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  const ME = `query { me { language defaultLanguage user { email } } }`;

  it('is unset with Czech as the default for a company in CZ; chosen through REST, remembered, and cleared again', async () => {
    const company = await makeCompany(app);
    expect((await app.graphql(ME, {}, company.token)).body.data.me).to.include({
      language: null,
      defaultLanguage: 'cs',
    });
    expect((await app.get('/api/v1/auth/me', company.token)).body.language).to.equal(null);

    const chosen = await app.patch('/api/v1/auth/me', { language: 'en' }, company.token);
    expect(chosen.status, chosen.text).to.equal(200);
    expect(chosen.body).to.include({ language: 'en' });
    expect((await app.get('/api/v1/auth/me', company.token)).body.language).to.equal('en');
    expect((await app.graphql(ME, {}, company.token)).body.data.me.language).to.equal('en');

    expect((await app.patch('/api/v1/auth/me', { language: null }, company.token)).body.language).to.equal(null);
  });

  it('is per person: another person of the company keeps its own', async () => {
    const company = await makeCompany(app);
    const other = await makeUser(app, company, { role: 'MEMBER' });
    await app.patch('/api/v1/auth/me', { language: 'en' }, company.token);
    expect((await app.get('/api/v1/auth/me', other.token)).body.language).to.equal(null);
  });

  it('changes through GraphQL setMyLanguage', async () => {
    const company = await makeCompany(app);
    const res = await app.graphql(
      `mutation { setMyLanguage(language: "en") { language defaultLanguage } }`,
      {},
      company.token,
    );
    expect(res.body.data.setMyLanguage).to.deep.equal({ language: 'en', defaultLanguage: 'cs' });
  });

  it('refuses a language the app does not have (400 on REST, VALIDATION_FAILED in GraphQL)', async () => {
    const company = await makeCompany(app);
    for (const language of ['de', '', 'x'.repeat(10_000), 5]) {
      const res = await app.patch('/api/v1/auth/me', { language }, company.token);
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
    }
    const gql = await app.graphql(`mutation { setMyLanguage(language: "de") { language } }`, {}, company.token);
    expect(gql.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
  });

  it('defaults to English for a company whose country is not Czechia', async () => {
    const company = await makeCompany(app);
    const settings = await app.get('/api/v1/settings/company', company.token);
    const saved = await app.put('/api/v1/settings/company', { ...settings.body, country: 'Germany' }, company.token);
    expect(saved.status, saved.text).to.equal(200);
    expect((await app.graphql(ME, {}, company.token)).body.data.me.defaultLanguage).to.equal('en');
  });

  it('needs a session: an API key is refused', async () => {
    const company = await makeCompany(app);
    const key = await app.post('/api/v1/api-keys', { name: 'k' }, company.token);
    expect((await app.patch('/api/v1/auth/me', { language: 'en' }, key.body.key)).status).to.be.oneOf([401, 403]);
  });
});
