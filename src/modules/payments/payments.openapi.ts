import * as oa from '../../core/openapi/builders';
import {
  createBankAccountInput,
  createPaymentInput,
  importStatementInput,
  listPaymentsInput,
  matchPaymentInput,
  updateBankAccountInput,
} from './payments.inputs';
import { MAX_STATEMENT_FILE_BYTES } from './statements/statement-file';
import { statementFileQuery } from './statements/statement-files';
import { bankConnectionSchema, bankConnectionsOpenApi } from './fio/bank-connection.openapi';

const READ = { section: 'payments', access: 'read' } as const;
const WRITE = { section: 'payments', access: 'write' } as const;
const bankTags = ['Bank accounts'];
const tags = ['Payments'];

const currency: oa.Schema = { ...oa.string, pattern: '^[A-Z]{3}$', description: 'ISO 4217' };
const matchStatus: oa.Schema = { type: 'string', enum: ['AUTO_MATCHED', 'MANUAL_MATCHED', 'UNMATCHED'] };
const direction: oa.Schema = { type: 'string', enum: ['IN', 'OUT'] };

const bankAccount = oa.object({
  id: oa.uuid,
  name: oa.string,
  accountNumber: { ...oa.nullableString, description: 'Czech domestic format [prefix-]number/bankCode' },
  iban: { ...oa.nullableString, description: 'Upper-cased, without spaces' },
  currency,
  kind: {
    type: 'string',
    enum: ['BANK', 'CASH', 'GATEWAY'],
    description: 'CASH: payments recorded by hand; GATEWAY: payments through a payment gateway (one per currency)',
  },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
  connection: { anyOf: [bankConnectionSchema, { type: 'null' }], description: 'The bank API connection; null if none' },
});

const payment = oa.object({
  id: oa.uuid,
  bankAccountId: oa.uuid,
  transactionId: { ...oa.string, description: 'The bank transaction id; unique per bank account' },
  amount: { ...oa.decimalString, description: 'Always positive; direction says which way' },
  currency,
  direction,
  receivedAt: oa.dateTime,
  variableSymbol: oa.nullableString,
  constantSymbol: oa.nullableString,
  specificSymbol: oa.nullableString,
  counterAccount: oa.nullableString,
  counterAccountName: oa.nullableString,
  message: { ...oa.nullableString, description: 'The message for the payee' },
  method: { type: ['string', 'null'], enum: ['CASH', 'CARD', 'TRANSFER', null], description: 'Source MANUAL only' },
  note: oa.nullableString,
  source: { type: 'string', enum: ['BANK_SYNC', 'MANUAL_IMPORT', 'MANUAL', 'GATEWAY'] },
  matchStatus,
  documentId: { type: ['string', 'null'], format: 'uuid' },
  costId: { type: ['string', 'null'], format: 'uuid', description: 'The received cost an outgoing payment pays' },
  matchedAt: { type: ['string', 'null'], format: 'date-time' },
  matchedBy: {
    type: ['string', 'null'],
    format: 'uuid',
    description: 'User who matched it by hand; null for automatic matches and API keys',
  },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
  appliedAmount: {
    type: ['string', 'null'],
    pattern: oa.decimalString.pattern,
    description:
      "While matched: what the payment added to the document's or cost's paid amount, in that one's currency (a CZK payment of a foreign-currency invoice: converted at the invoice's exchange rate); null while unmatched",
  },
});

const importResult = oa.object({
  bankAccountId: oa.uuid,
  summary: oa.object({
    imported: oa.integer,
    duplicates: oa.integer,
    matched: { ...oa.integer, description: 'New payments matched automatically' },
  }),
  lines: {
    type: 'array',
    description: 'One entry per statement line, in request order',
    items: oa.object({
      transactionId: oa.string,
      result: { type: 'string', enum: ['IMPORTED', 'DUPLICATE'] },
      payment: { ...payment, description: 'The new payment; for a DUPLICATE the payment imported before' },
    }),
  },
});

/** An import's result; a file's names its format. */
const fileImportResult: oa.Schema = {
  ...importResult,
  properties: {
    ...(importResult.properties as Record<string, oa.Schema>),
    format: { type: 'string', enum: ['GPC', 'CAMT053'], description: 'Only when the body was a statement file' },
  },
};

const statementPreview = oa.object({
  bankAccountId: oa.uuid,
  format: { type: 'string', enum: ['GPC', 'CAMT053', 'JSON'] },
  summary: oa.object({ new: oa.integer, duplicates: oa.integer }),
  lines: {
    type: 'array',
    description: 'One entry per statement line, in statement order',
    items: oa.object({
      transactionId: oa.string,
      result: {
        type: 'string',
        enum: ['NEW', 'DUPLICATE'],
        description: 'DUPLICATE: imported before, or earlier in this statement',
      },
      paymentId: { type: ['string', 'null'], format: 'uuid', description: 'The payment imported before' },
      ...pick(payment.properties as Record<string, oa.Schema>, [
        'amount',
        'currency',
        'direction',
        'receivedAt',
        'variableSymbol',
        'constantSymbol',
        'specificSymbol',
        'counterAccount',
        'counterAccountName',
        'message',
      ]),
    }),
  },
});

function pick(properties: Record<string, oa.Schema>, names: string[]): Record<string, oa.Schema> {
  return Object.fromEntries(names.map((name) => [name, properties[name]]));
}

/** The Content-Types a statement file may come as; the content tells the format. */
const STATEMENT_FILE_TYPES = ['text/plain', 'application/xml', 'text/xml', 'application/octet-stream'];
const error = { 'application/json': { schema: oa.schemaRef('Error') } };

const suggestion = oa.object({
  documentId: oa.uuid,
  number: oa.string,
  clientName: oa.nullableString,
  currency,
  remainingAmount: oa.decimalString,
  reason: {
    type: 'string',
    enum: ['VARIABLE_SYMBOL', 'AMOUNT', 'SPECIFIC_SYMBOL', 'MESSAGE_NUMBER', 'COUNTER_ACCOUNT'],
    description:
      "Strongest first. VARIABLE_SYMBOL: the symbols agree (leading zeros ignored); SPECIFIC_SYMBOL: the payment's specific symbol is the document's variable symbol; MESSAGE_NUMBER: the payment's message holds the document's number; COUNTER_ACCOUNT: the remaining amount equals the payment and the document's contact paid from the same counter account before; AMOUNT: only the remaining amount equals the payment",
  },
  appliedAmount: {
    ...oa.decimalString,
    description: "The payment in the document's currency (a CZK payment converted at the document's exchange rate)",
  },
});

export const paymentsOpenApi: oa.PathItems = {
  '/api/v1/bank-accounts': {
    post: oa.operation({
      operationId: 'createBankAccount',
      summary: 'Add a bank account',
      tags: bankTags,
      access: WRITE,
      body: createBankAccountInput,
      ok: { status: '201', description: 'The new bank account', schema: bankAccount },
      errors: ['400'],
    }),
    get: oa.operation({
      operationId: 'listBankAccounts',
      summary: 'List bank accounts, oldest first',
      tags: bankTags,
      access: READ,
      parameters: oa.pageParameters,
      ok: { description: 'A page of bank accounts', schema: oa.pageOf(bankAccount) },
      errors: ['400'],
    }),
  },
  '/api/v1/bank-accounts/{id}': {
    get: oa.operation({
      operationId: 'getBankAccount',
      summary: 'One bank account',
      tags: bankTags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The bank account', schema: bankAccount },
      errors: ['404'],
    }),
    patch: oa.operation({
      operationId: 'updateBankAccount',
      summary: 'Change a bank account',
      description:
        'Only the fields sent change; the IBAN is checked (mod 97) and an account number or an IBAN must remain. Only BANK ' +
        'accounts (409 SYSTEM_BANK_ACCOUNT for the CASH and GATEWAY accounts). The currency changes only while the account ' +
        'has no payments (409 BANK_ACCOUNT_HAS_PAYMENTS).',
      tags: bankTags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: updateBankAccountInput,
      ok: { description: 'The changed bank account', schema: bankAccount },
      errors: ['400', '404', '409'],
    }),
    delete: oa.operation({
      operationId: 'deleteBankAccount',
      summary: 'Delete a bank account; its payments stay',
      description:
        'The account leaves the list and answers 404 from then on (statement imports too); its payments are kept and still ' +
        'name it in bankAccountId. Only BANK accounts (409 SYSTEM_BANK_ACCOUNT for the CASH and GATEWAY accounts).',
      tags: bankTags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404', '409'],
    }),
  },
  '/api/v1/payments/import': {
    post: oa.operation({
      operationId: 'importPayments',
      summary: 'Import a bank statement',
      description:
        'Creates one payment per new bank transaction id of the account (payment.imported, source MANUAL_IMPORT). A transaction id ' +
        'imported before — by an earlier or a concurrent import, or earlier in the same request — is reported as DUPLICATE and ' +
        'changes nothing. A new incoming payment is matched automatically (AUTO_MATCHED, payment.matched with matchedBy null) when ' +
        'its variable symbol and currency name exactly one ISSUED or SENT invoice or proforma whose remaining amount (total − ' +
        'paidAmount) equals the payment; ambiguous or partial payments stay UNMATCHED. A full match makes the document PAID. ' +
        'A new outgoing payment is matched the same way to exactly one OPEN received cost (its remaining amount: total, or ' +
        'subtotal under reverse charge, − paidAmount), which then becomes PAID. All of it is one transaction. ' +
        `Instead of JSON the body may be a statement file (any other Content-Type, at most ${MAX_STATEMENT_FILE_BYTES} bytes) ` +
        'with ?bankAccountId=: ABO/GPC (074 header, 075 records, Windows-1250 or UTF-8) or ISO 20022 CAMT.053 XML, told ' +
        "apart by the content. Each movement's transaction id is the bank's reference (GPC: the document number without " +
        'leading zeros; CAMT.053: the AcctSvcrRef of the transaction, else of the entry numbered within a batch); only ' +
        'booked CAMT.053 entries are read. The statement must be of this account (IBAN, or prefix and number) and its ' +
        'currency, else 400 STATEMENT_ACCOUNT_MISMATCH; a file it cannot read is 400 STATEMENT_FILE_INVALID. ' +
        '?preview=true (JSON or file) returns each line as NEW or DUPLICATE with its fields and changes nothing.',
      tags,
      access: WRITE,
      parameters: oa.queryParameters(statementFileQuery, {
        bankAccountId: 'With a file: the bank account the statement is of (required); ignored with JSON',
        preview: 'true: only say what importing would do (StatementPreview); nothing changes',
      }),
      ok: {
        description: 'What happened to each line (a file adds its format), or with preview=true what would happen',
        schema: { anyOf: [fileImportResult, statementPreview] },
      },
      errors: ['400', '404'],
      otherResponses: {
        '413': { description: `PAYLOAD_TOO_LARGE: the file is over ${MAX_STATEMENT_FILE_BYTES} bytes`, content: error },
      },
      extra: {
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: oa.fromZod(importStatementInput) },
            ...Object.fromEntries(
              STATEMENT_FILE_TYPES.map((type) => [
                type,
                { schema: { type: 'string', format: 'binary', maxLength: MAX_STATEMENT_FILE_BYTES } },
              ]),
            ),
          },
        },
      },
    }),
  },
  '/api/v1/payments': {
    get: oa.operation({
      operationId: 'listPayments',
      summary: 'List payments, oldest first',
      tags,
      access: READ,
      parameters: oa.queryParameters(listPaymentsInput, {
        matchStatus: 'Only payments in this match status',
        direction: 'Only incoming or only outgoing payments',
        bankAccountId: 'Only payments of this bank account',
        documentId: 'Only payments matched to this document',
        costId: 'Only payments matched to this received cost',
      }),
      ok: { description: 'A page of payments', schema: oa.pageOf(payment) },
      errors: ['400', '404'],
    }),
    post: oa.operation({
      operationId: 'createPayment',
      summary: 'Record a payment by hand',
      description:
        'A payment in cash, by card or a transfer seen elsewhere (source MANUAL, payment.imported; the transactionId is ' +
        'generated). Without bankAccountId it goes to the CASH account of its currency, created when first needed; a named ' +
        'account must be a BANK or the CASH account in the same currency (else 400). With documentId (incoming) or costId ' +
        '(outgoing) it is linked at once with the checks and errors of PUT /payments/{id}/match (MANUAL_MATCHED, ' +
        'payment.matched); a document or cost paid in full becomes PAID. A refused link creates no payment.',
      tags,
      access: WRITE,
      body: createPaymentInput,
      ok: { status: '201', description: 'The new payment', schema: payment },
      errors: ['400', '404', '409'],
    }),
  },
  '/api/v1/payments/{id}': {
    get: oa.operation({
      operationId: 'getPayment',
      summary: 'One payment',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The payment', schema: payment },
      errors: ['404'],
    }),
  },
  '/api/v1/payments/{id}/suggestion': {
    get: oa.operation({
      operationId: 'getPaymentSuggestion',
      summary: 'The document an unmatched incoming payment most likely pays',
      description:
        'An ISSUED or SENT invoice or proforma of the payment’s currency, visible to the caller: one with the same variable symbol first, ' +
        'else one whose remaining amount equals the payment (earliest due first). null for a matched or outgoing payment or when nothing fits. Nothing changes: PUT /match confirms it.',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: {
        description: 'The suggestion, or null',
        schema: oa.object({ suggestion: { anyOf: [suggestion, { type: 'null' }] } }),
      },
      errors: ['404'],
    }),
  },
  '/api/v1/payments/{id}/match': {
    put: oa.operation({
      operationId: 'matchPayment',
      summary: 'Match a payment to a document or a received cost by hand',
      description:
        'Links an UNMATCHED incoming payment to an ISSUED or SENT invoice or proforma in the same currency (MANUAL_MATCHED, ' +
        'payment.matched with matchedBy = the user, null for an API key). The payment amount is added to the document’s ' +
        'paidAmount; partial payments and overpayments are allowed, and reaching the total makes the document PAID ' +
        '(document.status_changed and document.paid). 409 PAYMENT_ALREADY_MATCHED when the payment is matched (unmatch it ' +
        'first), PAYMENT_NOT_INCOMING for an outgoing payment, DOCUMENT_NOT_PAYABLE for another type or status, ' +
        'CURRENCY_MISMATCH. A document of another organization or outside the caller’s departments is 404. ' +
        'With costId instead: an UNMATCHED outgoing payment pays an OPEN received cost of the same currency; partial payments ' +
        'add up and reaching what is due (the total, the subtotal under reverse charge) makes the cost PAID (cost.paid). ' +
        'payment.matched then has documentId and documentNumber null and adds costId and costNumber. 409 PAYMENT_NOT_OUTGOING ' +
        'for an incoming payment, COST_NOT_PAYABLE for a PAID or CANCELLED cost; another organization’s cost is 404.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: matchPaymentInput,
      ok: { description: 'The payment after matching', schema: payment },
      errors: ['400', '404', '409'],
    }),
    delete: oa.operation({
      operationId: 'unmatchPayment',
      summary: 'Remove the match of a payment',
      description:
        'Sets matchStatus UNMATCHED and documentId null (payment.unmatched with previousDocumentId). The amount leaves the ' +
        'document’s paidAmount; a PAID document falls back to its status before PAID (document.status_changed). 409 ' +
        'PAYMENT_NOT_MATCHED when the payment is not matched. A payment of a received cost: costId becomes null, the cost’s ' +
        'paidAmount drops and a PAID cost is OPEN again (cost.reopened); payment.unmatched has previousDocumentId null and ' +
        'names the cost in costId and costNumber.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { description: 'The payment after unmatching', schema: payment },
      errors: ['404', '409'],
    }),
  },
  ...bankConnectionsOpenApi,
};
