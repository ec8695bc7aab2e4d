import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAutomation, NOTIFY, runsOf, settle } from '../helpers/automations';
import { makeCompany, makeDocument, type Company } from '../helpers/fixtures';

type Value = string | number | boolean;
/** [field, operator, value that holds, value that does not, customField name]. */
type Row = [string, string, Value, Value, string?];

/**
 * The document every rule sees: an INVOICE totalling 1210.00, tags ["vip"], issued at 00:30 in Prague
 * on 2026-06-17 (still 2026-06-16 in UTC), custom fields project "Alpha-7" and priority "5".
 */
const TABLE: Row[] = [
  ['documentType', 'equals', 'INVOICE', 'QUOTE'],
  ['documentType', 'not_equals', 'QUOTE', 'INVOICE'],
  ['documentType', 'gt', 'CREDIT_NOTE', 'ORDER'],
  ['documentType', 'lt', 'ORDER', 'CREDIT_NOTE'],
  ['documentType', 'gte', 'INVOICE', 'ORDER'],
  ['documentType', 'lte', 'INVOICE', 'CREDIT_NOTE'],
  ['documentType', 'contains', 'VOICE', 'QUOTE'],
  ['documentType', 'not_contains', 'QUOTE', 'VOICE'],
  ['amount', 'equals', '1210.00', 1210.01],
  ['amount', 'not_equals', 1000, 1210],
  ['amount', 'gt', 1000, 1210],
  ['amount', 'lt', 1210.01, 1210],
  ['amount', 'gte', 1210, '1210.01'],
  ['amount', 'lte', 1210, 1209.99],
  ['amount', 'contains', '121', '999'],
  ['amount', 'not_contains', '999', '121'],
  ['tags', 'equals', 'vip', 'eu'],
  ['tags', 'not_equals', 'eu', 'vip'],
  ['tags', 'gt', 0, 1],
  ['tags', 'lt', 2, 1],
  ['tags', 'gte', 1, 2],
  ['tags', 'lte', 1, 0],
  ['tags', 'contains', 'vip', 'eu'],
  ['tags', 'not_contains', 'eu', 'vip'],
  ['date', 'equals', '2026-06-17', '2026-06-16'],
  ['date', 'not_equals', '2026-06-16', '2026-06-17'],
  ['date', 'gt', '2026-06-16', '2026-06-17'],
  ['date', 'lt', '2026-06-18', '2026-06-17'],
  ['date', 'gte', '2026-06-17', '2026-06-18'],
  ['date', 'lte', '2026-06-17', '2026-06-16'],
  ['date', 'contains', '2026-06', '2025'],
  ['date', 'not_contains', '2025', '2026-06'],
  ['customField', 'equals', 'Alpha-7', 'Beta', 'project'],
  ['customField', 'not_equals', 'Beta', 'Alpha-7', 'project'],
  // Numbers compare as numbers: "5" < 10 although "5" > "10" as text.
  ['customField', 'gt', 4, 5, 'priority'],
  ['customField', 'lt', 10, 5, 'priority'],
  ['customField', 'gte', 5, 6, 'priority'],
  ['customField', 'lte', 5, 4, 'priority'],
  ['customField', 'contains', 'Alpha', 'Beta', 'project'],
  ['customField', 'not_contains', 'Beta', 'Alpha', 'project'],
  // A custom field the document does not have: only the negative operators hold.
  ['customField', 'not_equals', 'x', 'x', 'missing'],
  ['customField', 'not_contains', 'x', 'x', 'missing'],
];

describe('automations: conditions, every field × operator (table)', () => {
  let app: TestApp;
  let company: Company;
  const rules: { row: Row; holds: boolean; id: string }[] = [];

  before(async function () {
    this.timeout(120_000);
    app = await startTestApp();
    company = await makeCompany(app);
    for (const row of TABLE) {
      const [field, operator, yes, no, name] = row;
      // The "missing field" rows have no value that fails a negative operator: only their holding side is checked.
      const sides: [boolean, Value][] =
        name === 'missing'
          ? [[true, yes]]
          : [
              [true, yes],
              [false, no],
            ];
      for (const [holds, value] of sides) {
        const condition = { field, operator, value, ...(name ? { name } : {}) };
        const rule = await makeAutomation(app, company.token, {
          name: `${field} ${operator} ${String(value)}`,
          conditions: [condition],
          actions: NOTIFY,
        });
        rules.push({ row, holds, id: rule.id });
      }
    }
    await makeDocument(app, company.token, {
      issuedAt: '2026-06-16T22:30:00Z',
      dueAt: '2026-07-01',
      tags: ['vip'],
      customFields: { project: 'Alpha-7', priority: '5' },
    });
    await settle(app);
  });
  after(() => app.stop());

  for (const row of TABLE) {
    const [field, operator, yes, no, name] = row;
    const label = `${field}${name ? `(${name})` : ''} ${operator}`;
    it(`${label}: ${JSON.stringify(yes)} holds (COMPLETED)${name === 'missing' ? '' : `, ${JSON.stringify(no)} does not (SKIPPED, no action)`}`, async () => {
      for (const rule of rules.filter((r) => r.row === row)) {
        const runs = await runsOf(app, company.token, rule.id);
        expect(runs, `${label} ${rule.holds}`).to.have.length(1);
        expect(runs[0].status, `${label} expected to ${rule.holds ? 'hold' : 'fail'}`).to.equal(
          rule.holds ? 'COMPLETED' : 'SKIPPED',
        );
        expect(runs[0].actions).to.have.length(rule.holds ? 1 : 0);
      }
    });
  }

  it('all conditions must hold: one failing condition skips the rule', async () => {
    const co = await makeCompany(app);
    const rule = await makeAutomation(app, co.token, {
      conditions: [
        { field: 'documentType', operator: 'equals', value: 'INVOICE' },
        { field: 'amount', operator: 'gt', value: 5000 },
      ],
    });
    const none = await makeAutomation(app, co.token, { conditions: [] });
    await makeDocument(app, co.token);
    await settle(app);
    expect((await runsOf(app, co.token, rule.id)).map((r) => r.status)).to.deep.equal(['SKIPPED']);
    expect((await runsOf(app, co.token, none.id)).map((r) => r.status)).to.deep.equal(['COMPLETED']);
  });

  it('documents carry customFields in REST and GraphQL, bounded', async () => {
    const doc = await makeDocument(app, company.token, { customFields: { project: 'Alpha', 'cost centre': '42' } });
    expect(doc.customFields).to.deep.equal({ project: 'Alpha', 'cost centre': '42' });
    const patched = await app.patch(
      `/api/v1/documents/${doc.id}`,
      { customFields: { project: 'Beta' } },
      company.token,
    );
    expect(patched.body.customFields).to.deep.equal({ project: 'Beta' });
    const gql = await app.graphql(
      'query($id: ID!) { document(id: $id) { customFields } }',
      { id: doc.id },
      company.token,
    );
    expect(gql.body.data.document.customFields).to.deep.equal({ project: 'Beta' });
    const viaGql = await app.graphql(
      'mutation($id: ID!) { updateDocument(id: $id, input: { customFields: { stage: "won" } }) { customFields } }',
      { id: doc.id },
      company.token,
    );
    expect(viaGql.body.errors, viaGql.text).to.equal(undefined);
    expect(viaGql.body.data.updateDocument.customFields).to.deep.equal({ stage: 'won' });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    for (const customFields of [
      tooMany,
      { ['k'.repeat(101)]: 'v' },
      { k: 'v'.repeat(1001) },
      { k: 5 },
      { '': 'v' },
      ['a'],
    ]) {
      const res = await app.patch(`/api/v1/documents/${doc.id}`, { customFields }, company.token);
      expect(res.status, JSON.stringify(customFields).slice(0, 80)).to.equal(400);
      expect(res.body.message).to.contain('customFields');
    }
  });
});
