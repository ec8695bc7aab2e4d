import { expect } from 'chai';
import { getIntrospectionQuery } from 'graphql';
import { WORST_ALLOWED_QUERY } from '../../scripts/bench/graphql-limits';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, type Company } from '../helpers/fixtures';

function nested(depth: number): string {
  // me { organizations { ... } }: a real path is not that deep, so unknown fields fill the rest.
  return `{ ${'me { '.repeat(1)}${'user { '.repeat(depth - 2)}id${' }'.repeat(depth - 1)} }`;
}

/** Issue 11, point 4: limits a hostile client cannot pass, refused with HTTP 400 before execution. */
describe('hostile input: GraphQL limits', () => {
  let app: TestApp;
  let company: Company;
  let apiKey: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    apiKey = (await makeApiKey(app, company)).key;
  });
  after(() => app.stop());

  async function refused(query: string, code: string) {
    const started = Date.now();
    const res = await app.graphql(query, {}, apiKey);
    expect(Date.now() - started, 'answer time').to.be.below(2000);
    expect(res.status, res.text.slice(0, 500)).to.equal(400);
    expect(res.body.data).to.equal(undefined);
    expect(res.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).to.include(code);
    return res;
  }

  it('refuses depth over 12 with QUERY_TOO_DEEP, and a 5,000-deep document without exhausting the stack', async () => {
    await refused(nested(13), 'QUERY_TOO_DEEP');
    const deep = await refused(`{ ${'a { '.repeat(5000)}b${' }'.repeat(5000)} }`, 'QUERY_TOO_DEEP');
    expect(deep.text).not.to.include('call stack');
    const deepInput = await refused(
      `mutation { createContact(input: ${'{ a: '.repeat(3000)}1${' }'.repeat(3000)}) { id } }`,
      'QUERY_TOO_DEEP',
    );
    expect(deepInput.text).not.to.include('call stack');
    const get = await app.request(
      'GET',
      `/graphql?query=${encodeURIComponent(`{ ${'a { '.repeat(1000)}b${' }'.repeat(1000)} }`)}`,
      { token: apiKey },
    );
    expect(get.status).to.equal(400);
    await refused(`{ ${Array.from({ length: 12_000 }, () => '__typename').join(' ')} }`, 'QUERY_TOO_LARGE');
    // Introspection amplifies too: every `fields` list multiplies what is nested in it.
    await refused(
      `{ __schema { types { ${'fields { type { '.repeat(4)}name${' } }'.repeat(4)} } } }`,
      'QUERY_TOO_COMPLEX',
    );
    const viaFragment = await app.graphql(
      'query { ...F } fragment F on Query { me { organizations { ...O } } } fragment O on Organization { id }',
      {},
      company.token,
    );
    expect(viaFragment.status, viaFragment.text).to.equal(200);
    await refused(`query { ...F } fragment F on Query { ${'me { '.repeat(12)}id${' }'.repeat(12)} }`, 'QUERY_TOO_DEEP');
    const cycle = await app.graphql(
      'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
      {},
      apiKey,
    );
    expect(cycle.status).to.equal(400);
  });

  it('refuses more than 30 aliases and more than 20 root fields with QUERY_TOO_COMPLEX', async () => {
    await refused(
      `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: organization { id }`).join(' ')} }`,
      'QUERY_TOO_COMPLEX',
    );
    await refused(`{ ${Array.from({ length: 21 }, () => 'organization { id }').join(' ')} }`, 'QUERY_TOO_COMPLEX');
    const ok = await app.graphql(
      `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: organization { id }`).join(' ')} }`,
      {},
      apiKey,
    );
    expect(ok.status).to.equal(200);
    expect(ok.body.data.a19.id).to.equal(company.organizationId);
  });

  it('multiplies the cost of a list by its limit: 1,000 aliases of contacts(limit: 200) are refused at once', async () => {
    await refused(
      `{ ${Array.from({ length: 1000 }, (_, i) => `c${i}: contacts(limit: 200) { data { id name } }`).join(' ')} }`,
      'QUERY_TOO_LARGE',
    );
    await refused(
      `{ ${Array.from({ length: 500 }, (_, i) => `c${i}: contacts(limit: 200) { data { id } }`).join(' ')} }`,
      'QUERY_TOO_COMPLEX',
    );
    const fields = 'id name email phone taxId vatId street city zip country';
    await refused(
      `{ ${Array.from({ length: 10 }, (_, i) => `c${i}: contacts(limit: 200) { data { ${fields} } }`).join(' ')} }`,
      'QUERY_TOO_COMPLEX',
    );
    await refused(
      `query($n: Int) { ${Array.from({ length: 10 }, (_, i) => `c${i}: contacts(limit: $n) { data { ${fields} } }`).join(' ')} }`,
      'QUERY_TOO_COMPLEX',
    );
    const allowed = await app.graphql(WORST_ALLOWED_QUERY, {}, apiKey);
    expect(allowed.status, allowed.text).to.equal(200);
  });

  it('lets the standard introspection query through in test', async () => {
    const res = await app.graphql(getIntrospectionQuery(), {});
    expect(res.status).to.equal(200);
    expect(res.body.data.__schema.queryType.name).to.equal('Query');
  });
});

describe('hostile input: introspection in production', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ NODE_ENV: 'production', TEST_CONTROLS: '0' });
  });
  after(() => app.stop());

  it('needs a logged-in session', async () => {
    const anonymous = await app.graphql('{ __schema { queryType { name } } }', {});
    expect(anonymous.status).to.equal(401);
    expect(anonymous.body.errors[0].extensions.code).to.equal('UNAUTHORIZED');
    const company = await makeCompany(app);
    const { key } = await makeApiKey(app, company);
    const byKey = await app.graphql('{ __type(name: "Query") { name } }', {}, key);
    expect(byKey.status).to.equal(403);
    expect(byKey.body.errors[0].extensions.code).to.equal('FORBIDDEN');
    const bySession = await app.graphql(getIntrospectionQuery(), {}, company.token);
    expect(bySession.status).to.equal(200);
    expect(bySession.body.data.__schema.queryType.name).to.equal('Query');
    const typename = await app.graphql('{ __typename }', {});
    expect(typename.body.data).to.deep.equal({ __typename: 'Query' });
  });
});
