import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { TAKE_HOLDER_LOCK } from './idempotency.queries';

/** How soon a lost lock connection is opened again. */
const RECONNECT_MS = 1000;

/**
 * This process as the holder of its running Idempotency-Key claims: a random id whose session-level
 * advisory lock the process holds, on a connection of its own, for as long as it lives. A process that
 * dies (SIGKILL, a crash) loses its connections, PostgreSQL ends the session and the lock goes with
 * it: the retry of a request it never answered takes the claim over at once (CLAIM in
 * idempotency.queries.ts) instead of answering 409 until the claim is STALE_CLAIM_SECONDS old.
 *
 * A lost connection is opened again and the lock taken again. Until then `current` is null: claims
 * made meanwhile carry no holder and only the stale limit frees them; claims made before may be taken
 * over by a retry while this process still runs them (the database restarted or the network dropped:
 * their transactions most likely failed too).
 */
export class ClaimHolder {
  readonly id = String((randomBytes(8).readBigUInt64BE() >> 2n) + 1n);
  private client: Client | null = null;
  private closed = false;

  private constructor(
    private readonly databaseUrl: string,
    private readonly log: Logger,
  ) {}

  static async open(databaseUrl: string, log: Logger): Promise<ClaimHolder> {
    const holder = new ClaimHolder(databaseUrl, log);
    await holder.connect();
    return holder;
  }

  /** The holder a claim records: this process's id while it holds the lock, else null. */
  get current(): string | null {
    return this.client ? this.id : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end();
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'faktura-claim-holder' });
    client.on('error', (err) =>
      this.log.warn({ err: { message: err.message } }, 'idempotency claim holder: connection lost'),
    );
    await client.connect();
    try {
      await client.query(TAKE_HOLDER_LOCK, [this.id]);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    client.once('end', () => {
      if (this.client !== client) return;
      this.client = null;
      if (!this.closed) this.reconnect();
    });
    this.client = client;
  }

  private reconnect(): void {
    setTimeout(() => {
      if (this.closed) return;
      this.connect().then(
        () => this.log.info('idempotency claim holder: lock taken again'),
        () => this.reconnect(),
      );
    }, RECONNECT_MS).unref();
  }
}
