import 'reflect-metadata';
import { expect } from 'chai';
import { isInputObjectType, isObjectType, type GraphQLSchema } from 'graphql';
import type { z } from 'zod';
import { loadConfig } from '../../src/config';
import { modules } from '../../src/modules';
import { buildOfflineSchema } from '../../scripts/schema';
import { createContactInput, listContactsQuery, updateContactInput } from '../../src/modules/contacts/contacts.inputs';
import {
  createDocumentInput,
  listDocumentsQuery,
  sendEmailInput,
  totalsPreviewInput,
  transitionInput,
  updateDocumentInput,
} from '../../src/modules/documents/document.inputs';
import { DOCUMENT_TYPES } from '../../src/modules/documents/document.types';
import { numberingInput } from '../../src/modules/documents/numbering';
import { createApiKeyInput } from '../../src/modules/apikeys/apikeys.service';
import {
  createDepartmentInput,
  createUserInput,
  signupInput,
  updateOrganizationInput,
  updateUserInput,
} from '../../src/modules/identity/identity.inputs';
import { registerApplicationInput, updateApplicationInput } from '../../src/modules/oauth/oauth.inputs';
import { buildOpenApiDocument } from '../../src/modules/openapi/openapi.document';
import {
  createBankAccountInput,
  importStatementInput,
  listPaymentsInput,
  matchPaymentInput,
  statementLineInput,
} from '../../src/modules/payments/payments.inputs';
import { createProductInput, listProductsQuery, updateProductInput } from '../../src/modules/products/products.inputs';
import { periodInput } from '../../src/modules/reports/reports.service';
import { controlStatementInput } from '../../src/modules/reports/control-statement';
import { createCostInput, listCostsQuery, updateCostInput } from '../../src/modules/costs/costs.inputs';
import { listInboxQuery } from '../../src/modules/inbox/inbox.inputs';
import {
  conditionInput,
  listRunsQuery,
  ruleSchema,
  runInput,
  updateRuleInput,
} from '../../src/modules/automations/automations.inputs';
import { paginationInput } from '../../src/core/validation';
import { createPosDeviceInput, updatePosDeviceInput } from '../../src/modules/pos/pos-devices.service';
import {
  updateCompanyInput,
  updateDocumentLookInput,
  updateTaxFilingInput,
  uploadLogoInput,
} from '../../src/modules/company/company.inputs';
import { documentRemindersInput, reminderStep, reminderStepsInput } from '../../src/modules/reminders/reminders.inputs';

/**
 * One shape, two APIs: every GraphQL input type and argument list has exactly the fields of the zod
 * schema that validates the same REST input, and every GraphQL output type the fields of the REST
 * record in the OpenAPI description. Differences are listed below, each with its reason; a field
 * added on one side only fails here.
 */
const JUSTIFIED: Record<string, { graphqlOnly?: string[]; restOnly?: string[] }> = {
  // REST names the document in the path (/documents/{id}/transition); GraphQL has no path, so `id` is an argument.
  'Mutation.transitionDocument': { graphqlOnly: ['id'] },
  // Likewise /payments/{id}/match.
  'Mutation.matchPayment': { graphqlOnly: ['id'] },
  // POST /payments/import names the format of an uploaded statement file; GraphQL's importStatementFile
  // returns the same StatementImport as the JSON import (the web app's fragment spreads on it).
  'StatementImport.output': { restOnly: ['format'] },
  // Likewise /costs/{id}.
  'Mutation.updateCost': { graphqlOnly: ['id'] },
  // Likewise /pos-devices/{id}.
  'Mutation.updatePosDevice': { graphqlOnly: ['id'] },
  // Likewise /automations/{id}/run and /automations/{id}/runs.
  'Mutation.runAutomation': { graphqlOnly: ['id'] },
  // Likewise /documents/{id}/reminders.
  'Mutation.setDocumentReminders': { graphqlOnly: ['documentId'] },
  'Query.automationRuns': { graphqlOnly: ['automationId'] },
  // REST answers a payment's suggestion at /payments/{id}/suggestion; GraphQL resolves it as a field, for a whole page at once.
  'Payment.output': { graphqlOnly: ['suggestion'] },
  // REST lists a document's versions at /documents/{id}/versions; GraphQL resolves them as a field of Document.
  'Document.output': { graphqlOnly: ['versions'] },
  // The web app's default language is resolved by the company module (it knows the company's country);
  // a REST client reads the country at /settings/company and the person's choice as `language` here.
  'Me.output': { graphqlOnly: ['defaultLanguage'] },
};

type Pair = { graphql: string; rest: z.ZodObject; kind: 'input' | 'args' };

/** `Mutation.createApiKey` names a mutation's argument list, like `Query.documents` a query's. */

const INPUTS: Pair[] = [
  { graphql: 'CreateContactInput', rest: createContactInput, kind: 'input' },
  { graphql: 'UpdateContactInput', rest: updateContactInput, kind: 'input' },
  { graphql: 'Query.contacts', rest: listContactsQuery, kind: 'args' },
  { graphql: 'CreateProductInput', rest: createProductInput, kind: 'input' },
  { graphql: 'UpdateProductInput', rest: updateProductInput, kind: 'input' },
  { graphql: 'Query.products', rest: listProductsQuery, kind: 'args' },
  { graphql: 'CreateDocumentInput', rest: createDocumentInput, kind: 'input' },
  { graphql: 'UpdateDocumentInput', rest: updateDocumentInput, kind: 'input' },
  { graphql: 'DocumentItemInput', rest: createDocumentInput.shape.items.element, kind: 'input' },
  { graphql: 'SendDocumentEmailInput', rest: sendEmailInput, kind: 'input' },
  {
    graphql: 'NumberingSeriesInput',
    rest: numberingInput([...DOCUMENT_TYPES, 'COST']).shape.series.element,
    kind: 'input',
  },
  { graphql: 'Query.documents', rest: listDocumentsQuery, kind: 'args' },
  { graphql: 'Query.documentTotalsPreview', rest: totalsPreviewInput, kind: 'args' },
  { graphql: 'CreateBankAccountInput', rest: createBankAccountInput, kind: 'input' },
  { graphql: 'StatementLineInput', rest: statementLineInput, kind: 'input' },
  { graphql: 'ImportPaymentsInput', rest: importStatementInput, kind: 'input' },
  { graphql: 'Query.payments', rest: listPaymentsInput, kind: 'args' },
  { graphql: 'Query.vatReport', rest: periodInput, kind: 'args' },
  { graphql: 'Query.salesReport', rest: periodInput, kind: 'args' },
  { graphql: 'SignUpInput', rest: signupInput, kind: 'input' },
  { graphql: 'CreateUserInput', rest: createUserInput, kind: 'input' },
  { graphql: 'UpdateUserInput', rest: updateUserInput, kind: 'input' },
  { graphql: 'RegisterOAuthApplicationInput', rest: registerApplicationInput, kind: 'input' },
  { graphql: 'UpdateOAuthApplicationInput', rest: updateApplicationInput, kind: 'input' },
  { graphql: 'PermissionsInput', rest: createUserInput.shape.permissions.unwrap(), kind: 'input' },
  { graphql: 'Mutation.createApiKey', rest: createApiKeyInput, kind: 'args' },
  { graphql: 'Mutation.createPosDevice', rest: createPosDeviceInput, kind: 'args' },
  { graphql: 'Mutation.updatePosDevice', rest: updatePosDeviceInput, kind: 'args' },
  { graphql: 'Mutation.createDepartment', rest: createDepartmentInput, kind: 'args' },
  { graphql: 'Mutation.updateOrganization', rest: updateOrganizationInput, kind: 'args' },
  { graphql: 'Mutation.transitionDocument', rest: transitionInput, kind: 'args' },
  { graphql: 'Mutation.matchPayment', rest: matchPaymentInput, kind: 'args' },
  { graphql: 'CreateCostInput', rest: createCostInput, kind: 'input' },
  { graphql: 'UpdateCostInput', rest: updateCostInput, kind: 'input' },
  { graphql: 'DocumentItemInput', rest: createCostInput.shape.items.element, kind: 'input' },
  { graphql: 'Query.costs', rest: listCostsQuery, kind: 'args' },
  { graphql: 'Query.inboxItems', rest: listInboxQuery, kind: 'args' },
  // REST's confirm body takes any fields of POST /costs (the costs module checks them), as GraphQL's input has them all.
  { graphql: 'ConfirmInboxItemInput', rest: updateCostInput, kind: 'input' },
  { graphql: 'Query.vatControlStatement', rest: controlStatementInput, kind: 'args' },
  { graphql: 'UpdateCompanySettingsInput', rest: updateCompanyInput, kind: 'input' },
  { graphql: 'UpdateDocumentLookInput', rest: updateDocumentLookInput, kind: 'input' },
  { graphql: 'UpdateTaxFilingSettingsInput', rest: updateTaxFilingInput, kind: 'input' },
  { graphql: 'UploadLogoInput', rest: uploadLogoInput, kind: 'input' },
  { graphql: 'CreateAutomationInput', rest: ruleSchema, kind: 'input' },
  { graphql: 'UpdateAutomationInput', rest: updateRuleInput, kind: 'input' },
  { graphql: 'AutomationConditionInput', rest: conditionInput, kind: 'input' },
  { graphql: 'Query.automations', rest: paginationInput, kind: 'args' },
  { graphql: 'Query.automationRuns', rest: listRunsQuery, kind: 'args' },
  { graphql: 'Mutation.runAutomation', rest: runInput, kind: 'args' },
  { graphql: 'ReminderStepInput', rest: reminderStep, kind: 'input' },
  { graphql: 'Mutation.saveReminderSteps', rest: reminderStepsInput, kind: 'args' },
  { graphql: 'Mutation.setDocumentReminders', rest: documentRemindersInput, kind: 'args' },
];

/** GraphQL output type ↔ the REST record: [method path] of the operation and where its record is in the 2xx body. */
const OUTPUTS: [string, string, (body: any) => any][] = [
  ['Contact', 'get /api/v1/contacts/{id}', (s) => s],
  ['Product', 'get /api/v1/products/{id}', (s) => s],
  ['Document', 'get /api/v1/documents/{id}', (s) => s],
  ['DocumentItem', 'get /api/v1/documents/{id}', (s) => s.properties.items.items],
  ['DocumentHistoryEntry', 'get /api/v1/documents/{id}/history', (s) => s.allOf[1].properties.data.items],
  ['DocumentTotalsPreview', 'post /api/v1/documents/totals-preview', (s) => s],
  ['DocumentVatRateTotals', 'post /api/v1/documents/totals-preview', (s) => s.properties.vatRates.items],
  ['DocumentItem', 'post /api/v1/documents/totals-preview', (s) => s.properties.items.items],
  ['NumberingSeries', 'get /api/v1/settings/numbering', (s) => s.properties.series.items],
  ['BankAccount', 'get /api/v1/bank-accounts/{id}', (s) => s],
  ['Payment', 'get /api/v1/payments/{id}', (s) => s],
  ['PaymentSuggestion', 'get /api/v1/payments/{id}/suggestion', (s) => s.properties.suggestion.anyOf[0]],
  // The answer is an import's result or, with ?preview=true, a preview.
  ['StatementImport', 'post /api/v1/payments/import', (s) => s.anyOf[0]],
  ['StatementImportSummary', 'post /api/v1/payments/import', (s) => s.anyOf[0].properties.summary],
  ['StatementImportLine', 'post /api/v1/payments/import', (s) => s.anyOf[0].properties.lines.items],
  ['User', 'get /api/v1/users/{id}', (s) => s],
  ['Organization', 'get /api/v1/organization', (s) => s],
  ['OAuthApplication', 'get /api/v1/oauth/applications/{id}', (s) => s],
  ['VatReport', 'get /api/v1/reports/vat', (s) => s],
  ['VatRateRow', 'get /api/v1/reports/vat', (s) => s.properties.rates.items],
  ['VatReportTotal', 'get /api/v1/reports/vat', (s) => s.properties.totals.items],
  ['VatBalance', 'get /api/v1/reports/vat', (s) => s.properties.balance.items],
  ['VatControlStatement', 'get /api/v1/reports/vat-control-statement', (s) => s],
  ['ControlStatementIssuedRow', 'get /api/v1/reports/vat-control-statement', (s) => s.properties.a4.items],
  ['ControlStatementReceivedRow', 'get /api/v1/reports/vat-control-statement', (s) => s.properties.b2.items],
  ['ControlStatementAmounts', 'get /api/v1/reports/vat-control-statement', (s) => s.properties.a5],
  ['Cost', 'get /api/v1/costs/{id}', (s) => s],
  ['InboxItem', 'get /api/v1/inbox/{id}', (s) => s],
  ['ExtractedFields', 'get /api/v1/inbox/{id}', (s) => s.properties.fields],
  ['ExtractedText', 'get /api/v1/inbox/{id}', (s) => s.properties.fields.properties.total],
  ['ExtractedVatRow', 'get /api/v1/inbox/{id}', (s) => s.properties.fields.properties.vat.items],
  ['InboxConfirmation', 'post /api/v1/inbox/{id}/confirm', (s) => s],
  ['Cost', 'post /api/v1/inbox/{id}/confirm', (s) => s.properties.cost],
  ['CostSupplier', 'get /api/v1/costs/{id}', (s) => s.properties.supplier],
  ['CostVatSummaryRow', 'get /api/v1/costs/{id}', (s) => s.properties.vatSummary.items],
  ['DocumentItem', 'get /api/v1/costs/{id}', (s) => s.properties.items.items],
  ['SalesReport', 'get /api/v1/reports/sales', (s) => s],
  ['SalesReportTotal', 'get /api/v1/reports/sales', (s) => s.properties.totals.items],
  ['ApiKey', 'get /api/v1/api-keys', (s) => s.allOf[1].properties.data.items],
  ['CreatedApiKey', 'post /api/v1/api-keys', (s) => s],
  ['Department', 'post /api/v1/departments', (s) => s],
  ['Permissions', 'get /api/v1/users/{id}', (s) => s.properties.permissions],
  ['Me', 'get /api/v1/auth/me', (s) => s],
  ['RegisteredOAuthApplication', 'post /api/v1/oauth/applications', (s) => s],
  ['OAuthGrant', 'get /api/v1/oauth/grants', (s) => s.properties.data.items],
  ['OAuthGrantApplication', 'get /api/v1/oauth/grants', (s) => s.properties.data.items.properties.application],
  ['Quota', 'get /api/v1/quota', (s) => s],
  ['WebhookEvent', 'get /api/v1/webhooks/events', (s) => s.allOf[1].properties.data.items],
  ['PosDevice', 'get /api/v1/pos-devices', (s) => s.allOf[1].properties.data.items],
  ['CreatedPosDevice', 'post /api/v1/pos-devices', (s) => s],
  ['PosDeviceToken', 'post /api/v1/pos-devices/{id}/rotate-token', (s) => s],
  ['CompanySettings', 'get /api/v1/settings/company', (s) => s],
  ['DocumentLook', 'get /api/v1/settings/document-look', (s) => s],
  ['TaxFilingSettings', 'get /api/v1/settings/tax-filing', (s) => s],
  ['Automation', 'get /api/v1/automations/{id}', (s) => s],
  ['AutomationCondition', 'get /api/v1/automations/{id}', (s) => s.properties.conditions.items],
  ['AutomationAction', 'get /api/v1/automations/{id}', (s) => s.properties.actions.items],
  ['AutomationRun', 'post /api/v1/automations/{id}/run', (s) => s],
  ['AutomationActionResult', 'post /api/v1/automations/{id}/run', (s) => s.properties.actions.items],
  ['ReminderStep', 'get /api/v1/settings/reminder-steps', (s) => s.properties.steps.items],
  ['DocumentReminders', 'get /api/v1/documents/{id}/reminders', (s) => s],
  ['DocumentReminderSent', 'get /api/v1/documents/{id}/reminders', (s) => s.properties.sent.items],
];

function graphqlFields(schema: GraphQLSchema, name: string): string[] {
  if (name.startsWith('Query.') || name.startsWith('Mutation.')) {
    const [root, fieldName] = name.split('.');
    const field = (root === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[fieldName];
    return field.args.map((a) => a.name).sort();
  }
  const type = schema.getType(name);
  if (!isInputObjectType(type) && !isObjectType(type)) throw new Error(`${name} is not an object or input type`);
  return Object.keys(type.getFields()).sort();
}

function restRecord(doc: any, operation: string): any {
  const [method, path] = operation.split(' ');
  const responses = doc.paths[path][method].responses;
  const ok = Object.keys(responses).find((s) => s.startsWith('2'))!;
  return responses[ok].content['application/json'].schema;
}

function compare(name: string, graphql: string[], rest: string[]) {
  const justified = JUSTIFIED[name] ?? {};
  const graphqlOnly = graphql.filter((f) => !rest.includes(f));
  const restOnly = rest.filter((f) => !graphql.includes(f));
  expect({ graphqlOnly, restOnly }, name).to.deep.equal({
    graphqlOnly: justified.graphqlOnly ?? [],
    restOnly: justified.restOnly ?? [],
  });
}

describe('shapes: GraphQL types have the fields of their REST counterparts', () => {
  let schema: GraphQLSchema;
  let doc: any;
  before(async () => {
    schema = await buildOfflineSchema();
    doc = buildOpenApiDocument(modules, loadConfig({ NODE_ENV: 'test', TEST_CONTROLS: '1' }));
  });

  for (const { graphql, rest, kind } of INPUTS) {
    it(`${kind} ${graphql} ↔ its zod schema`, () => {
      compare(graphql, graphqlFields(schema, graphql), Object.keys(rest.shape).sort());
    });
  }

  for (const [type, operation, pick] of OUTPUTS) {
    it(`output ${type} ↔ the REST record of ${operation}`, () => {
      const record = pick(restRecord(doc, operation));
      compare(`${type}.output`, graphqlFields(schema, type), Object.keys(record.properties ?? {}).sort());
    });
  }
});
