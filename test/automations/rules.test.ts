import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAutomation } from '../helpers/automations';
import { makeApiKey, makeCompany, makeUser, type Company } from '../helpers/fixtures';

const RULE = {
  name: 'Tag large invoices',
  triggerType: 'SYSTEM_EVENT',
  triggerEvent: 'document.created',
  conditions: [{ field: 'amount', operator: 'gt', value: 10000 }],
  actions: [{ type: 'ADD_TAG', params: { tag: 'large' } }],
};

describe('automations: rules', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('creates, reads, lists, updates and deletes a rule with the record of DESIGN 5', async () => {
    const created = await app.post('/api/v1/automations', RULE, company.token);
    expect(created.status, created.text).to.equal(201);
    const rule = created.body;
    expect(rule).to.deep.equal({
      id: rule.id,
      name: 'Tag large invoices',
      isActive: true,
      triggerType: 'SYSTEM_EVENT',
      triggerEvent: 'document.created',
      triggerCron: null,
      conditions: [{ field: 'amount', operator: 'gt', value: 10000 }],
      actions: [{ type: 'ADD_TAG', params: { tag: 'large' } }],
      createdAt: rule.createdAt,
      updatedAt: rule.updatedAt,
    });
    expect(rule.createdAt).to.match(/^2026-06-17T08:3\d:\d\d\.\d{3}Z$/);
    expect((await app.get(`/api/v1/automations/${rule.id}`, company.token)).body).to.deep.equal(rule);

    const put = await app.put(`/api/v1/automations/${rule.id}`, { name: 'Renamed', isActive: false }, company.token);
    expect(put.status, put.text).to.equal(200);
    expect(put.body).to.deep.include({
      name: 'Renamed',
      isActive: false,
      triggerEvent: 'document.created',
      conditions: RULE.conditions,
    });

    const toScheduled = await app.put(
      `/api/v1/automations/${rule.id}`,
      { triggerType: 'SCHEDULED', triggerEvent: null, triggerCron: '0 9 * * 1' },
      company.token,
    );
    expect(toScheduled.status, toScheduled.text).to.equal(200);
    expect(toScheduled.body).to.deep.include({
      triggerType: 'SCHEDULED',
      triggerEvent: null,
      triggerCron: '0 9 * * 1',
    });

    const list = await app.get('/api/v1/automations', company.token);
    expect(list.body.data.map((r: any) => r.id)).to.deep.equal([rule.id]);
    expect(list.body.nextCursor).to.equal(null);

    expect((await app.del(`/api/v1/automations/${rule.id}`, company.token)).status).to.equal(204);
    expect((await app.get(`/api/v1/automations/${rule.id}`, company.token)).status).to.equal(404);
  });

  it('lists in pages of limit with a cursor', async () => {
    const co = await makeCompany(app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await makeAutomation(app, co.token, { name: `R${i}` })).id);
    const first = await app.get('/api/v1/automations?limit=2', co.token);
    const second = await app.get(`/api/v1/automations?limit=2&cursor=${first.body.nextCursor}`, co.token);
    const third = await app.get(`/api/v1/automations?limit=2&cursor=${second.body.nextCursor}`, co.token);
    expect([...first.body.data, ...second.body.data, ...third.body.data].map((r: any) => r.id)).to.deep.equal(ids);
    expect(third.body.nextCursor).to.equal(null);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['lower-case triggerType', { triggerType: 'system_event' }, 'triggerType'],
    ['unknown triggerType', { triggerType: 'WEBHOOK' }, 'triggerType'],
    ['SYSTEM_EVENT without triggerEvent', { triggerEvent: undefined }, 'triggerEvent'],
    ['triggerEvent outside the three', { triggerEvent: 'document.sent' }, 'triggerEvent'],
    ['triggerEvent on a MANUAL rule', { triggerType: 'MANUAL' }, 'triggerEvent'],
    ['triggerCron on a SYSTEM_EVENT rule', { triggerCron: '0 8 * * *' }, 'triggerCron'],
    ['SCHEDULED without triggerCron', { triggerType: 'SCHEDULED', triggerEvent: null }, 'triggerCron'],
    ['six-field cron', { triggerType: 'SCHEDULED', triggerEvent: null, triggerCron: '0 0 8 * * *' }, 'triggerCron'],
    ['four-field cron', { triggerType: 'SCHEDULED', triggerEvent: null, triggerCron: '0 8 * *' }, 'triggerCron'],
    ['cron out of range', { triggerType: 'SCHEDULED', triggerEvent: null, triggerCron: '61 8 * * *' }, 'triggerCron'],
    ['cron alias', { triggerType: 'SCHEDULED', triggerEvent: null, triggerCron: '@daily' }, 'triggerCron'],
    [
      'unknown condition field',
      { conditions: [{ field: 'status', operator: 'equals', value: 'PAID' }] },
      'conditions[0].field',
    ],
    [
      'unknown operator',
      { conditions: [{ field: 'amount', operator: 'between', value: 1 }] },
      'conditions[0].operator',
    ],
    [
      'customField without name',
      { conditions: [{ field: 'customField', operator: 'equals', value: 'x' }] },
      'conditions[0].name',
    ],
    [
      'name on another field',
      { conditions: [{ field: 'amount', operator: 'gt', value: 1, name: 'x' }] },
      'conditions[0].name',
    ],
    [
      'amount compared with text',
      { conditions: [{ field: 'amount', operator: 'gt', value: 'lots' }] },
      'conditions[0].value',
    ],
    [
      'date not YYYY-MM-DD',
      { conditions: [{ field: 'date', operator: 'gte', value: 'today - 7 days' }] },
      'conditions[0].value',
    ],
    [
      'object as value',
      { conditions: [{ field: 'documentType', operator: 'equals', value: { a: 1 } }] },
      'conditions[0].value',
    ],
    ['no actions', { actions: [] }, 'actions'],
    ['unknown action type', { actions: [{ type: 'DELETE_DOCUMENT', params: {} }] }, 'actions[0].type'],
    [
      'STATUS_CHANGE to an unknown status',
      { actions: [{ type: 'STATUS_CHANGE', params: { status: 'DONE' } }] },
      'actions[0].params.status',
    ],
    [
      'TRIGGER_WEBHOOK without event',
      { actions: [{ type: 'TRIGGER_WEBHOOK', params: {} }] },
      'actions[0].params.event',
    ],
    [
      'TRIGGER_WEBHOOK with a catalog event',
      { actions: [{ type: 'TRIGGER_WEBHOOK', params: { event: 'document.paid' } }] },
      'actions[0].params.event',
    ],
    [
      'SEND_EMAIL to no address',
      { actions: [{ type: 'SEND_EMAIL', params: { to: 'nobody', subject: 'Hi' } }] },
      'actions[0].params.to',
    ],
    [
      'SEND_EMAIL without subject',
      { actions: [{ type: 'SEND_EMAIL', params: { to: 'a@example.cz' } }] },
      'actions[0].params.subject',
    ],
    [
      'SEND_EMAIL with an unknown variable',
      { actions: [{ type: 'SEND_EMAIL', params: { to: 'a@example.cz', subject: 'Hi {{user.password}}' } }] },
      'actions[0].params.subject',
    ],
    ['ADD_TAG without tag', { actions: [{ type: 'ADD_TAG', params: { tag: '' } }] }, 'actions[0].params.tag'],
    [
      'INTERNAL_NOTIFICATION without message',
      { actions: [{ type: 'INTERNAL_NOTIFICATION', params: { title: 'T' } }] },
      'actions[0].params.message',
    ],
    ['too long a name', { name: 'x'.repeat(201) }, 'name'],
    [
      '21 conditions',
      { conditions: Array.from({ length: 21 }, () => ({ field: 'amount', operator: 'gt', value: 1 })) },
      'conditions',
    ],
  ];
  for (const [what, change, field] of invalid) {
    it(`refuses ${what}: 400 VALIDATION_FAILED naming ${field}`, async () => {
      const body: Record<string, unknown> = { ...RULE, ...change };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      const res = await app.post('/api/v1/automations', body, company.token);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.message).to.contain(`${field}:`);
      expect(res.body.details.map((d: any) => d.path)).to.include(field);
    });
  }

  it('validates an update as the whole rule it makes', async () => {
    const rule = await makeAutomation(app, company.token);
    const res = await app.put(
      `/api/v1/automations/${rule.id}`,
      { triggerType: 'SCHEDULED', triggerCron: '0 8 * * *' },
      company.token,
    );
    expect(res.status, res.text).to.equal(400);
    expect(res.body.message).to.contain('triggerEvent: only for SYSTEM_EVENT');
    const bad = await app.put(
      `/api/v1/automations/${rule.id}`,
      { actions: [{ type: 'ADD_TAG', params: {} }] },
      company.token,
    );
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.contain('actions[0].params.tag');
  });

  it('accepts every field, operator and action type of SPEC 2.7, and text as the older name of body', async () => {
    const res = await app.post(
      '/api/v1/automations',
      {
        name: 'All of it',
        triggerType: 'MANUAL',
        conditions: [
          { field: 'documentType', operator: 'equals', value: 'INVOICE' },
          { field: 'amount', operator: 'gte', value: '1000.50' },
          { field: 'tags', operator: 'not_contains', value: 'vip' },
          { field: 'date', operator: 'lt', value: '2027-01-01' },
          { field: 'customField', name: 'project', operator: 'contains', value: 'Alpha' },
        ],
        actions: [
          { type: 'TRIGGER_WEBHOOK', params: { event: 'invoice.large' } },
          { type: 'STATUS_CHANGE', params: { status: 'SENT' } },
          {
            type: 'SEND_EMAIL',
            params: {
              to: '{{contact.email}}',
              subject: 'Invoice {{document.number}}',
              text: 'Total {{document.amount}} {{document.currency}}',
            },
          },
          { type: 'ADD_TAG', params: { tag: 'large' } },
          { type: 'INTERNAL_NOTIFICATION', params: { title: 'Large', message: 'A large invoice' } },
        ],
      },
      company.token,
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.body.actions[2]).to.deep.equal({
      type: 'SEND_EMAIL',
      params: {
        to: '{{contact.email}}',
        subject: 'Invoice {{document.number}}',
        body: 'Total {{document.amount}} {{document.currency}}',
      },
    });
  });

  it('answers 404 for another company’s rule and keeps lists per company', async () => {
    const other = await makeCompany(app);
    const theirs = await makeAutomation(app, other.token);
    for (const res of [
      await app.get(`/api/v1/automations/${theirs.id}`, company.token),
      await app.put(`/api/v1/automations/${theirs.id}`, { name: 'Mine now' }, company.token),
      await app.del(`/api/v1/automations/${theirs.id}`, company.token),
      await app.get(`/api/v1/automations/${theirs.id}/runs`, company.token),
      await app.post(
        `/api/v1/automations/${theirs.id}/run`,
        { context: { organizationId: company.organizationId } },
        company.token,
      ),
      await app.get('/api/v1/automations/not-a-uuid', company.token),
    ]) {
      expect(res.status, res.text).to.equal(404);
    }
    const mine = await app.get('/api/v1/automations', company.token);
    expect(mine.body.data.map((r: any) => r.id)).to.not.include(theirs.id);
  });

  it('needs the automations section: read for GET, write for the rest; API keys have it', async () => {
    const reader = await makeUser(app, company, { permissions: { automations: 'read' } });
    const none = await makeUser(app, company, { permissions: { documents: 'write' } });
    const key = await makeApiKey(app, company);
    const rule = await makeAutomation(app, key.key);
    expect((await app.get(`/api/v1/automations/${rule.id}`, reader.token)).status).to.equal(200);
    expect((await app.get(`/api/v1/automations/${rule.id}/runs`, reader.token)).status).to.equal(200);
    const refused = await app.post('/api/v1/automations', { ...RULE }, reader.token);
    expect(refused.status).to.equal(403);
    expect(refused.body.code).to.equal('FORBIDDEN');
    expect((await app.put(`/api/v1/automations/${rule.id}`, { name: 'x' }, reader.token)).status).to.equal(403);
    expect(
      (
        await app.post(
          `/api/v1/automations/${rule.id}/run`,
          { context: { organizationId: company.organizationId } },
          reader.token,
        )
      ).status,
    ).to.equal(403);
    expect((await app.get('/api/v1/automations', none.token)).status).to.equal(403);
    expect((await app.get('/api/v1/automations')).status).to.equal(401);
  });

  it('GraphQL: the rule editor creates, reads, updates, lists and deletes through the same service', async () => {
    const FIELDS =
      'id name isActive triggerType triggerEvent triggerCron conditions { field operator value name } actions { type params } createdAt updatedAt';
    // Trigger types, events, condition fields, operators and action types are GraphQL enums: a variable
    // takes the REST string, except the event, whose dots a GraphQL name cannot have (DOCUMENT_CREATED).
    const created = await app.graphql(
      `mutation($input: CreateAutomationInput!) { createAutomation(input: $input) { ${FIELDS} } }`,
      {
        input: {
          ...RULE,
          triggerEvent: 'DOCUMENT_CREATED',
          conditions: [{ field: 'customField', name: 'project', operator: 'equals', value: 'Alpha' }],
        },
      },
      company.token,
    );
    expect(created.body.errors, created.text).to.equal(undefined);
    const rule = created.body.data.createAutomation;
    expect(rule.conditions).to.deep.equal([
      { field: 'customField', name: 'project', operator: 'equals', value: 'Alpha' },
    ]);
    const rest = await app.get(`/api/v1/automations/${rule.id}`, company.token);
    expect(rest.body.triggerEvent).to.equal('document.created');
    expect({ ...rest.body, triggerEvent: 'DOCUMENT_CREATED' }).to.deep.equal(rule);

    // A value outside an enum is refused before any resolver runs: as a variable (BAD_USER_INPUT) and
    // as a literal (GRAPHQL_VALIDATION_FAILED). REST, which has no enums, still answers VALIDATION_FAILED.
    const unknownOperator = await app.graphql(
      `mutation($input: CreateAutomationInput!) { createAutomation(input: $input) { id } }`,
      {
        input: {
          ...RULE,
          triggerEvent: 'DOCUMENT_CREATED',
          conditions: [{ field: 'amount', operator: 'about', value: 1 }],
        },
      },
      company.token,
    );
    expect(unknownOperator.body.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
    expect(unknownOperator.body.errors[0].message).to.contain('AutomationOperator');
    const restEvent = await app.graphql(
      `mutation($input: CreateAutomationInput!) { createAutomation(input: $input) { id } }`,
      { input: RULE },
      company.token,
    );
    expect(restEvent.body.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
    const literal = await app.graphql(
      `mutation { createAutomation(input: { name: "x", triggerType: "MANUAL", actions: [] }) { id } }`,
      {},
      company.token,
    );
    expect(literal.body.errors[0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');

    const updated = await app.graphql(
      `mutation($id: ID!) { updateAutomation(id: $id, input: { isActive: false, actions: [{ type: ADD_TAG, params: { tag: "x" } }] }) { isActive actions { type params } } }`,
      { id: rule.id },
      company.token,
    );
    expect(updated.body.data.updateAutomation).to.deep.equal({
      isActive: false,
      actions: [{ type: 'ADD_TAG', params: { tag: 'x' } }],
    });

    const bad = await app.graphql(
      `mutation { createAutomation(input: { name: "x", triggerType: SCHEDULED, triggerCron: "* * * *", actions: [] }) { id } }`,
      {},
      company.token,
    );
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(bad.body.errors[0].message).to.contain('triggerCron');

    const list = await app.graphql('{ automations(limit: 200) { data { id } nextCursor } }', {}, company.token);
    expect(list.body.data.automations.data.map((r: any) => r.id)).to.include(rule.id);
    const deleted = await app.graphql(
      'mutation($id: ID!) { deleteAutomation(id: $id) }',
      { id: rule.id },
      company.token,
    );
    expect(deleted.body.data.deleteAutomation).to.equal(true);
    const gone = await app.graphql('query($id: ID!) { automation(id: $id) { id } }', { id: rule.id }, company.token);
    expect(gone.body.errors[0].extensions.code).to.equal('NOT_FOUND');
  });
});
