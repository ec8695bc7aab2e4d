import { readBoundedBody } from '../../../core/http/bounded-response';
import BigNumber from 'bignumber.js';
import type { Movement } from '../payment-intake';

/** A `last` answer is a few kB per hundred movements; anything far larger is refused. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

/** Fio's own limit: one request per token per 30 s (answered 409 otherwise). */
export const FIO_MIN_INTERVAL_MS = 30_000;

/** Fio answered 409: the token was used less than 30 s ago. Its cursor did not move. */
export class FioTooEarly extends Error {
  constructor() {
    super('Fio refused a request within 30 s of the previous one with this token (HTTP 409)');
  }
}

/** Fio refused the token: wrong, expired, revoked or not active yet (HTTP 401/403, or 500 as Fio documents it). */
export class FioTokenRejected extends Error {
  constructor(status: number) {
    super(`Fio refused the token (HTTP ${status}): it is wrong, expired, revoked or not active yet`);
  }
}

/** Anything else: Fio unreachable, slow, or an answer that is not its statement. */
export class FioUnavailable extends Error {}

/** The movements of one `last` answer and the id of its last movement (null when there were none). */
export interface FioStatement {
  /** The account the token reads: Fio's `info` accountId (number, without the bank code), bankId, iban. */
  account: { number: string | null; bankCode: string | null; iban: string | null };
  lastMovementId: string | null;
  movements: Movement[];
}

type Column = { value: string | number | null } | null | undefined;
type FioTransaction = Record<string, Column>;
interface FioAnswer {
  accountStatement?: {
    info?: Record<string, unknown>;
    transactionList?: { transaction?: FioTransaction[] | null } | null;
  };
}

/**
 * Fio's REST API (API Bankovnictví), reading side: `last` (the movements since Fio's cursor for the
 * token, which it then moves past them), `set-last-id` and `set-last-date` (put the cursor back).
 * The token is part of every URL, so no URL and no Fio answer body ever goes into an error message.
 */
export class FioClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async last(token: string): Promise<FioStatement> {
    const text = await this.get(`last/${encodeURIComponent(token)}/transactions.json`);
    return parseFioStatement(text);
  }

  async setLastId(token: string, movementId: string): Promise<void> {
    await this.get(`set-last-id/${encodeURIComponent(token)}/${encodeURIComponent(movementId)}/`);
  }

  /** The cursor goes to the end of `day` (YYYY-MM-DD): `last` then gives the movements after it. */
  async setLastDate(token: string, day: string): Promise<void> {
    await this.get(`set-last-date/${encodeURIComponent(token)}/${day}/`);
  }

  private async get(path: string): Promise<string> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/${path}`, {
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : 'unreachable';
      throw new FioUnavailable(`Fio API ${reason}`);
    }
    if (res.status === 200) return boundedText(res);
    await res.body?.cancel();
    if (res.status === 409) throw new FioTooEarly();
    if (res.status === 401 || res.status === 403 || res.status === 500) throw new FioTokenRejected(res.status);
    throw new FioUnavailable(`Fio API answered HTTP ${res.status}`);
  }
}

async function boundedText(res: Response): Promise<string> {
  let body: Buffer | null;
  try {
    body = await readBoundedBody(res, MAX_STATEMENT_BYTES);
  } catch {
    throw new FioUnavailable('Fio API answer cut off');
  }
  if (!body) throw new FioUnavailable(`Fio's answer exceeds ${MAX_STATEMENT_BYTES} bytes`);
  return body.toString('utf8');
}

/**
 * Fio's JSON statement: `accountStatement.info` (currency, idTo...) and
 * `accountStatement.transactionList.transaction[]`, each movement a set of `columnN` objects
 * `{value, name, id}` (or null): 22 movement id, 0 date (`2026-06-17+0200`), 1 amount (negative:
 * outgoing), 14 currency, 2 counter account, 3 its bank code, 10 its name, 4 KS, 5 VS, 6 SS,
 * 16 message for the payee, 7 user identification, 25 comment.
 */
export function parseFioStatement(text: string): FioStatement {
  let statement: unknown;
  try {
    statement = JSON.parse(text);
  } catch {
    throw new FioUnavailable('Fio API answered something that is not JSON');
  }
  const root = (statement as FioAnswer | null)?.accountStatement;
  const info = root?.info;
  const transactions = root?.transactionList?.transaction ?? [];
  if (!info || !root.transactionList || !Array.isArray(transactions))
    throw new FioUnavailable('Fio API answered JSON that is not an account statement');
  const movements = transactions.map((t) => movementOf(t, info));
  const ids = movements.map((m) => BigInt(m.transactionId));
  const idTo = ids.length ? ids.reduce((a, b) => (a > b ? a : b)).toString() : null;
  const field = (key: string) => {
    const value = info[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  };
  return {
    account: { number: field('accountId'), bankCode: field('bankId'), iban: field('iban') },
    lastMovementId: idTo,
    movements,
  };
}

function movementOf(t: FioTransaction, info: Record<string, unknown>): Movement {
  const id = textOf(t.column22);
  const amount = t.column1?.value;
  const day = /^(\d{4}-\d{2}-\d{2})([+-]\d{2})(\d{2})$/.exec(textOf(t.column0) ?? '');
  if (!id || !/^\d{1,20}$/.test(id) || typeof amount !== 'number' || !Number.isFinite(amount) || amount === 0 || !day)
    throw new FioUnavailable('Fio API answered a movement without a valid id, amount or date');
  const account = textOf(t.column2);
  const bankCode = textOf(t.column3);
  const currency = textOf(t.column14) ?? (typeof info.currency === 'string' ? info.currency : null);
  if (!currency || !/^[A-Z]{3}$/.test(currency))
    throw new FioUnavailable('Fio API answered a movement without a currency');
  return {
    transactionId: id,
    amount: new BigNumber(amount).abs().toFixed(2),
    currency,
    direction: amount > 0 ? 'IN' : 'OUT',
    receivedAt: new Date(`${day[1]}T00:00:00${day[2]}:${day[3]}`),
    variableSymbol: symbolOf(t.column5),
    constantSymbol: symbolOf(t.column4),
    specificSymbol: symbolOf(t.column6),
    counterAccount: account && bankCode ? `${account}/${bankCode}` : account,
    counterAccountName: textOf(t.column10),
    message: textOf(t.column16) ?? textOf(t.column7),
  };
}

/** A column's value as trimmed text, bounded; null when absent or blank. */
function textOf(column: Column): string | null {
  const value = column?.value;
  if (value === null || value === undefined) return null;
  const text = String(value).trim().slice(0, 500);
  return text === '' ? null : text;
}

/** Symbols are digits; Fio gives them as text, sometimes zero-padded. */
function symbolOf(column: Column): string | null {
  const text = textOf(column);
  return text && /^\d{1,10}$/.test(text) ? text : null;
}
