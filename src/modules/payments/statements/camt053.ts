import { XMLParser } from 'fast-xml-parser';
import { StatementFileInvalid } from '../payments.errors';
import {
  amountOf,
  decimalOf,
  cut,
  domesticOfIban,
  formatDomestic,
  parseDomestic,
  startOfCzechDay,
  symbol,
  TEXT_BOUNDS,
  type FileMovement,
  type StatementAccount,
  type StatementFile,
} from './statement-file';

/**
 * ISO 20022 CAMT.053 (BankToCustomerStatement, any version): each booked entry (Ntry, status BOOK)
 * is one movement, and an entry of a batch is one movement per transaction (TxDtls) with its own
 * amount. The transaction id is the bank's reference: the TxDtls' AcctSvcrRef, else the entry's
 * AcctSvcrRef (or NtryRef) numbered within a batch. Czech banks (ČBA standard) put the symbols in
 * the references as "VS…", "SS…", "KS…"; a creditor reference of digits only is the variable symbol.
 */

type Node = Record<string, unknown>;

const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

/** A DOCTYPE is refused before parsing, so only XML's own entities are left to decode. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => REPEATED.has(name),
});

export function isCamt053(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<') && /BkToCstmrStmt/.test(text.slice(0, 4096));
}

export function parseCamt053(text: string): StatementFile {
  if (/<!DOCTYPE/i.test(text)) throw new StatementFileInvalid('The XML must not contain a DOCTYPE');
  let root: Node;
  try {
    root = parser.parse(text, true) as Node;
  } catch (err) {
    throw new StatementFileInvalid(
      `The XML is not well-formed: ${(err as Error).message.split('\n')[0].slice(0, 200)}`,
    );
  }
  const statements = list(child(child(root, 'Document'), 'BkToCstmrStmt'), 'Stmt');
  if (!statements.length) throw new StatementFileInvalid('No BkToCstmrStmt/Stmt in the XML');
  const accounts = statements.map((stmt) => statementAccount(child(stmt, 'Acct')));
  const first = JSON.stringify(accounts[0]);
  if (accounts.some((a) => JSON.stringify(a) !== first)) {
    throw new StatementFileInvalid(
      'The statements in the file are of different accounts; import one account at a time',
    );
  }
  const movements = statements.flatMap((stmt, s) => {
    const currency = textOf(child(child(stmt, 'Acct'), 'Ccy'));
    return list(stmt, 'Ntry')
      .filter(isBooked)
      .flatMap((entry, n) => entryMovements(entry, currency, `Stmt ${s + 1} Ntry ${n + 1}`));
  });
  return { format: 'CAMT053', account: accounts[0], movements };
}

function statementAccount(acct: Node | undefined): StatementAccount {
  const id = child(acct, 'Id');
  const iban = textOf(child(id, 'IBAN'))?.replace(/\s+/g, '').toUpperCase() ?? null;
  const other = textOf(child(child(id, 'Othr'), 'Id'));
  if (!iban && !other) throw new StatementFileInvalid('The statement names no account (Acct/Id)');
  return { iban, domestic: parseDomestic(other) };
}

/** BOOK entries only: pending (PDNG) and informational (INFO) ones may still change. */
function isBooked(entry: Node): boolean {
  const status = child(entry, 'Sts');
  return (textOf(status) ?? textOf(child(status, 'Cd'))) === 'BOOK';
}

function entryMovements(entry: Node, statementCurrency: string | null, where: string): FileMovement[] {
  const details = list(entry, 'NtryDtls').flatMap((d) => list(d, 'TxDtls'));
  const reversal = textOf(child(entry, 'RvslInd')) === 'true';
  const entryRef = textOf(child(entry, 'AcctSvcrRef')) ?? textOf(child(entry, 'NtryRef'));
  const day = dayOf(child(entry, 'BookgDt')) ?? dayOf(child(entry, 'ValDt'));
  if (!day) throw new StatementFileInvalid(`${where}: no booking date`);
  const receivedAt = startOfCzechDay(day, where);
  const parts = details.length ? details : [undefined];
  return parts.map((tx, k) => {
    const at = parts.length > 1 ? `${where} TxDtls ${k + 1}` : where;
    // A batch's transactions each state their amount; a single transaction may leave it to the entry.
    const txAmount = child(child(child(tx, 'AmtDtls'), 'TxAmt'), 'Amt') ?? child(tx, 'Amt');
    const amount = txAmount ?? (parts.length > 1 ? undefined : child(entry, 'Amt'));
    const indicator = textOf(child(tx, 'CdtDbtInd')) ?? textOf(child(entry, 'CdtDbtInd'));
    if (indicator !== 'CRDT' && indicator !== 'DBIT')
      throw new StatementFileInvalid(`${at}: CdtDbtInd is not CRDT or DBIT`);
    const incoming = (indicator === 'CRDT') !== reversal;
    const refs = child(tx, 'Refs');
    const transactionId =
      textOf(child(refs, 'AcctSvcrRef')) ?? (entryRef && (parts.length > 1 ? `${entryRef}/${k + 1}` : entryRef));
    if (!transactionId) throw new StatementFileInvalid(`${at}: no bank reference (AcctSvcrRef or NtryRef)`);
    const counterparty = incoming ? 'Dbtr' : 'Cdtr';
    const parties = child(tx, 'RltdPties');
    const references = [
      textOf(child(refs, 'EndToEndId')),
      textOf(child(refs, 'InstrId')),
      textOf(child(refs, 'PmtInfId')),
      creditorReference(tx),
    ];
    return {
      transactionId: transactionId.slice(0, TEXT_BOUNDS.transactionId),
      amount: amountOf(decimalOf(textOf(amount)), at),
      currency: attributeOf(amount, 'Ccy') ?? statementCurrency,
      direction: incoming ? 'IN' : 'OUT',
      receivedAt,
      variableSymbol: tagged(references, 'VS') ?? symbolOnly(creditorReference(tx)) ?? symbolOnly(references[0]),
      constantSymbol: tagged(references, 'KS'),
      specificSymbol: tagged(references, 'SS'),
      counterAccount: counterAccountOf(parties, tx, counterparty),
      counterAccountName: cut(partyName(child(parties, counterparty)), TEXT_BOUNDS.name),
      message: cut(
        list(child(tx, 'RmtInf'), 'Ustrd')
          .map((u) => textOf(u))
          .join(' ') ||
          textOf(child(tx, 'AddtlTxInf')) ||
          textOf(child(entry, 'AddtlNtryInf')),
        TEXT_BOUNDS.message,
      ),
    } satisfies FileMovement;
  });
}

/** "VS123/SS456/KS0308", "/VS/123" or "VS:123": the symbol `tag` in any of the references. */
function tagged(references: (string | null)[], tag: 'VS' | 'SS' | 'KS'): string | null {
  const pattern = new RegExp(`(?:^|[^A-Z])${tag}[:/ ]?(\\d{1,10})(?!\\d)`);
  for (const ref of references) {
    const match = ref?.toUpperCase().match(pattern);
    if (match) return symbol(match[1]);
  }
  return null;
}

function symbolOnly(reference: string | null): string | null {
  return reference && /^\d{1,10}$/.test(reference) ? symbol(reference) : null;
}

function creditorReference(tx: Node | undefined): string | null {
  return textOf(child(child(child(child(tx, 'RmtInf'), 'Strd'), 'CdtrRefInf'), 'Ref'));
}

/** The name of a party: `Nm` directly (camt.053.001.02) or under `Pty` (later versions). */
function partyName(party: Node | undefined): string | null {
  return textOf(child(party, 'Nm')) ?? textOf(child(child(party, 'Pty'), 'Nm'));
}

/** The counter account: its IBAN, or its other id with the agent's Czech bank code. */
function counterAccountOf(parties: Node | undefined, tx: Node | undefined, party: 'Dbtr' | 'Cdtr'): string | null {
  const id = child(child(parties, `${party}Acct`), 'Id');
  const iban = textOf(child(id, 'IBAN'))?.replace(/\s+/g, '').toUpperCase();
  // A Czech IBAN reads as the domestic number, as GPC files and Fio name counter accounts.
  if (iban) return formatDomestic(domesticOfIban(iban)) ?? cut(iban, TEXT_BOUNDS.counterAccount);
  const other = textOf(child(child(id, 'Othr'), 'Id'));
  if (!other) return null;
  const agent = child(child(child(tx, 'RltdAgts'), `${party}Agt`), 'FinInstnId');
  const bankCode =
    textOf(child(child(agent, 'ClrSysMmbId'), 'MmbId')) ?? textOf(child(child(agent, 'Othr'), 'Id')) ?? '';
  const withCode = !other.includes('/') && /^\d{4}$/.test(bankCode) ? `${other}/${bankCode}` : other;
  return cut(withCode, TEXT_BOUNDS.counterAccount);
}

function dayOf(date: Node | undefined): string | null {
  return textOf(child(date, 'Dt')) ?? textOf(child(date, 'DtTm'))?.slice(0, 10) ?? null;
}

function child(node: unknown, name: string): Node | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const value = (node as Node)[name];
  return Array.isArray(value) ? (value[0] as Node | undefined) : (value as Node | undefined);
}

function list(node: unknown, name: string): Node[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as Node)[name];
  return Array.isArray(value) ? (value as Node[]) : value === undefined ? [] : [value as Node];
}

/** An element's text: the value itself, or its `#text` when it has attributes. */
function textOf(node: unknown): string | null {
  const value = node && typeof node === 'object' ? (node as Node)['#text'] : node;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return text || null;
}

function attributeOf(node: unknown, name: string): string | null {
  return node && typeof node === 'object' ? textOf((node as Node)[`@_${name}`]) : null;
}
