import fs from 'node:fs';
import { expect } from 'chai';
import createClient, { type Client } from 'openapi-fetch';
import { generateApiTypes, TYPES_FILE } from '../../scripts/openapi-types';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany } from '../helpers/fixtures';
import type { paths } from './faktura-api';

/**
 * The OpenAPI description proven usable by a real client: types generated from it by
 * openapi-typescript, requests sent by openapi-fetch. A wrong path, parameter, body or answer in
 * the description fails the typecheck of this file or one of its assertions.
 */
describe('typed client generated from the OpenAPI description', () => {
  let app: TestApp;
  let api: Client<paths>;
  before(async () => {
    app = await startTestApp();
    const company = await makeCompany(app);
    const { key } = await makeApiKey(app, company);
    api = createClient<paths>({ baseUrl: app.url, headers: { authorization: `Bearer ${key}` } });
  });
  after(() => app.stop());

  it('uses types that match the current description (npm run openapi:types)', async () => {
    expect(
      fs.readFileSync(TYPES_FILE, 'utf8') === (await generateApiTypes()),
      'test/client/faktura-api.ts is stale: run npm run openapi:types',
    ).to.equal(true);
  });

  it('creates, reads, lists, changes and archives a contact', async () => {
    const created = await api.POST('/api/v1/contacts', {
      body: { name: 'Klient s.r.o.', email: 'Info@Klient.example', taxId: '12345678' },
    });
    expect(created.response.status).to.equal(201);
    const contact = created.data!;
    expect(contact).to.include({
      name: 'Klient s.r.o.',
      email: 'info@klient.example',
      type: 'CLIENT',
      archived: false,
    });

    const read = await api.GET('/api/v1/contacts/{id}', { params: { path: { id: contact.id } } });
    expect(read.data).to.deep.equal(contact);

    const changed = await api.PATCH('/api/v1/contacts/{id}', {
      params: { path: { id: contact.id } },
      body: { city: 'Brno', archived: true },
    });
    expect(changed.data).to.include({ city: 'Brno', archived: true });

    const archived = await api.GET('/api/v1/contacts', {
      params: { query: { archived: 'true', search: 'klient', limit: 10 } },
    });
    expect(archived.data!.data.map((c) => c.id)).to.deep.equal([contact.id]);

    const refused = await api.POST('/api/v1/contacts', { body: { name: '' } });
    expect(refused.response.status).to.equal(400);
    expect(refused.error).to.include({ code: 'VALIDATION_FAILED' });
    const missing = await api.GET('/api/v1/contacts/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.response.status).to.equal(404);
    expect(missing.error).to.include({ code: 'NOT_FOUND' });
  });

  it('creates a document with exact decimal amounts, lists it, issues it and deletes a draft', async () => {
    const created = await api.POST('/api/v1/documents', {
      body: {
        type: 'INVOICE',
        clientName: 'Klient s.r.o.',
        issuedAt: '2026-06-01',
        tags: ['client'],
        items: [{ name: 'Práce', quantity: '2', unitPrice: '500.10', vatRate: 21 }],
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).to.equal(201);
    const doc = created.data!;
    expect(doc).to.include({ status: 'DRAFT', subtotal: '1000.20', vatTotal: '210.04', total: '1210.24' });

    const listed = await api.GET('/api/v1/documents', {
      params: { query: { tag: 'client', from: '2026-06-01', to: '2026-06-30' } },
    });
    expect(listed.data!.data.map((d) => d.number)).to.deep.equal([doc.number]);

    const issued = await api.POST('/api/v1/documents/{id}/transition', {
      params: { path: { id: doc.id } },
      body: { status: 'ISSUED' },
    });
    expect(issued.data!.status).to.equal('ISSUED');
    const notDraft = await api.DELETE('/api/v1/documents/{id}', { params: { path: { id: doc.id } } });
    expect(notDraft.response.status).to.equal(409);

    const draft = await api.POST('/api/v1/documents', {
      body: { type: 'QUOTE', items: [{ name: 'Nabídka', quantity: 1, unitPrice: 1, vatRate: 0 }] },
    });
    const deleted = await api.DELETE('/api/v1/documents/{id}', { params: { path: { id: draft.data!.id } } });
    expect(deleted.response.status).to.equal(204);
  });
});
