import { expect } from 'chai';
import { DeclaredEvents } from '../../src/core/outbox/declared-events';
import { catalogOrder, modules } from '../../src/modules';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  importPayments,
  makeApiKey,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makePaymentLine,
  makeProduct,
  makeUser,
} from '../helpers/fixtures';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { makeSeries } from '../helpers/recurring';
import { makeCost, makeSupplier } from '../costs/costs.helpers';

const EVERYTHING = {
  documents: 'write',
  costs: 'write',
  contacts: 'write',
  reports: 'read',
  company_settings: 'read',
  payments: 'write',
  automations: 'none',
};

describe('saved views', () => {
  let app: TestApp;
  let company: Company;
  let member: { id: string; token: string };
  let colleague: { id: string; token: string };

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    member = await makeUser(app, company, { permissions: EVERYTHING });
    colleague = await makeUser(app, company, { permissions: EVERYTHING });
  });
  after(() => app.stop());

  const save = (token: string, body: Record<string, unknown>) => app.post('/api/v1/saved-views', body, token);

  async function saved(token: string, body: Record<string, unknown>): Promise<any> {
    const res = await save(token, body);
    expect(res.status, res.text).to.equal(201);
    return res.body;
  }

  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((v) => v.name);

  it('creates, reads, lists, replaces and deletes a view, recording saved_view.* events', async () => {
    const seq = await lastEventSeq(app);
    const view = await saved(member.token, {
      name: 'Unpaid invoices',
      resource: 'documents',
      filters: { type: 'INVOICE', status: 'ISSUED' },
      sort: '-issuedAt',
      columns: ['number', 'clientName', 'total'],
    });
    expect(view).to.deep.include({
      name: 'Unpaid invoices',
      resource: 'documents',
      filters: { type: 'INVOICE', status: 'ISSUED' },
      sort: '-issuedAt',
      columns: ['number', 'clientName', 'total'],
      shared: false,
      ownerId: member.id,
    });
    expect((await app.get(`/api/v1/saved-views/${view.id}`, member.token)).body).to.deep.equal(view);
    const listed = await app.get('/api/v1/saved-views?resource=documents', member.token);
    expect(listed.body.data).to.deep.equal([view]);

    const put = await app.put(
      `/api/v1/saved-views/${view.id}`,
      { name: 'Drafts', resource: 'documents', filters: { status: 'DRAFT' } },
      member.token,
    );
    expect(put.status, put.text).to.equal(200);
    expect(put.body).to.deep.include({ name: 'Drafts', filters: { status: 'DRAFT' }, sort: null, columns: [] });

    const gone = await app.del(`/api/v1/saved-views/${view.id}`, member.token);
    expect(gone.status, gone.text).to.equal(204);
    expect((await app.get(`/api/v1/saved-views/${view.id}`, member.token)).status).to.equal(404);
    const events = await orgEvents(app, company.organizationId, seq);
    expect(events.map(([e]) => e)).to.deep.equal(['saved_view.created', 'saved_view.updated', 'saved_view.deleted']);
    expect(events[0][1]).to.deep.equal({
      id: view.id,
      name: 'Unpaid invoices',
      resource: 'documents',
      shared: false,
      ownerId: member.id,
    });
  });

  it('never delivers saved_view.* to webhooks nor lists them in the catalog (a private view is its person’s own)', () => {
    const declared = new DeclaredEvents(modules, catalogOrder);
    for (const name of ['saved_view.created', 'saved_view.updated', 'saved_view.deleted']) {
      expect(declared.isDelivered(name), name).to.equal(false);
      expect(declared.isListed(name), name).to.equal(false);
    }
  });

  it("keeps a private view its person's own and shows a shared one to the company; only the owner or an admin changes it", async () => {
    const mine = await saved(member.token, { name: 'Mine', resource: 'contacts', filters: { type: 'CLIENT' } });
    const ours = await saved(member.token, { name: 'Ours', resource: 'contacts', shared: true });
    expect(names(await app.get('/api/v1/saved-views?resource=contacts', member.token))).to.deep.equal(['Mine', 'Ours']);
    expect(names(await app.get('/api/v1/saved-views?resource=contacts', colleague.token))).to.deep.equal(['Ours']);
    // The owner (an OWNER) does not see the member's private view either.
    expect(names(await app.get('/api/v1/saved-views?resource=contacts', company.token))).to.deep.equal(['Ours']);

    for (const token of [colleague.token, company.token]) {
      expect((await app.get(`/api/v1/saved-views/${mine.id}`, token)).status).to.equal(404);
      expect((await app.del(`/api/v1/saved-views/${mine.id}`, token)).status).to.equal(404);
      expect((await app.get(`/api/v1/contacts?view=${mine.id}`, token)).status).to.equal(404);
    }
    const body = { name: 'Ours, renamed', resource: 'contacts', shared: true };
    const refused = await app.put(`/api/v1/saved-views/${ours.id}`, body, colleague.token);
    expect(refused.status, refused.text).to.equal(403);
    expect(refused.body.code).to.equal('FORBIDDEN');
    expect((await app.del(`/api/v1/saved-views/${ours.id}`, colleague.token)).status).to.equal(403);
    const byOwner = await app.put(`/api/v1/saved-views/${ours.id}`, body, company.token);
    expect(byOwner.status, byOwner.text).to.equal(200);
    expect(byOwner.body.ownerId, 'the view stays its person’s').to.equal(member.id);
    expect((await app.del(`/api/v1/saved-views/${ours.id}`, member.token)).status).to.equal(204);
  });

  it("answers 404 for another company's view, also as ?view=", async () => {
    const other = await makeCompany(app);
    const theirs = await saved(other.token, { name: 'Theirs', resource: 'documents', shared: true });
    expect((await app.get(`/api/v1/saved-views/${theirs.id}`, company.token)).status).to.equal(404);
    expect(
      (
        await app.put(
          `/api/v1/saved-views/${theirs.id}`,
          { name: 'x', resource: 'documents', shared: true },
          company.token,
        )
      ).status,
    ).to.equal(404);
    expect((await app.del(`/api/v1/saved-views/${theirs.id}`, company.token)).status).to.equal(404);
    const listed = await app.get(`/api/v1/documents?view=${theirs.id}`, company.token);
    expect(listed.status, listed.text).to.equal(404);
    expect(listed.body.code).to.equal('NOT_FOUND');
    expect(names(await app.get('/api/v1/saved-views', company.token))).not.to.include('Theirs');
  });

  it('refuses bad filters and sorts at creation and update, naming them', async () => {
    const bad = await save(member.token, {
      name: 'Bad',
      resource: 'documents',
      filters: { status: 'NOPE', colour: 'red', limit: 5, from: '2026-13-01' },
      sort: 'amount',
    });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.code).to.equal('VALIDATION_FAILED');
    const paths = bad.body.details.map((d: { path: string }) => d.path);
    expect(paths).to.have.members(['filters.status', 'filters.colour', 'filters.limit', 'filters.from', 'sort']);
    // A filter of another list is not one of this list's.
    const other = await save(member.token, { name: 'Bad', resource: 'contacts', filters: { status: 'ISSUED' } });
    expect(other.status).to.equal(400);
    expect(other.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['filters.status']);
    const view = await saved(member.token, { name: 'Good', resource: 'costs', filters: { kind: 'RECEIPT' } });
    const put = await app.put(
      `/api/v1/saved-views/${view.id}`,
      { name: 'Good', resource: 'costs', filters: { overdue: 'maybe' } },
      member.token,
    );
    expect(put.status).to.equal(400);
    expect(put.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['filters.overdue']);
    const unknownResource = await save(member.token, { name: 'x', resource: 'invoices' });
    expect(unknownResource.status).to.equal(400);
    expect(unknownResource.body.details[0].path).to.equal('resource');
  });

  it('applies ?view= on every list endpoint, explicit parameters overriding the view', async () => {
    // A company of its own so the lists hold only what this test made.
    const { token } = await makeCompany(app);
    const check = async (
      resource: string,
      path: string,
      filters: Record<string, unknown>,
      override: string,
      a: string,
      b: string,
    ) => {
      const id = (await saved(token, { name: `${resource} view`, resource, filters })).id;
      const viewed = await app.get(`${path}?view=${id}`, token);
      expect(viewed.status, viewed.text).to.equal(200);
      expect(
        viewed.body.data.map((r: { id: string }) => r.id),
        `${resource} with the view`,
      ).to.deep.equal([a]);
      const overridden = await app.get(`${path}?view=${id}&${override}`, token);
      expect(overridden.status, overridden.text).to.equal(200);
      expect(
        overridden.body.data.map((r: { id: string }) => r.id),
        `${resource} overridden`,
      ).to.deep.equal([b]);
    };

    const invoice = await makeDocument(app, token, { type: 'INVOICE' });
    const proforma = await makeDocument(app, token, { type: 'PROFORMA' });
    await check('documents', '/api/v1/documents', { type: 'INVOICE' }, 'type=PROFORMA', invoice.id, proforma.id);

    const client = await makeContact(app, token, { type: 'CLIENT' });
    const supplier = await makeSupplier(app, token);
    const others = (await app.get('/api/v1/contacts?type=BOTH', token)).body.data;
    expect(others).to.deep.equal([]);
    await check('contacts', '/api/v1/contacts', { type: 'CLIENT' }, 'type=SUPPLIER', client.id, supplier.id);

    const receipt = await makeCost(app, token, supplier.id, { kind: 'RECEIPT' });
    const costInvoice = await makeCost(app, token, supplier.id, { kind: 'INVOICE' });
    await check('costs', '/api/v1/costs', { kind: 'RECEIPT' }, 'kind=INVOICE', receipt.id, costInvoice.id);

    const alpha = await makeProduct(app, token, { name: 'Alpha' });
    const beta = await makeProduct(app, token, { name: 'Beta' });
    await check('products', '/api/v1/products', { search: 'Alpha' }, 'search=Beta', alpha.id, beta.id);

    const account = await makeBankAccount(app, token);
    await importPayments(app, token, account.id, [
      makePaymentLine({ direction: 'IN' }),
      makePaymentLine({ direction: 'OUT', amount: '200.00' }),
    ]);
    const payments = (await app.get('/api/v1/payments', token)).body.data;
    const incoming = payments.find((p: { direction: string }) => p.direction === 'IN');
    const outgoing = payments.find((p: { direction: string }) => p.direction === 'OUT');
    await check('payments', '/api/v1/payments', { direction: 'IN' }, 'direction=OUT', incoming.id, outgoing.id);

    const series = await makeSeries(app, token, { contactId: client.id });
    const other = await makeSeries(app, token, { contactId: client.id });
    expect((await app.post(`/api/v1/recurring-series/${series.id}/pause`, {}, token)).status).to.equal(200);
    await check(
      'recurring-series',
      '/api/v1/recurring-series',
      { status: 'PAUSED' },
      'status=ACTIVE',
      series.id,
      other.id,
    );
    const id = (await saved(token, { name: 'Series', resource: 'recurring-series' })).id;

    // A view of another list is 400 naming view; a malformed id 400; an unknown one 404.
    const wrong = await app.get(`/api/v1/contacts?view=${id}`, token);
    expect(wrong.status, wrong.text).to.equal(400);
    expect(wrong.body.details[0].path).to.equal('view');
    expect((await app.get('/api/v1/contacts?view=nope', token)).status).to.equal(400);
    expect((await app.get(`/api/v1/contacts?view=${client.id}`, token)).status).to.equal(404);
  });

  it('sorts newest first with a cursor stable across pages, valid only with its own sort', async () => {
    const own = await makeCompany(app);
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      made.push((await makeContact(app, own.token, { name: `Contact ${i}` })).id);
      await app.post('/api/test/clock', { advanceSeconds: 60 });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await app.get(
        `/api/v1/contacts?sort=-createdAt&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        own.token,
      );
      expect(res.status, res.text).to.equal(200);
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      cursor = res.body.nextCursor;
      // A contact made between pages comes first in a later list, never inside this walk.
      if (seen.length === 2) await makeContact(app, own.token, { name: 'Late' });
    } while (cursor);
    expect(seen).to.deep.equal([...made].reverse());

    const first = await app.get('/api/v1/contacts?sort=-createdAt&limit=2', own.token);
    const mixed = await app.get(`/api/v1/contacts?sort=createdAt&limit=2&cursor=${first.body.nextCursor}`, own.token);
    expect(mixed.status, mixed.text).to.equal(400);
    expect(mixed.body.details[0].path).to.equal('cursor');

    // The view's sort applies, and an explicit sort overrides it.
    const view = await saved(own.token, { name: 'Newest', resource: 'contacts', sort: '-createdAt' });
    const viewed = await app.get(`/api/v1/contacts?view=${view.id}&limit=1`, own.token);
    expect(viewed.body.data[0].name).to.equal('Late');
    const overridden = await app.get(`/api/v1/contacts?view=${view.id}&sort=createdAt&limit=1`, own.token);
    expect(overridden.body.data[0].id).to.equal(made[0]);

    // Documents also sort by issue date, newest first.
    const older = await makeDocument(app, own.token, { issuedAt: '2026-01-05' });
    const newer = await makeDocument(app, own.token, { issuedAt: '2026-03-05' });
    const byIssue = await app.get('/api/v1/documents?sort=-issuedAt', own.token);
    expect(byIssue.body.data.map((d: { id: string }) => d.id)).to.deep.equal([newer.id, older.id]);
    const byCreation = await app.get('/api/v1/documents?sort=-createdAt', own.token);
    expect(byCreation.body.data.map((d: { id: string }) => d.id)).to.deep.equal([newer.id, older.id]);
    const ascending = await app.get('/api/v1/documents?sort=issuedAt', own.token);
    expect(ascending.body.data.map((d: { id: string }) => d.id)).to.deep.equal([older.id, newer.id]);
  });

  it('gives GraphQL the same views, codes and ?view= effect', async () => {
    const own = await makeCompany(app);
    const client = await makeContact(app, own.token, { type: 'CLIENT' });
    const supplier = await makeContact(app, own.token, { type: 'SUPPLIER' });
    const FIELDS = 'id name resource filters sort columns shared ownerId createdAt updatedAt';
    const created = await app.graphql(
      `mutation($input: SavedViewInput!) { createSavedView(input: $input) { ${FIELDS} } }`,
      { input: { name: 'Clients', resource: 'contacts', filters: { type: 'CLIENT' }, sort: '-createdAt' } },
      own.token,
    );
    expect(created.body.errors).to.equal(undefined);
    const view = created.body.data.createSavedView;
    expect((await app.get(`/api/v1/saved-views/${view.id}`, own.token)).body).to.deep.equal(view);
    const listed = await app.graphql(`{ savedViews(resource: "contacts") { data { id } nextCursor } }`, {}, own.token);
    expect(listed.body.data.savedViews).to.deep.equal({ data: [{ id: view.id }], nextCursor: null });

    const contacts = `query($view: ID, $type: ContactType) { contacts(view: $view, type: $type) { data { id } } }`;
    const viewed = await app.graphql(contacts, { view: view.id }, own.token);
    expect(viewed.body.errors, JSON.stringify(viewed.body.errors)).to.equal(undefined);
    expect(viewed.body.data.contacts.data).to.deep.equal([{ id: client.id }]);
    const overridden = await app.graphql(contacts, { view: view.id, type: 'SUPPLIER' }, own.token);
    expect(overridden.body.data.contacts.data).to.deep.equal([{ id: supplier.id }]);

    const bad = await app.graphql(
      `mutation($input: SavedViewInput!) { createSavedView(input: $input) { id } }`,
      { input: { name: 'Bad', resource: 'contacts', filters: { colour: 'red' } } },
      own.token,
    );
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(bad.body.errors[0].extensions.details.map((d: { path: string }) => d.path)).to.deep.equal([
      'filters.colour',
    ]);
    const docView = await saved(own.token, { name: 'Docs', resource: 'documents' });
    const wrong = await app.graphql(contacts, { view: docView.id }, own.token);
    expect(wrong.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    const missing = await app.graphql(contacts, { view: client.id }, own.token);
    expect(missing.body.errors[0].extensions.code).to.equal('NOT_FOUND');
    const updated = await app.graphql(
      `mutation($id: ID!, $input: SavedViewInput!) { updateSavedView(id: $id, input: $input) { name shared } }`,
      { id: view.id, input: { name: 'All contacts', resource: 'contacts', shared: true } },
      own.token,
    );
    expect(updated.body.data.updateSavedView).to.deep.equal({ name: 'All contacts', shared: true });
    const deleted = await app.graphql(`mutation($id: ID!) { deleteSavedView(id: $id) }`, { id: view.id }, own.token);
    expect(deleted.body.data.deleteSavedView).to.equal(true);
    const again = await app.graphql(`mutation($id: ID!) { deleteSavedView(id: $id) }`, { id: view.id }, own.token);
    expect(again.body.errors[0].extensions.code).to.equal('NOT_FOUND');
  });

  it('lets an API key (no person) save shared views only, and keeps views out of reach of sections not read', async () => {
    const own = await makeCompany(app);
    const { key } = await makeApiKey(app, own);
    const privateOne = await save(key, { name: 'Private', resource: 'documents' });
    expect(privateOne.status, privateOne.text).to.equal(400);
    expect(privateOne.body.details[0].path).to.equal('shared');
    const shared = await saved(key, { name: 'Shared', resource: 'documents', shared: true });
    expect(shared.ownerId).to.equal(null);
    expect(names(await app.get('/api/v1/saved-views', own.token))).to.deep.equal(['Shared']);
    const renamed = await app.put(
      `/api/v1/saved-views/${shared.id}`,
      { name: 'Renamed', resource: 'documents', shared: true },
      key,
    );
    expect(renamed.status, renamed.text).to.equal(200);

    const contactsOnly = await makeUser(app, own, { permissions: { contacts: 'read' } });
    expect(names(await app.get('/api/v1/saved-views', contactsOnly.token))).to.deep.equal([]);
    expect((await app.get(`/api/v1/saved-views/${shared.id}`, contactsOnly.token)).status).to.equal(404);
    expect((await save(contactsOnly.token, { name: 'Docs', resource: 'documents' })).status).to.equal(403);
  });

  it('bounds the name, the columns and the views per person', async () => {
    const own = await makeCompany(app);
    const long = await save(own.token, { name: 'x'.repeat(101), resource: 'contacts' });
    expect(long.status).to.equal(400);
    expect(long.body.details[0].path).to.equal('name');
    const columns = Array.from({ length: 31 }, (_, i) => `c${i}`);
    const wide = await save(own.token, { name: 'Wide', resource: 'contacts', columns });
    expect(wide.status).to.equal(400);
    expect(wide.body.details[0].path).to.equal('columns');
    const odd = await save(own.token, { name: 'Odd', resource: 'contacts', columns: ['name; DROP'] });
    expect(odd.status).to.equal(400);
    for (let i = 0; i < 95; i += 1) await saved(own.token, { name: `View ${i}`, resource: 'contacts' });
    // Parallel saves queue per person: exactly the 5 left fit.
    const parallel = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save(own.token, { name: `Parallel ${i}`, resource: 'contacts' })),
    );
    expect(parallel.map((r) => r.status).sort()).to.deep.equal([201, 201, 201, 201, 201, 400, 400, 400, 400, 400]);
    const more = await save(own.token, { name: 'One too many', resource: 'contacts' });
    expect(more.status, more.text).to.equal(400);
    expect(more.body.code).to.equal('VALIDATION_FAILED');
    // Pages of the caller's views.
    const page = await app.get('/api/v1/saved-views?limit=60', own.token);
    expect(page.body.data).to.have.length(60);
    const rest = await app.get(`/api/v1/saved-views?limit=60&cursor=${page.body.nextCursor}`, own.token);
    expect(rest.body.data).to.have.length(40);
    expect(rest.body.nextCursor).to.equal(null);
  });
});
