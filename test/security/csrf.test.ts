import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, type Company } from '../helpers/fixtures';

/**
 * Issue 23 point 6: a state-changing request authenticated by the session cookie must be JSON or
 * carry X-Faktura-Csrf; a form or text body with the cookie is 403 FORBIDDEN (REST and GraphQL).
 */
describe('CSRF: the session cookie needs JSON or X-Faktura-Csrf to change state', () => {
  let app: TestApp;
  let company: Company;
  let cookie: { cookie: string };
  const FORM = 'application/x-www-form-urlencoded';
  const CREATE_CONTACT = 'mutation { createContact(input: { name: "GraphQL form" }) { id } }';

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    cookie = { cookie: `session=${company.token}` };
  });
  after(() => app?.stop());

  async function contactNames(): Promise<string[]> {
    const res = await app.get('/api/v1/contacts?limit=100', company.token);
    expect(res.status, res.text).to.equal(200);
    return (res.body.data as { name: string }[]).map((c) => c.name);
  }

  it('refuses a form, multipart or text body sent with the cookie on /api/v1, and changes nothing', async () => {
    for (const contentType of [FORM, 'text/plain', 'multipart/form-data; boundary=x', '']) {
      const res = await app.request('POST', '/api/v1/contacts', {
        raw: contentType === 'text/plain' ? '{"name":"Text Co"}' : 'name=Form+Co',
        headers: { ...cookie, ...(contentType ? { 'content-type': contentType } : {}) },
      });
      expect(res.status, contentType).to.equal(403);
      expect(res.body.code).to.equal('FORBIDDEN');
      expect(res.body.message).to.include('session cookie').and.include('X-Faktura-Csrf');
    }
    // Methods without a body need the header too; an unknown path is refused before its 404.
    const del = await app.request('DELETE', '/api/v1/api-keys/00000000-0000-0000-0000-000000000000', {
      headers: cookie,
    });
    expect(del.status).to.equal(403);
    expect(
      (await app.request('POST', '/api/v1/no-such-route', { raw: 'a=1', headers: { ...cookie, 'content-type': FORM } }))
        .status,
    ).to.equal(403);
    expect(await contactNames())
      .not.to.include('Form Co')
      .and.not.to.include('Text Co');
  });

  it('accepts JSON with the cookie, the same form with X-Faktura-Csrf, and a form with an Authorization header', async () => {
    const json = await app.request('POST', '/api/v1/contacts', { body: { name: 'Json Co' }, headers: cookie });
    expect(json.status, json.text).to.equal(201);
    const merge = await app.request('PATCH', `/api/v1/contacts/${json.body.id}`, {
      raw: JSON.stringify({ city: 'Brno' }),
      headers: { ...cookie, 'content-type': 'application/merge-patch+json; charset=utf-8' },
    });
    expect(merge.status, merge.text).not.to.equal(403);
    const withHeader = await app.request('POST', '/api/v1/contacts', {
      raw: 'name=Header+Co',
      headers: { ...cookie, 'content-type': FORM, 'x-faktura-csrf': '1' },
    });
    expect(withHeader.status, withHeader.text).to.equal(201);
    expect(withHeader.body.name).to.equal('Header Co');
    const bearer = await app.request('POST', '/api/v1/contacts', {
      raw: 'name=Bearer+Co',
      headers: { ...cookie, 'content-type': FORM, authorization: `Bearer ${company.token}` },
    });
    expect(bearer.status, bearer.text).to.equal(201);
    const key = await makeApiKey(app, company);
    const apiKey = await app.request('POST', '/api/v1/contacts', {
      raw: 'name=Key+Co',
      headers: { 'content-type': FORM, authorization: `Bearer ${key.key}` },
    });
    expect(apiKey.status, apiKey.text).to.equal(201);
    // Reading needs no proof: GET with the cookie only.
    expect((await app.request('GET', '/api/v1/contacts', { headers: cookie })).status).to.equal(200);
    expect(await contactNames()).to.include.members(['Json Co', 'Header Co', 'Bearer Co', 'Key Co']);
  });

  it('refuses GraphQL over the cookie with a form or text body, and any GET without the header; never runs a mutation from a GET', async () => {
    for (const [contentType, raw] of [
      [FORM, `query=${encodeURIComponent(CREATE_CONTACT)}`],
      ['text/plain', JSON.stringify({ query: CREATE_CONTACT })],
    ]) {
      const res = await app.request('POST', '/graphql', { raw, headers: { ...cookie, 'content-type': contentType } });
      expect(res.status, contentType).to.equal(403);
      const error = JSON.parse(res.text).errors[0];
      expect(error.extensions.code).to.equal('FORBIDDEN');
      expect(error.message).to.include('X-Faktura-Csrf');
    }
    const get = await app.request('GET', `/graphql?query=${encodeURIComponent(CREATE_CONTACT)}`, { headers: cookie });
    expect(get.status).to.equal(403);
    // Past both CSRF checks (ours and Apollo's), with the cookie or a bearer token, a GET never runs a mutation.
    for (const headers of <Record<string, string>[]>[
      { ...cookie, 'x-faktura-csrf': '1', 'apollo-require-preflight': '1' },
      { authorization: `Bearer ${company.token}`, 'apollo-require-preflight': '1' },
    ]) {
      const res = await app.request('GET', `/graphql?query=${encodeURIComponent(CREATE_CONTACT)}`, { headers });
      expect(res.status).to.equal(405);
    }
    expect(await contactNames()).not.to.include('GraphQL form');
    const json = await app.request('POST', '/graphql', { body: { query: CREATE_CONTACT }, headers: cookie });
    expect(json.status, json.text).to.equal(200);
    expect(json.body.data.createContact.id).to.be.a('string');
  });
});
