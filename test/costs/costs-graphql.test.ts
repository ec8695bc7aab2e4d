import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { asGraphQLDecimals } from '../helpers/decimals';
import {
  type Company,
  importPayments,
  makeApiKey,
  makeBankAccount,
  makeCompany,
  makePaymentLine,
} from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { costBody, getCost, makeCost, makeSupplier } from './costs.helpers';

const FIELDS = `id number kind status supplierId supplier { name street city zip country taxId vatId } supplierDocumentNumber variableSymbol
  issuedAt taxableSupplyDate receivedAt vatClaimDate dueAt currency
  items { name quantity unit unitPrice vatRate priceIncludesVat base vat total }
  subtotal vatTotal total vatSummary { vatRate subtotal vatTotal total }
  exchangeRate subtotalCzk vatTotalCzk totalCzk vatRatesCzk { vatRate subtotal vatTotal total }
  reverseCharge taxDeductible tags note inboxItemId paidAmount remainingAmount overdue paidAt cancelledAt createdAt updatedAt
  paymentAccount { accountNumber bankCode iban bic } attachments { id filename contentType size createdAt }`;

describe('costs: GraphQL over the same services as REST', () => {
  let app: TestApp;
  let company: Company;
  let supplier: any;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    supplier = await makeSupplier(app, company.token);
  });
  after(() => app.stop());

  const gql = (query: string, variables: Record<string, unknown> = {}, token = company.token) =>
    app.graphql(query, variables, token);

  it('creates, reads, lists, changes, cancels and deletes as REST does, with the same events', async () => {
    const seq = await lastEventSeq(app);
    const created = await gql(`mutation($input: CreateCostInput!) { createCost(input: $input) { ${FIELDS} } }`, {
      input: costBody(supplier.id, {
        supplierDocumentNumber: 'GQL-1',
        items: [{ name: 'Licence', quantity: '2', unitPrice: '1500.50', vatRate: '21' }],
        tags: ['sw'],
      }),
    });
    expect(created.body.errors).to.equal(undefined);
    const cost = created.body.data.createCost;
    expect(cost).to.include({
      kind: 'INVOICE',
      status: 'OPEN',
      subtotal: '3001.00',
      vatTotal: '630.21',
      total: '3631.21',
      supplierDocumentNumber: 'GQL-1',
    });
    expect(cost).to.deep.equal(asGraphQLDecimals(await getCost(app, company.token, cost.id)));
    const one = await gql(`query($id: ID!) { cost(id: $id) { ${FIELDS} } }`, { id: cost.id });
    expect(one.body.data.cost).to.deep.equal(cost);

    const list = await gql(
      `query($s: String) { costs(search: $s, status: OPEN, limit: 5) { data { id } nextCursor } }`,
      { s: 'GQL-1' },
    );
    expect(list.body.data.costs).to.deep.equal({ data: [{ id: cost.id }], nextCursor: null });

    const updated = await gql(
      `mutation($id: ID!, $input: UpdateCostInput!) { updateCost(id: $id, input: $input) { note vatClaimDate updatedAt } }`,
      { id: cost.id, input: { note: 'z GraphQL', vatClaimDate: '2026-06-14' } },
    );
    expect(updated.body.errors).to.equal(undefined);
    expect(updated.body.data.updateCost).to.include({ note: 'z GraphQL', vatClaimDate: '2026-06-13T22:00:00.000Z' });
    const cancelled = await gql(`mutation($id: ID!) { cancelCost(id: $id) { status } }`, { id: cost.id });
    expect(cancelled.body.data.cancelCost.status).to.equal('CANCELLED');
    const deleted = await gql(`mutation($id: ID!) { deleteCost(id: $id) }`, { id: cost.id });
    expect(deleted.body.data.deleteCost).to.equal(true);
    expect((await orgEvents(app, company.organizationId, seq)).map(([e]) => e)).to.deep.equal([
      'cost.created',
      'cost.updated',
      'cost.cancelled',
      'cost.deleted',
    ]);
  });

  it('refuses what REST refuses, with the same codes', async () => {
    const first = await makeCost(app, company.token, supplier.id, { supplierDocumentNumber: 'GQL-DUP' });
    const mutation = `mutation($input: CreateCostInput!) { createCost(input: $input) { id } }`;
    const dup = await gql(mutation, { input: costBody(supplier.id, { supplierDocumentNumber: 'GQL-DUP' }) });
    expect(dup.body.errors[0].extensions.code).to.equal('CONFLICT');
    expect(dup.body.errors[0].message).to.equal(
      'A cost with this supplier document number of this supplier already exists',
    );
    const noNumber = await gql(mutation, {
      input: costBody(supplier.id, { kind: 'RECEIPT', supplierDocumentNumber: null }),
    });
    expect(noNumber.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(noNumber.body.errors[0].extensions.details[0].path).to.equal('supplierDocumentNumber');
    const badRate = await gql(mutation, {
      input: costBody(supplier.id, { items: [{ name: 'x', quantity: 1, unitPrice: 1, vatRate: '15' }] }),
    });
    expect(badRate.body.errors[0].extensions.details[0]).to.deep.equal({
      path: 'items[0].vatRate',
      message: 'must be 21, 12 or 0',
    });
    const rest = await app.post(
      '/api/v1/costs',
      costBody(supplier.id, { items: [{ name: 'x', quantity: 1, unitPrice: 1, vatRate: '15' }] }),
      company.token,
    );
    expect(rest.body.details[0]).to.deep.equal({ path: 'items[0].vatRate', message: 'must be 21, 12 or 0' });
    // Another company's cost: NOT_FOUND, and nothing changes.
    const other = await makeCompany(app);
    const { key } = await makeApiKey(app, other);
    for (const query of [
      `query($id: ID!) { cost(id: $id) { id } }`,
      `mutation($id: ID!) { cancelCost(id: $id) { id } }`,
      `mutation($id: ID!) { deleteCost(id: $id) }`,
    ]) {
      const res = await gql(query, { id: first.id }, key);
      expect(res.body.errors[0].extensions.code, query).to.equal('NOT_FOUND');
    }
    expect((await getCost(app, company.token, first.id)).status).to.equal('OPEN');
  });

  it('matches an outgoing payment to a cost with matchPayment(costId) and unmatches it', async () => {
    const account = await makeBankAccount(app, company.token);
    const cost = await makeCost(app, company.token, supplier.id, {
      items: [{ name: 'x', quantity: 1, unitPrice: '500.00', vatRate: 0 }],
    });
    const payment = (
      await importPayments(app, company.token, account.id, [makePaymentLine({ direction: 'OUT', amount: '500.00' })])
    ).lines[0].payment;
    const matched = await gql(
      `mutation($id: ID!, $c: ID) { matchPayment(id: $id, costId: $c) { matchStatus costId documentId } }`,
      { id: payment.id, c: cost.id },
    );
    expect(matched.body.errors).to.equal(undefined);
    expect(matched.body.data.matchPayment).to.deep.equal({
      matchStatus: 'MANUAL_MATCHED',
      costId: cost.id,
      documentId: null,
    });
    expect(await getCost(app, company.token, cost.id)).to.include({ status: 'PAID' });
    const byCost = await gql(`query($c: ID) { payments(costId: $c) { data { id } } }`, { c: cost.id });
    expect(byCost.body.data.payments.data).to.deep.equal([{ id: payment.id }]);
    const neither = await gql(`mutation($id: ID!) { matchPayment(id: $id) { id } }`, { id: payment.id });
    expect(neither.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    const un = await gql(`mutation($id: ID!) { unmatchPayment(id: $id) { matchStatus costId } }`, { id: payment.id });
    expect(un.body.data.unmatchPayment).to.deep.equal({ matchStatus: 'UNMATCHED', costId: null });
    expect(await getCost(app, company.token, cost.id)).to.include({ status: 'OPEN', paidAmount: '0.00' });
  });

  it('lists and edits the COST numbering series over GraphQL', async () => {
    const own = await makeCompany(app);
    const res = await gql(
      `mutation { updateNumberingSeries(series: [{ documentType: COST, prefix: "NG", padding: 2 }]) { documentType preview } }`,
      {},
      own.token,
    );
    expect(res.body.errors).to.equal(undefined);
    expect(res.body.data.updateNumberingSeries.find((s: any) => s.documentType === 'COST')).to.deep.equal({
      documentType: 'COST',
      preview: 'NG01',
    });
  });
});
