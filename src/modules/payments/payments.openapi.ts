import {
  dateTime,
  decimalString,
  idParameter,
  integer,
  nullableString,
  object,
  operation,
  pageOf,
  pageParameters,
  queryParameter,
  string,
  uuid,
  type PathItems,
  type Schema,
} from '../openapi/openapi.builders';

const READ = { section: 'payments', access: 'read' } as const;
const WRITE = { section: 'payments', access: 'write' } as const;
const bankTags = ['Bank accounts'];
const tags = ['Payments'];

const currency: Schema = { ...string, pattern: '^[A-Z]{3}$', description: 'ISO 4217' };
const matchStatus: Schema = { type: 'string', enum: ['AUTO_MATCHED', 'MANUAL_MATCHED', 'UNMATCHED'] };
const direction: Schema = { type: 'string', enum: ['IN', 'OUT'] };
const amountInput: Schema = {
  oneOf: [{ type: 'number', exclusiveMinimum: 0 }, decimalString],
  description: 'Positive, at most 2 decimal places, at most 999999999999.99; a JSON number or a decimal string',
};

const bankAccount = object({
  id: uuid,
  name: string,
  accountNumber: { ...nullableString, description: 'Czech domestic format [prefix-]number/bankCode' },
  iban: { ...nullableString, description: 'Upper-cased, without spaces' },
  currency,
  createdAt: dateTime,
  updatedAt: dateTime,
});

const createBankAccount = object(
  {
    name: { ...string, minLength: 1, maxLength: 200 },
    accountNumber: { ...nullableString, pattern: '^(\\d{1,6}-)?\\d{2,10}/\\d{4}$' },
    iban: { ...nullableString, description: 'Checked with the ISO 13616 mod-97 checksum; spaces allowed' },
    currency: { ...currency, default: 'CZK' },
  },
  ['name'],
  { description: 'An account number or an IBAN (or both) is required.' },
);

const payment = object({
  id: uuid,
  bankAccountId: uuid,
  transactionId: { ...string, description: 'The bank transaction id; unique per bank account' },
  amount: { ...decimalString, description: 'Always positive; direction says which way' },
  currency,
  direction,
  receivedAt: dateTime,
  variableSymbol: nullableString,
  counterAccount: nullableString,
  source: { type: 'string', enum: ['MANUAL_IMPORT', 'BANK_SYNC'] },
  matchStatus,
  documentId: { type: ['string', 'null'], format: 'uuid' },
  matchedAt: { type: ['string', 'null'], format: 'date-time' },
  matchedBy: { type: ['string', 'null'], format: 'uuid', description: 'User who matched it by hand; null for automatic matches and API keys' },
  createdAt: dateTime,
  updatedAt: dateTime,
});

const statementLine = object(
  {
    transactionId: { ...string, minLength: 1, maxLength: 100 },
    amount: amountInput,
    currency: { ...currency, description: "Defaults to the bank account's currency; any other currency is rejected" },
    direction,
    receivedAt: { type: 'string', description: 'ISO 8601 instant with offset, or a date YYYY-MM-DD (start of that day in Europe/Prague)' },
    variableSymbol: { ...nullableString, pattern: '^\\d{1,10}$', description: 'Leading zeros are ignored when matching' },
    counterAccount: { ...nullableString, maxLength: 100 },
  },
  ['transactionId', 'amount', 'direction', 'receivedAt'],
);

const importStatement = object({
  bankAccountId: uuid,
  payments: { type: 'array', items: statementLine, minItems: 1, maxItems: 1000 },
});

const importResult = object({
  bankAccountId: uuid,
  summary: object({ imported: integer, duplicates: integer, matched: { ...integer, description: 'New payments matched automatically' } }),
  lines: {
    type: 'array',
    description: 'One entry per statement line, in request order',
    items: object({
      transactionId: string,
      result: { type: 'string', enum: ['IMPORTED', 'DUPLICATE'] },
      payment: { ...payment, description: 'The new payment; for a DUPLICATE the payment imported before' },
    }),
  },
});

export const paymentsOpenApi: PathItems = {
  '/api/v1/bank-accounts': {
    post: operation({
      operationId: 'createBankAccount',
      summary: 'Add a bank account',
      tags: bankTags,
      access: WRITE,
      body: createBankAccount,
      ok: { status: '201', description: 'The new bank account', schema: bankAccount },
      errors: ['400'],
    }),
    get: operation({
      operationId: 'listBankAccounts',
      summary: 'List bank accounts, oldest first',
      tags: bankTags,
      access: READ,
      parameters: pageParameters,
      ok: { description: 'A page of bank accounts', schema: pageOf(bankAccount) },
      errors: ['400'],
    }),
  },
  '/api/v1/bank-accounts/{id}': {
    get: operation({
      operationId: 'getBankAccount',
      summary: 'One bank account',
      tags: bankTags,
      access: READ,
      parameters: [idParameter],
      ok: { description: 'The bank account', schema: bankAccount },
      errors: ['404'],
    }),
  },
  '/api/v1/payments/import': {
    post: operation({
      operationId: 'importPayments',
      summary: 'Import a bank statement',
      description:
        'Creates one payment per new bank transaction id of the account (payment.imported, source MANUAL_IMPORT). A transaction id ' +
        'imported before — by an earlier or a concurrent import, or earlier in the same request — is reported as DUPLICATE and ' +
        'changes nothing. A new incoming payment is matched automatically (AUTO_MATCHED, payment.matched with matchedBy null) when ' +
        'its variable symbol and currency name exactly one ISSUED or SENT invoice or proforma whose remaining amount (total − ' +
        'paidAmount) equals the payment; ambiguous or partial payments stay UNMATCHED. A full match makes the document PAID. ' +
        'All of it is one transaction.',
      tags,
      access: WRITE,
      body: importStatement,
      ok: { description: 'What happened to each line', schema: importResult },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/payments': {
    get: operation({
      operationId: 'listPayments',
      summary: 'List payments, oldest first',
      tags,
      access: READ,
      parameters: [
        ...pageParameters,
        queryParameter('matchStatus', matchStatus, 'Only payments in this match status'),
        queryParameter('direction', direction, 'Only incoming or only outgoing payments'),
        queryParameter('bankAccountId', uuid, 'Only payments of this bank account'),
        queryParameter('documentId', uuid, 'Only payments matched to this document'),
      ],
      ok: { description: 'A page of payments', schema: pageOf(payment) },
      errors: ['400'],
    }),
  },
  '/api/v1/payments/{id}': {
    get: operation({
      operationId: 'getPayment',
      summary: 'One payment',
      tags,
      access: READ,
      parameters: [idParameter],
      ok: { description: 'The payment', schema: payment },
      errors: ['404'],
    }),
  },
  '/api/v1/payments/{id}/match': {
    put: operation({
      operationId: 'matchPayment',
      summary: 'Match a payment to a document by hand',
      description:
        'Links an UNMATCHED incoming payment to an ISSUED or SENT invoice or proforma in the same currency (MANUAL_MATCHED, ' +
        'payment.matched with matchedBy = the user, null for an API key). The payment amount is added to the document’s ' +
        'paidAmount; partial payments and overpayments are allowed, and reaching the total makes the document PAID ' +
        '(document.status_changed and document.paid). 409 PAYMENT_ALREADY_MATCHED when the payment is matched (unmatch it ' +
        'first), PAYMENT_NOT_INCOMING for an outgoing payment, DOCUMENT_NOT_PAYABLE for another type or status, ' +
        'CURRENCY_MISMATCH. A document of another organization or outside the caller’s departments is 404.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      body: object({ documentId: uuid }),
      ok: { description: 'The payment after matching', schema: payment },
      errors: ['400', '404', '409'],
    }),
    delete: operation({
      operationId: 'unmatchPayment',
      summary: 'Remove the match of a payment',
      description:
        'Sets matchStatus UNMATCHED and documentId null (payment.unmatched with previousDocumentId). The amount leaves the ' +
        'document’s paidAmount; a PAID document falls back to its status before PAID (document.status_changed). 409 ' +
        'PAYMENT_NOT_MATCHED when the payment is not matched.',
      tags,
      access: WRITE,
      parameters: [idParameter],
      ok: { description: 'The payment after unmatching', schema: payment },
      errors: ['404', '409'],
    }),
  },
};
