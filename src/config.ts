import { z } from 'zod';

/** The only reader of process.env. Everything else receives a frozen Config. */
const flag = z
  .enum(['0', '1', 'true', 'false', 'on', 'off', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'on');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(16),
  /** Connections for hand-written statements outside a transaction (core/db/statement-pool.ts), beside DB_POOL_MAX. */
  DB_STATEMENT_POOL_MAX: z.coerce.number().int().min(1).max(200).default(4),
  /** PostgreSQL statement_timeout of the pool's connections: a statement running longer is cancelled; 0 = none. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** idle_in_transaction_session_timeout: a connection idle this long inside a transaction is closed by the server; 0 = none. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  AGENDA_MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL')
    .optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Faktura <no-reply@faktura.local>'),
  /** SMTP: how long connecting may take, then waiting for the server's greeting, then any silence on the socket. */
  MAIL_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  MAIL_GREETING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  MAIL_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Attempts of a queued e-mail (automations) before it is FAILED; send-email makes one (its client hears the outcome). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Wait after the first failed attempt; doubles with each further one, up to MAIL_RETRY_MAX_SECONDS. */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).default(60),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** E-mails one worker process sends at the same time; a hanging mail server holds only these slots. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How often a worker looks for e-mails due when nothing woke it. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  TEST_CONTROLS: flag,
  /** 1 = exactly one reverse proxy of ours is in front: the client address is the last X-Forwarded-For entry. */
  TRUST_PROXY: flag,
  /**
   * The key that encrypts secrets at rest (src/core/secret-box.ts): 64 hex characters (32 bytes).
   * Unset: a key file generated on first start in DATA_DIR (master.key, mode 0600).
   */
  FAKTURA_MASTER_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
  /** Failed sign-in attempts (logins, second factors, OAuth client authentication) one client address may make a minute; 0 = no limit. */
  AUTH_FAILED_PER_IP_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(30),
  /** Signups one client address may make an hour; 0 = no limit. */
  AUTH_SIGNUPS_PER_IP_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(50),
  /** libuv's thread pool size (libuv reads it itself); concurrent password hashing is sized from it. */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: flag,
  /** Each delivery attempt is cut after this long (SPEC: 10 s); tests shorten it. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /** Deliveries one process sends at the same time; a slow endpoint holds only its own slots. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** How often a worker looks for first attempts (and claims a crashed sender left) when nothing woke it. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  QUOTA_METERING: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  /**
   * Stopping (README "Stopping"): after SIGTERM/SIGINT, how long in-flight requests, scheduled jobs,
   * outbox passes and background workers may take to finish; what is still running then is cut.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /** Failures of one consumer on one event before the event is parked for that consumer. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Wait after the first failure; doubles with each further failure, up to OUTBOX_RETRY_MAX_SECONDS. */
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).default(10),
  OUTBOX_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How often a worker looks for new events when nothing woke it. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
  /**
   * Retention (README "Data retention"): the daily `<module>.retention` jobs (02:45 Prague) delete
   * older rows in batches of RETENTION_BATCH_SIZE, each batch its own statement and commit.
   */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Finished webhook deliveries (with the endpoints' responses) older than this. */
  RETENTION_WEBHOOK_DELIVERIES_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  /** Automation runs (their context and action results) older than this. */
  RETENTION_AUTOMATION_RUNS_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  /** Outbox events older than this that every registered consumer has passed (none failed or parked). */
  RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  /** Sent or failed e-mails (outbound_email, with their bodies and attachments); the document's history keeps that it was sent. */
  RETENTION_EMAILS_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  /** Read notifications older than this (unread ones stay until read). */
  RETENTION_NOTIFICATIONS_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  /** The security audit log: a year, long enough for an investigation; 36500 keeps it for good. */
  RETENTION_AUDIT_LOG_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /**
   * The Czech National Bank's daily exchange-rate fixing in its text format (README "Foreign currency"):
   * fetched by the daily `rates.cnb-fixing` job (14:45 Prague) and, with `?date=DD.MM.YYYY`, on demand
   * for a taxable supply date not kept yet. Tests point it at a local server.
   */
  CNB_RATES_URL: z
    .url()
    .default(
      'https://www.cnb.cz/cs/financni-trhy/devizovy-trh/kurzy-devizoveho-trhu/kurzy-devizoveho-trhu/denni_kurz.txt',
    ),
  /** One fetch of the ČNB file may take this long before it fails. */
  CNB_RATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Fio's REST API (README "Bank sync"); tests point it at a local server speaking Fio's JSON. */
  FIO_API_URL: z.url().default('https://fioapi.fio.cz/v1/rest'),
  /** One call to Fio may take this long before the sync counts it failed. */
  FIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** How often each connected bank account is synced by the job (Fio allows one call per token per 30 s). */
  BANK_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Tests only (honoured with TEST_CONTROLS=1): subscribe the test-recorder consumer (GET /api/test/outbox/received). */
  TEST_OUTBOX_RECORDER: flag,
  /**
   * Tests only (honoured with TEST_CONTROLS=1): password hashes at argon2id's least cost (see
   * identity/passwords.ts), for a suite that signs up and logs in thousands of times.
   */
  TEST_CHEAP_PASSWORD_HASHES: flag,
  /**
   * Issue 28: where the `stripe` package calls Stripe's API (its host, port and protocol); tests point
   * it at a local server answering the Checkout session calls.
   */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** One call to the payment gateway may take this long before the customer is told to try again. */
  PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
});

export type Config = Readonly<Omit<z.infer<typeof schema>, 'PUBLIC_URL'> & { PUBLIC_URL: string }>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const c = parsed.data;
  if (c.TEST_CONTROLS && c.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: TEST_CONTROLS: test controls are refused when NODE_ENV=production');
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return Object.freeze({ ...c, PUBLIC_URL: publicUrl });
}
