import { AppError } from '../../core/errors';

// The payments module's domain errors: each names one case and carries its stable code (REST body and GraphQL extensions.code).

/** Every change of a link is one event: a matched payment is unmatched before it is matched again. */
export class PaymentAlreadyMatched extends AppError {
  constructor(matchedTo: 'document' | 'cost') {
    super(409, 'PAYMENT_ALREADY_MATCHED', `The payment is already matched to a ${matchedTo}; unmatch it first`);
  }
}

export class PaymentNotIncoming extends AppError {
  constructor() {
    super(409, 'PAYMENT_NOT_INCOMING', 'Only incoming payments can be matched to a document');
  }
}

/** Money going out pays received costs; incoming money pays documents. */
export class PaymentNotOutgoing extends AppError {
  constructor() {
    super(409, 'PAYMENT_NOT_OUTGOING', 'Only outgoing payments can be matched to a cost');
  }
}

export class CostNotPayable extends AppError {
  constructor(status: string) {
    super(409, 'COST_NOT_PAYABLE', `A ${status} cost cannot be paid; only OPEN costs can`);
  }
}

export class PaymentNotMatched extends AppError {
  constructor() {
    super(409, 'PAYMENT_NOT_MATCHED', 'The payment is not matched to a document');
  }
}

export class DocumentNotPayable extends AppError {
  constructor(type: string, status: string) {
    super(
      409,
      'DOCUMENT_NOT_PAYABLE',
      `A ${type} in status ${status} cannot be paid; only issued or sent invoices and proformas can`,
    );
  }
}

/** Nothing is converted: a payment pays only a document in its own currency. */
export class CurrencyMismatch extends AppError {
  constructor(paymentCurrency: string, documentCurrency: string, target: 'document' | 'cost' = 'document') {
    super(409, 'CURRENCY_MISMATCH', `The payment is in ${paymentCurrency} but the ${target} is in ${documentCurrency}`);
  }
}

/** The CASH and GATEWAY accounts are the system's: payments recorded by hand or through a gateway need them. */
export class SystemBankAccount extends AppError {
  constructor(kind: string, action: 'edited' | 'deleted') {
    super(
      409,
      'SYSTEM_BANK_ACCOUNT',
      `The ${kind} account is kept by Faktura and cannot be ${action}; only BANK accounts can`,
    );
  }
}

/** A payment is in its account's currency: the currency stays once the account has one. */
export class BankAccountHasPayments extends AppError {
  constructor() {
    super(409, 'BANK_ACCOUNT_HAS_PAYMENTS', 'The currency of a bank account with payments cannot change');
  }
}

/** POST /payments/import with a file: not an ABO/GPC or CAMT.053 statement this import can read. */
export class StatementFileInvalid extends AppError {
  constructor(message: string) {
    super(400, 'STATEMENT_FILE_INVALID', message);
  }
}

/** A statement file is imported into the account it was issued for, never into another. */
export class StatementAccountMismatch extends AppError {
  constructor(statementAccount: string, currency?: { statement: string; account: string }) {
    super(
      400,
      'STATEMENT_ACCOUNT_MISMATCH',
      currency
        ? `The statement is in ${currency.statement} but the bank account is in ${currency.account}`
        : `The statement is of account ${statementAccount}, not of this bank account`,
    );
  }
}

/** A statement file is at most 2 MB. */
export class StatementFileTooLarge extends AppError {
  constructor(limit: number) {
    super(413, 'PAYLOAD_TOO_LARGE', `A statement file is at most ${limit} bytes`);
  }
}
