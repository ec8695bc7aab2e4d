import { Writable } from 'node:stream';
import { startApp, type RunningApp, type StartOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { AdjustableClock } from '../../src/core/clock';
import { initOrm, migrate } from '../../src/core/db/orm';
import { persistence } from '../../src/modules';
import { freePort, freshDatabaseUrl } from './postgres';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Raw body (sent as is, with the given content type). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestApp {
  url: string;
  app: RunningApp;
  databaseUrl: string;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  get<T = any>(path: string, token?: string): Promise<HttpResult<T>>;
  post<T = any>(path: string, body: unknown, token?: string): Promise<HttpResult<T>>;
  patch<T = any>(path: string, body: unknown, token?: string): Promise<HttpResult<T>>;
  put<T = any>(path: string, body: unknown, token?: string): Promise<HttpResult<T>>;
  del<T = any>(path: string, token?: string): Promise<HttpResult<T>>;
  graphql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<HttpResult<{ data: T; errors: any }>>;
  stop(): Promise<void>;
}

/**
 * The instant every test app's Clock starts at: an ordinary Wednesday, 10:30 in Prague, mid-month,
 * far from midnight, month ends and DST changes. Tests that move the clock then cross a Czech day,
 * a UTC month or a session lifetime only where they mean to, whatever the wall-clock time
 * (`npm run test:any-hour` runs the suite at awkward wall-clock times to prove it).
 */
export const TEST_EPOCH = '2026-06-17T08:30:00.000Z';

export interface TestAppOptions extends Pick<StartOptions, 'onContainer' | 'extraModules'> {
  /** Where the app's Clock starts (default TEST_EPOCH); it flows from there in real time. */
  clockStart?: string;
}

/**
 * Starts the real app on a random port with its own database, test controls on, logs captured.
 * The per-address sign-in limits (AUTH_FAILED_PER_IP_MINUTE, AUTH_SIGNUPS_PER_IP_HOUR) default to 0
 * (off) here: every test signs up and logs in from 127.0.0.1, many times per app. A test of those
 * limits passes them in `env` (test/identity/throttling.test.ts). The per-person limit stays on.
 */
function pickDefined(source: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (source[name] === undefined ? [] : [[name, source[name]]])));
}

/** The database every test app's own is copied from: the migrations run once per mocha process, not once per app. */
let migrated: Promise<string> | null = null;

/**
 * A new database with every migration applied: a copy of one migrated once (CREATE DATABASE … TEMPLATE).
 * The app starts on it as on a database an earlier version migrated: nothing pending. Applying the
 * migrations took about 0.6 s of each test app's 1 s start.
 */
export async function migratedDatabaseUrl(): Promise<string> {
  migrated ??= (async () => {
    const url = await freshDatabaseUrl();
    const orm = await initOrm(url, persistence, 1, () => undefined);
    try {
      await migrate(orm, url);
    } finally {
      await orm.close(true);
    }
    return url;
  })();
  return freshDatabaseUrl(await migrated);
}

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  // A test's own modules bring migrations of their own: it starts on an empty database.
  const databaseUrl =
    env.DATABASE_URL ?? (options.extraModules?.length ? await freshDatabaseUrl() : await migratedDatabaseUrl());
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  // A known port (not 0) so PUBLIC_URL, the OAuth issuer, matches the address clients really use.
  const port = env.PORT ?? String(await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    TEST_CONTROLS: '1',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
    LOG_LEVEL: 'info',
    DB_POOL_MAX: '10',
    AUTH_FAILED_PER_IP_MINUTE: '0',
    AUTH_SIGNUPS_PER_IP_HOUR: '0',
    // Password hashes at argon2id's least cost (identity/passwords.ts): a test of hashing under load passes ''.
    TEST_CHEAP_PASSWORD_HASHES: '1',
    // The database session timeouts as the environment sets them (scripts/test-any-hour.sh turns them off).
    ...pickDefined(process.env, ['DB_STATEMENT_TIMEOUT_MS', 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS']),
    // Never ČNB itself: a test of rates serves the file locally (test/helpers/cnb-server.ts); elsewhere
    // a foreign-currency document without exchangeRate fails at once (nothing listens on port 9).
    CNB_RATES_URL: 'http://127.0.0.1:9/denni_kurz.txt',
    // Never Fio itself: bank sync tests serve Fio's API locally (test/helpers/fio-server.ts).
    FIO_API_URL: 'http://127.0.0.1:9/v1/rest',
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const { clockStart = TEST_EPOCH, ...startOptions } = options;
  const clock = new AdjustableClock(new Date(clockStart));
  const app = await startApp(config, { ...startOptions, clock, logDestination: destination });
  const url = app.url;

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  return {
    url,
    app,
    databaseUrl,
    logs,
    request,
    get: (path, token) => request('GET', path, { token }),
    post: (path, body, token) => request('POST', path, { body, token }),
    patch: (path, body, token) => request('PATCH', path, { body, token }),
    put: (path, body, token) => request('PUT', path, { body, token }),
    del: (path, token) => request('DELETE', path, { token }),
    graphql: (query, variables, token) => request('POST', '/graphql', { body: { query, variables }, token }),
    stop: async () => void (await app.stop()),
  };
}
