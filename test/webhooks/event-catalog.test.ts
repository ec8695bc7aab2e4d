import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeUser, UNAUTHORIZED_BODY } from '../helpers/fixtures';

/** SPEC 6.2, in its order. */
const SPEC_CATALOG = [
  'document.created',
  'document.updated',
  'document.deleted',
  'document.sent',
  'document.viewed',
  'document.paid',
  'document.overdue',
  'document.archived',
  'contact.created',
  'contact.updated',
  'contact.archived',
  'product.created',
  'product.updated',
  'product.archived',
  'payment.imported',
  'payment.matched',
  'payment.unmatched',
  'automation.started',
  'automation.finished',
  'automation.failed',
  'ai.completed',
  'ai.failed',
  'webhook.test',
];

/** The catalog's events beyond SPEC 6.2, after its ones (issue 26: recurring series; issue 27: exports). */
const APP_CATALOG = [
  'recurring_series.created',
  'recurring_series.updated',
  'recurring_series.deleted',
  'recurring_series.paused',
  'recurring_series.resumed',
  'recurring_series.generated',
  'recurring_series.failed',
  'recurring_series.ended',
  'export.completed',
  'export.failed',
];

describe('GET /api/v1/webhooks/events: the event catalog', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it("lists every SPEC 6.2 event with its SPEC 6.3 payload fields, then the app's own, as one page", async () => {
    const { key } = await makeApiKey(app, company);
    const res = await app.get('/api/v1/webhooks/events', key);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.nextCursor).to.equal(null);
    expect(res.body.data.map((e: { event: string }) => e.event)).to.deep.equal([...SPEC_CATALOG, ...APP_CATALOG]);
    const byName = Object.fromEntries(res.body.data.map((e: { event: string }) => [e.event, e]));
    expect(byName['contact.archived']).to.deep.equal({
      event: 'contact.archived',
      description: 'PATCH /contacts/:id with archived true (contacts are archived, never deleted)',
      dataFields: ['id', 'name', 'email', 'phone', 'type', 'taxId', 'vatId', 'archived'],
    });
    expect(byName['product.archived'].dataFields).to.deep.equal([
      'id',
      'name',
      'sku',
      'unit',
      'price',
      'vatRate',
      'active',
    ]);
    expect(byName['document.overdue'].dataFields).to.include.members(['daysOverdue', 'remainingAmount', 'paidAmount']);
    expect(byName['payment.unmatched'].dataFields).to.include('previousDocumentId');
    expect(byName['webhook.test'].dataFields).to.deep.equal(['message', 'webhookId']);
  });

  it('needs automations:read', async () => {
    const member = await makeUser(app, company, { permissions: { contacts: 'write', documents: 'write' } });
    const denied = await app.get('/api/v1/webhooks/events', member.token);
    expect(denied.status).to.equal(403);
    expect(denied.body).to.deep.equal({
      error: 'Forbidden',
      message: 'This credential lacks the scope automations:read',
      code: 'FORBIDDEN',
      details: { requiredScope: 'automations:read' },
    });
    const reader = await makeUser(app, company, { permissions: { automations: 'read' } });
    expect((await app.get('/api/v1/webhooks/events', reader.token)).status).to.equal(200);
    const anonymous = await app.get('/api/v1/webhooks/events');
    expect(anonymous.status).to.equal(401);
    expect(anonymous.body).to.deep.equal(UNAUTHORIZED_BODY);
  });

  it('is the same catalog over GraphQL', async () => {
    const gql = await app.graphql('{ webhookEvents { event description dataFields } }', {}, company.token);
    expect(gql.body.errors).to.equal(undefined);
    expect(gql.body.data.webhookEvents).to.deep.equal(
      (await app.get('/api/v1/webhooks/events', company.token)).body.data,
    );
  });
});
