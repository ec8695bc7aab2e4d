import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, type Company } from '../helpers/fixtures';

const MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

/** Issue 11, points 1 and 5: one check of every incoming string; error answers stay small. */
describe('hostile input: unstorable text and error size', () => {
  let app: TestApp;
  let company: Company;
  let apiKey: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    apiKey = (await makeApiKey(app, company)).key;
  });
  after(() => app.stop());

  it('answers NUL and lone surrogates in JSON bodies with 400 naming the field', async () => {
    const nul = await app.post('/api/v1/contacts', { name: 'a\u0000b' }, apiKey);
    expect(nul.status).to.equal(400);
    expect(nul.body).to.deep.equal({
      error: 'Bad Request',
      message: `Invalid input: name: ${MESSAGE}`,
      code: 'VALIDATION_FAILED',
      details: [{ path: 'name', message: MESSAGE }],
    });
    const surrogate = await app.post(
      '/api/v1/documents',
      { items: [{ name: 'ok' }, { name: 'ok' }, { name: 'x\ud800y' }] },
      apiKey,
    );
    expect(surrogate.status).to.equal(400);
    expect(surrogate.body.details).to.deep.equal([{ path: 'items[2].name', message: MESSAGE }]);
    const low = await app.post('/api/v1/contacts', { name: 'ok', city: 'x\udc00' }, apiKey);
    expect(low.body.details).to.deep.equal([{ path: 'city', message: MESSAGE }]);
    const key = await app.post('/api/v1/users', { email: 'a@b.cz', permissions: { 'a\u0000': 'read' } }, company.token);
    expect(key.status).to.equal(400);
    expect(key.body.details).to.deep.equal([{ path: 'permissions["a\\u0000"]', message: MESSAGE }]);
    // A well-formed pair is a character, not a lone surrogate.
    const emoji = await app.post('/api/v1/contacts', { name: 'Smile \ud83d\ude00' }, apiKey);
    expect(emoji.status, emoji.text).to.equal(201);
  });

  it('answers %00 in a query string or a path parameter with 400 naming it', async () => {
    for (const path of ['/api/v1/contacts?search=%00', '/api/v1/products?search=a%00b', '/api/v1/documents?tag=%00']) {
      const res = await app.get(path, apiKey);
      expect(res.status, path).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details[0].path).to.equal(path.split('?')[1].split('=')[0]);
    }
    const param = await app.get('/api/v1/contacts/%00', apiKey);
    expect(param.status).to.equal(400);
    expect(param.body.details).to.deep.equal([{ path: 'id', message: MESSAGE }]);
  });

  it('checks form posts too: /app/login and the OAuth token endpoint (RFC 6749 body there)', async () => {
    const login = await app.request('POST', '/app/login', {
      raw: 'email=a%00b%40c.cz&password=x&csrf=y',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.status).to.equal(400);
    expect(login.body.details).to.deep.equal([{ path: 'email', message: MESSAGE }]);
    const token = await app.request('POST', '/api/v1/oauth/token', {
      raw: 'grant_type=authorization_code&code=%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status).to.equal(400);
    expect(token.headers.get('cache-control')).to.equal('no-store');
    expect(token.body).to.deep.equal({ error: 'invalid_request', error_description: `Parameter code ${MESSAGE}` });
  });

  it('stores text NFC-normalised', async () => {
    const created = await app.post('/api/v1/contacts', { name: 'Kafe\u0301 Ne\u030cmec' }, apiKey);
    expect(created.status, created.text).to.equal(201);
    expect(created.body.name).to.equal('Kaf\u00e9 N\u011bmec');
    const found = await app.get(`/api/v1/contacts?search=${encodeURIComponent('Ne\u030cmec')}`, apiKey);
    expect(found.body.data.map((c: { id: string }) => c.id)).to.deep.equal([created.body.id]);
  });

  it('answers the same over GraphQL, before execution: variables, GET variables and literals', async () => {
    const mutation = 'mutation($input: CreateContactInput!) { createContact(input: $input) { id } }';
    const variables = await app.graphql(mutation, { input: { name: 'a\u0000b' } }, apiKey);
    expect(variables.status).to.equal(400);
    expect(variables.body.errors[0].extensions).to.deep.include({ code: 'VALIDATION_FAILED' });
    expect(variables.body.errors[0].extensions.details).to.deep.equal([
      { path: 'variables.input.name', message: MESSAGE },
    ]);
    const query = encodeURIComponent('query($s: String) { contacts(search: $s) { data { id } } }');
    const get = await app.request('GET', `/graphql?query=${query}&variables=${encodeURIComponent('{"s":"\\u0000"}')}`, {
      token: apiKey,
      headers: { 'apollo-require-preflight': '1' },
    });
    expect(get.status, get.text).to.equal(400);
    expect(get.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(get.body.errors[0].extensions.details).to.deep.equal([{ path: 'variables.s', message: MESSAGE }]);
    const literal = await app.graphql('mutation { createContact(input: { name: "x\\u0000y" }) { id } }', {}, apiKey);
    expect(literal.status).to.equal(400);
    expect(literal.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(literal.body.errors[0].extensions.details).to.deep.equal([{ path: 'input.name', message: MESSAGE }]);
    // graphql-js itself refuses an escaped lone surrogate while parsing; the code is the same.
    const surrogate = await app.graphql('mutation { createContact(input: { name: "x\\ud800y" }) { id } }', {}, apiKey);
    expect(surrogate.status).to.equal(400);
    expect(surrogate.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    const nfc = await app.graphql(
      'mutation { createContact(input: { name: "Caf\\u0065\\u0301" }) { name } }',
      {},
      apiKey,
    );
    expect(nfc.body.data.createContact.name).to.equal('Caf\u00e9');
    const before = (await app.get('/api/v1/contacts?limit=200', apiKey)).body.data.length;
    expect(before).to.equal(3);
  });

  it('caps error details: 100,000 invalid scopes answer a small 400', async () => {
    const started = Date.now();
    const res = await app.post(
      '/api/v1/oauth/applications',
      { name: 'x', redirectUris: ['https://example.cz/cb'], scopes: Array.from({ length: 100_000 }, () => ({})) },
      company.token,
    );
    expect(Date.now() - started).to.be.below(2000);
    expect(res.status).to.equal(400);
    expect(res.text.length).to.be.below(8192);
    // The schema's maxItems answers first: one issue naming the array.
    expect(res.body.details).to.deep.equal([{ path: 'scopes', message: res.body.details[0].message }]);
    // Within the array's bound every element may be wrong: the details are capped all the same.
    const fifty = await app.post(
      '/api/v1/oauth/applications',
      { name: 'x', redirectUris: ['https://example.cz/cb'], scopes: Array.from({ length: 50 }, () => ({})) },
      company.token,
    );
    expect(fifty.status).to.equal(400);
    expect(fifty.body.details).to.have.length(20);
    expect(fifty.body.omittedDetails).to.equal(30);
    expect(fifty.body.message).to.match(/\(and 45 more\)$/);
    const text = await app.post(
      '/api/v1/contacts',
      Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, '\u0000'])),
      apiKey,
    );
    expect(text.status).to.equal(400);
    expect(text.text.length).to.be.below(4096);
    expect(text.body.omittedDetails).to.equal(4980);
    const gql = await app.graphql(
      'mutation($input: RegisterOAuthApplicationInput!) { registerOAuthApplication(input: $input) { clientId } }',
      {
        input: {
          name: 'x',
          redirectUris: ['https://example.cz/cb'],
          scopes: Array.from({ length: 100_000 }, () => 'x'),
        },
      },
      company.token,
    );
    expect(gql.text.length).to.be.below(8192);
    expect(gql.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(gql.body.errors[0].extensions.details.length).to.be.at.most(20);
  });
});
