import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeProduct, makeUser } from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { asGraphQLDecimals } from '../helpers/decimals';

const FIELDS = 'id name sku unit price vatRate active createdAt updatedAt';

describe('products: GraphQL over the same service', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('creates, changes and deletes like REST, with the same events', async () => {
    const seq = await lastEventSeq(app);
    const created = await app.graphql(
      `mutation($input: CreateProductInput!) { createProduct(input: $input) { ${FIELDS} } }`,
      { input: { name: 'Školení', price: '2500.5', vatRate: 21 } },
      company.token,
    );
    expect(created.body.errors).to.equal(undefined);
    const product = created.body.data.createProduct;
    expect(product).to.include({
      name: 'Školení',
      price: '2500.50',
      vatRate: '21',
      unit: 'ks',
      sku: null,
      active: true,
    });
    expect(asGraphQLDecimals((await app.get(`/api/v1/products/${product.id}`, company.token)).body)).to.deep.equal(
      product,
    );
    const updated = await app.graphql(
      'mutation($id: ID!) { updateProduct(id: $id, input: { sku: "SK-1", vatRate: 12 }) { sku vatRate } }',
      { id: product.id },
      company.token,
    );
    expect(updated.body.data.updateProduct).to.deep.equal({ sku: 'SK-1', vatRate: '12' });
    const deleted = await app.graphql(
      'mutation($id: ID!) { deleteProduct(id: $id) { active } }',
      { id: product.id },
      company.token,
    );
    expect(deleted.body.data.deleteProduct).to.deep.equal({ active: false });
    const one = await app.graphql(
      `query($id: ID!) { product(id: $id) { ${FIELDS} } }`,
      { id: product.id },
      company.token,
    );
    expect(one.body.data.product).to.deep.equal(
      asGraphQLDecimals((await app.get(`/api/v1/products/${product.id}`, company.token)).body),
    );
    expect((await orgEvents(app, company.organizationId, seq)).map(([e]) => e)).to.deep.equal([
      'product.created',
      'product.updated',
      'product.archived',
    ]);
  });

  it('lists with the same filters and pages as REST', async () => {
    const shop = await makeCompany(app);
    for (const name of ['A', 'B', 'C']) await makeProduct(app, shop.token, { name });
    const query = `query($cursor: String) { products(limit: 2, cursor: $cursor, active: true) { data { ${FIELDS} } nextCursor } }`;
    const first = await app.graphql(query, {}, shop.token);
    const rest = await app.get('/api/v1/products?limit=2&active=true', shop.token);
    expect(first.body.data.products).to.deep.equal(asGraphQLDecimals(rest.body));
    const second = await app.graphql(query, { cursor: first.body.data.products.nextCursor }, shop.token);
    expect(second.body.data.products.data.map((p: { name: string }) => p.name)).to.deep.equal(['C']);
  });

  it('reports NOT_FOUND, VALIDATION_FAILED and FORBIDDEN in extensions.code', async () => {
    const foreign = await makeProduct(app, (await makeCompany(app)).token);
    for (const id of [randomUUID(), 'x', foreign.id]) {
      const res = await app.graphql('mutation($id: ID!) { deleteProduct(id: $id) { id } }', { id }, company.token);
      expect(res.body.errors[0].extensions.code, id).to.equal('NOT_FOUND');
    }
    const invalid = await app.graphql(
      'mutation { createProduct(input: { name: "X", price: "1.234", vatRate: 21 }) { id } }',
      {},
      company.token,
    );
    expect(invalid.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    const member = await makeUser(app, company, { permissions: { contacts: 'write' } });
    const forbidden = await app.graphql('{ products { data { id } } }', {}, member.token);
    expect(forbidden.body.errors[0].extensions.code).to.equal('FORBIDDEN');
    expect(forbidden.body.errors[0].message).to.equal('This credential lacks the scope documents:read');
  });
});
