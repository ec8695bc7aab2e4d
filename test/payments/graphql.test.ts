import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, getDocument, makeCompany, makeInvoice, makePaymentLine, makeUser } from '../helpers/fixtures';
import { lastEventSeq, orgEventRecords } from '../helpers/outbox';

const PAYMENT_FIELDS = `id bankAccountId transactionId amount currency direction receivedAt variableSymbol constantSymbol specificSymbol counterAccount counterAccountName message method note source
  matchStatus documentId costId matchedAt matchedBy createdAt updatedAt appliedAmount`;

describe('GraphQL over the payments services', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  async function gql(query: string, variables: Record<string, unknown> = {}, token = company.token): Promise<any> {
    const res = await app.graphql(query, variables, token);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  it('creates, lists and reads bank accounts like REST', async () => {
    const created = await gql(
      `mutation($input: CreateBankAccountInput!) { createBankAccount(input: $input) { id name accountNumber iban currency kind createdAt updatedAt connection { status } } }`,
      { input: { name: 'Fio', accountNumber: '2000145399/2010' } },
    );
    expect(created.errors).to.equal(undefined);
    const account = created.data.createBankAccount;
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body).to.deep.equal(account);
    const one = await gql(`query($id: ID!) { bankAccount(id: $id) { id name } }`, { id: account.id });
    expect(one.data.bankAccount).to.deep.equal({ id: account.id, name: 'Fio' });
    const list = await gql(`{ bankAccounts(limit: 1) { data { id } nextCursor } }`);
    expect(list.data.bankAccounts).to.deep.equal({ data: [{ id: account.id }], nextCursor: null });
    const invalid = await gql(`mutation { createBankAccount(input: { name: "X" }) { id } }`);
    expect(invalid.errors[0].extensions).to.deep.include({ code: 'VALIDATION_FAILED' });
    const missing = await gql(`query($id: ID!) { bankAccount(id: $id) { id } }`, { id: randomUUID() });
    expect(missing.errors[0]).to.deep.include({ message: 'Bank account not found' });
    expect(missing.errors[0].extensions.code).to.equal('NOT_FOUND');
  });

  it('imports, lists, matches and unmatches payments with the same effects as REST', async () => {
    const own = await makeCompany(app);
    const account = (
      await gql(
        `mutation { createBankAccount(input: { name: "KB", iban: "CZ6508000000192000145399" }) { id } }`,
        {},
        own.token,
      )
    ).data.createBankAccount;
    const invoice = await makeInvoice(app, own.token, { total: '1500.00', variableSymbol: '4242' });
    const partial = await makeInvoice(app, own.token, { total: '900.00', variableSymbol: '4343' });
    const seq = await lastEventSeq(app);
    const lines = [
      makePaymentLine({ amount: '1500.00', variableSymbol: '4242' }),
      makePaymentLine({ amount: '400.00', counterAccount: null }),
      makePaymentLine({ amount: '400.00' }),
    ];
    const imported = await gql(
      `mutation($input: ImportPaymentsInput!) { importPayments(input: $input) { bankAccountId summary { imported duplicates matched } lines { transactionId result payment { ${PAYMENT_FIELDS} } } } }`,
      { input: { bankAccountId: account.id, payments: [...lines, lines[0]] } },
      own.token,
    );
    expect(imported.errors).to.equal(undefined);
    const result = imported.data.importPayments;
    expect(result.summary).to.deep.equal({ imported: 3, duplicates: 1, matched: 1 });
    expect(result.lines.map((l: any) => l.result)).to.deep.equal(['IMPORTED', 'IMPORTED', 'IMPORTED', 'DUPLICATE']);
    const [auto, manual] = result.lines.map((l: any) => l.payment);
    expect(auto).to.include({
      matchStatus: 'AUTO_MATCHED',
      documentId: invoice.id,
      amount: '1500.00',
      matchedBy: null,
    });
    expect((await app.get(`/api/v1/payments/${auto.id}`, own.token)).body).to.deep.equal(auto);
    expect(await getDocument(app, own.token, invoice.id)).to.include({ status: 'PAID' });

    const page = await gql(`{ payments(matchStatus: UNMATCHED, limit: 1) { data { id } nextCursor } }`, {}, own.token);
    expect(page.data.payments.data).to.have.length(1);
    const next = await gql(
      `query($c: String) { payments(matchStatus: UNMATCHED, limit: 1, cursor: $c) { data { id } nextCursor } }`,
      { c: page.data.payments.nextCursor },
      own.token,
    );
    expect([page.data.payments.data[0].id, next.data.payments.data[0].id].sort()).to.deep.equal(
      [manual.id, result.lines[2].payment.id].sort(),
    );
    const byDoc = await gql(`query($d: ID) { payments(documentId: $d) { data { id } } }`, { d: invoice.id }, own.token);
    expect(byDoc.data.payments.data).to.deep.equal([{ id: auto.id }]);

    const matched = await gql(
      `mutation($id: ID!, $doc: ID!) { matchPayment(id: $id, documentId: $doc) { ${PAYMENT_FIELDS} } }`,
      { id: manual.id, doc: partial.id },
      own.token,
    );
    expect(matched.data.matchPayment).to.include({
      matchStatus: 'MANUAL_MATCHED',
      documentId: partial.id,
      matchedBy: own.userId,
    });
    expect(await getDocument(app, own.token, partial.id)).to.include({ status: 'ISSUED', paidAmount: '400.00' });
    const again = await gql(
      `mutation($id: ID!, $doc: ID!) { matchPayment(id: $id, documentId: $doc) { id } }`,
      { id: manual.id, doc: partial.id },
      own.token,
    );
    expect(again.errors[0].extensions.code).to.equal('PAYMENT_ALREADY_MATCHED');

    const unmatched = await gql(
      `mutation($id: ID!) { unmatchPayment(id: $id) { id matchStatus documentId } }`,
      { id: manual.id },
      own.token,
    );
    expect(unmatched.data.unmatchPayment).to.deep.equal({ id: manual.id, matchStatus: 'UNMATCHED', documentId: null });
    const notMatched = await gql(`mutation($id: ID!) { unmatchPayment(id: $id) { id } }`, { id: manual.id }, own.token);
    expect(notMatched.errors[0].extensions.code).to.equal('PAYMENT_NOT_MATCHED');

    const events = await orgEventRecords(app, own.organizationId, seq);
    expect(events.map((e) => e.event)).to.deep.equal([
      'payment.imported',
      'payment.matched',
      'document.status_changed',
      'document.paid',
      'payment.imported',
      'payment.imported',
      'payment.matched',
      'payment.unmatched',
    ]);
    expect(events[7].data).to.include({ previousDocumentId: partial.id, documentId: null, matchStatus: 'UNMATCHED' });
    const one = await gql(`query($id: ID!) { payment(id: $id) { id matchStatus } }`, { id: manual.id }, own.token);
    expect(one.data.payment).to.deep.equal({ id: manual.id, matchStatus: 'UNMATCHED' });
  });

  it('refuses wrong types, unknown ids and other organizations’ payments', async () => {
    const wrongType = await app.graphql(`{ payments(matchStatus: PAID) { data { id } } }`, {}, company.token);
    expect(wrongType.status).to.equal(400);
    expect(wrongType.body.errors[0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
    const badAmount = await gql(
      `mutation($input: ImportPaymentsInput!) { importPayments(input: $input) { summary { imported } } }`,
      { input: { bankAccountId: randomUUID(), payments: [{ ...makePaymentLine(), amount: '-1' }] } },
    );
    expect(badAmount.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(badAmount.errors[0].extensions.details[0].path).to.equal('payments[0].amount');
    const other = await makeCompany(app);
    const foreign = (
      await gql(
        `mutation { createBankAccount(input: { name: "X", accountNumber: "19-2000145399/0800" }) { id } }`,
        {},
        other.token,
      )
    ).data.createBankAccount;
    const imported = await gql(
      `mutation($input: ImportPaymentsInput!) { importPayments(input: $input) { lines { payment { id } } } }`,
      { input: { bankAccountId: foreign.id, payments: [makePaymentLine()] } },
      other.token,
    );
    const foreignPayment = imported.data.importPayments.lines[0].payment.id;
    for (const query of [
      `query($id: ID!) { payment(id: $id) { id } }`,
      `mutation($id: ID!) { unmatchPayment(id: $id) { id } }`,
    ]) {
      for (const id of [foreignPayment, randomUUID(), 'nope']) {
        const res = await gql(query, { id });
        expect(res.errors[0].extensions.code, `${query} ${id}`).to.equal('NOT_FOUND');
      }
    }
    const notYours = await gql(
      `mutation($input: ImportPaymentsInput!) { importPayments(input: $input) { summary { imported } } }`,
      { input: { bankAccountId: foreign.id, payments: [makePaymentLine()] } },
    );
    expect(notYours.errors[0].extensions.code).to.equal('NOT_FOUND');
  });

  it('needs the payments section', async () => {
    const none = await makeUser(app, company, { permissions: { documents: 'write' } });
    const reader = await makeUser(app, company, { permissions: { payments: 'read' } });
    for (const query of [
      `{ payments { data { id } } }`,
      `{ bankAccounts { data { id } } }`,
      `{ payment(id: "${randomUUID()}") { id } }`,
    ]) {
      const res = await gql(query, {}, none.token);
      expect(res.errors[0].extensions, query).to.deep.include({
        code: 'FORBIDDEN',
        details: { requiredScope: 'payments:read' },
      });
    }
    expect((await gql(`{ payments { data { id } } }`, {}, reader.token)).errors).to.equal(undefined);
    const write = await gql(
      `mutation { createBankAccount(input: { name: "X", accountNumber: "2000145399/2010" }) { id } }`,
      {},
      reader.token,
    );
    expect(write.errors[0].extensions).to.deep.include({
      code: 'FORBIDDEN',
      details: { requiredScope: 'payments:write' },
    });
    const match = await gql(
      `mutation($id: ID!) { matchPayment(id: $id, documentId: $id) { id } }`,
      { id: randomUUID() },
      reader.token,
    );
    expect(match.errors[0].extensions.code).to.equal('FORBIDDEN');
  });
});
