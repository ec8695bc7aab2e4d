import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A movement as the test describes it; the server gives it Fio's columns. */
export interface FioMovementSpec {
  /** Negative: outgoing. */
  amount: number;
  /** YYYY-MM-DD (Prague). */
  date: string;
  currency?: string;
  vs?: string;
  ks?: string;
  ss?: string;
  counterAccount?: string;
  bankCode?: string;
  counterName?: string;
  message?: string;
}

export interface FioMovement extends FioMovementSpec {
  id: number;
}

interface FioAccount {
  accountId: string;
  currency: string;
  movements: FioMovement[];
  /** Fio's cursor ("zarážka"): the id of the last movement given; `last` answers the ones after it. */
  cursor: number;
  lastRequestAt: number | null;
}

/** Fio's documented answer to a token that does not exist, has expired or is not active yet. */
const INVALID_TOKEN_BODY = 'The server encountered an internal error () that prevented it from fulfilling this request';

/**
 * Fio's REST API for reading movements, served locally with Fio's semantics:
 * - `GET /v1/rest/last/{token}/transactions.json`: the movements after the token's cursor, in Fio's
 *   JSON (accountStatement → info, transactionList → transaction[] of `columnN` objects); the cursor
 *   then moves past them, whether or not the client ever reads the answer;
 * - `GET /v1/rest/set-last-id/{token}/{id}/` and `/set-last-date/{token}/{YYYY-MM-DD}/` put the cursor back;
 * - one request per token per 30 s (by this server's own clock, see `advance`), else 409;
 * - an unknown token: HTTP 500 with Fio's text.
 * `repeatNext` makes the next `last` give the movement before the cursor again (Fio sends a movement
 * twice at times); `stallNextLast` sends half of the next `last` answer and never the rest.
 */
export class FioServer {
  readonly calls: { kind: string; token: string; status: number }[] = [];
  private readonly accounts = new Map<string, FioAccount>();
  private nextId = 20_000_000_001;
  private offsetMs = 0;
  repeatNext = false;
  stallNextLast = false;
  /** Resolves when a stalled answer has been half sent (its cursor already moved). */
  stalled: Promise<void> = Promise.resolve();
  private onStalled: () => void = () => undefined;
  private readonly hanging: ServerResponse[] = [];
  private server: Server | null = null;

  static token(seed: string): string {
    return seed
      .padEnd(64, 'x')
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 64);
  }

  account(token: string, accountId = '2900000001', currency = 'CZK'): void {
    this.accounts.set(token, { accountId, currency, movements: [], cursor: 0, lastRequestAt: null });
  }

  revoke(token: string): void {
    this.accounts.delete(token);
  }

  add(token: string, ...specs: FioMovementSpec[]): FioMovement[] {
    const account = this.accounts.get(token)!;
    const added = specs.map((spec) => ({ ...spec, id: this.nextId++ }));
    account.movements.push(...added);
    return added;
  }

  /** Moves this server's clock on (its 30 s limit), as the test moves the app's Clock. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  count(kind: string): number {
    return this.calls.filter((c) => c.kind === kind && c.status === 200).length;
  }

  expectStall(): void {
    this.stallNextLast = true;
    this.stalled = new Promise((resolve) => (this.onStalled = resolve));
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.answer(req.url ?? '/', res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/rest`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(url: string, res: ServerResponse): void {
    const match = /^\/v1\/rest\/(last|set-last-id|set-last-date)\/([^/]+)\/(?:(transactions\.json)|([^/]+)\/)$/.exec(
      url,
    );
    if (!match) return void res.writeHead(404).end();
    const [, kind, token, , arg] = match;
    const done = (status: number, body = '', type = 'text/plain; charset=utf-8') => {
      this.calls.push({ kind, token, status });
      res.writeHead(status, { 'content-type': type }).end(body);
    };
    const account = this.accounts.get(token);
    if (!account) return done(500, INVALID_TOKEN_BODY);
    const now = Date.now() + this.offsetMs;
    if (account.lastRequestAt !== null && now - account.lastRequestAt < 30_000) return done(409);
    account.lastRequestAt = now;
    if (kind === 'set-last-id') {
      account.cursor = Number(arg);
      return done(200);
    }
    if (kind === 'set-last-date') {
      account.cursor = Math.max(0, ...account.movements.filter((m) => m.date <= arg).map((m) => m.id));
      return done(200);
    }
    const given = account.movements.filter((m) => m.id > account.cursor);
    if (this.repeatNext) {
      const before = account.movements.filter((m) => m.id <= account.cursor).at(-1);
      if (before) given.unshift(before);
      this.repeatNext = false;
    }
    account.cursor = Math.max(account.cursor, ...given.map((m) => m.id));
    const body = JSON.stringify(statement(account, given));
    if (this.stallNextLast) {
      this.stallNextLast = false;
      this.calls.push({ kind, token, status: 200 });
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': body.length * 2 });
      res.write(body.slice(0, body.length >> 1));
      this.hanging.push(res);
      this.onStalled();
      return;
    }
    done(200, body, 'application/json;charset=UTF-8');
  }
}

/** The IBAN of a Fio (2010) account number without prefix: CZkk 2010 000000 nnnnnnnnnn, ISO 13616 check digits. */
export function czechIban(accountId: string): string {
  const bban = `2010000000${accountId.padStart(10, '0')}`;
  const check = 98 - Number(BigInt(`${bban}123500`) % 97n);
  return `CZ${String(check).padStart(2, '0')}${bban}`;
}

const column = (id: number, name: string, value: unknown) => (value === undefined ? null : { value, name, id });

function statement(account: FioAccount, movements: FioMovement[]) {
  return {
    accountStatement: {
      info: {
        accountId: account.accountId,
        bankId: '2010',
        currency: account.currency,
        iban: czechIban(account.accountId),
        bic: 'FIOBCZPPXXX',
        openingBalance: 0,
        closingBalance: movements.reduce((sum, m) => sum + m.amount, 0),
        dateStart: `${movements[0]?.date ?? '2026-06-17'}+0200`,
        dateEnd: `${movements.at(-1)?.date ?? '2026-06-17'}+0200`,
        yearList: null,
        idList: null,
        idFrom: movements[0]?.id ?? null,
        idTo: movements.at(-1)?.id ?? null,
        idLastDownload: account.cursor || null,
      },
      transactionList: {
        transaction: movements.map((m) => ({
          column22: column(22, 'ID pohybu', m.id),
          column0: column(0, 'Datum', `${m.date}+0200`),
          column1: column(1, 'Objem', m.amount),
          column14: column(14, 'Měna', m.currency ?? account.currency),
          column2: column(2, 'Protiúčet', m.counterAccount),
          column10: column(10, 'Název protiúčtu', m.counterName),
          column3: column(3, 'Kód banky', m.bankCode),
          column12: column(12, 'Název banky', m.bankCode ? 'Banka' : undefined),
          column4: column(4, 'KS', m.ks),
          column5: column(5, 'VS', m.vs),
          column6: column(6, 'SS', m.ss),
          column7: column(7, 'Uživatelská identifikace', m.message),
          column16: column(16, 'Zpráva pro příjemce', m.message),
          column8: column(8, 'Typ', m.amount > 0 ? 'Bezhotovostní příjem' : 'Bezhotovostní platba'),
          column9: null,
          column18: null,
          column25: column(25, 'Komentář', m.counterName),
          column26: null,
          column17: column(17, 'ID pokynu', m.id + 1_000_000),
        })),
      },
    },
  };
}
