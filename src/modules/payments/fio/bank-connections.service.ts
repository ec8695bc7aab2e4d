import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../../core/audit/audit-trail';
import type { Clock } from '../../../core/clock';
import type { EventOutbox } from '../../../core/outbox/event-outbox';
import { authed, orgId, type RequestContext } from '../../../core/ctx';
import { NotFoundError } from '../../../core/errors';
import type { SecretBox } from '../../../core/secret-box';
import { parseInput, validationFailed, z } from '../../../core/validation';
import type { BankAccount } from '../bank-account.entity';
import type { BankAccountsService } from '../bank-accounts.service';
import { BankConnection, BANK_PROVIDERS, type BankProvider, type ConnectionStatus } from './bank-connection.entity';
import { BANK_TOKEN_PURPOSE, type BankSync, type SyncReport } from './bank-sync';
import { bankConnectionData, type BankConnectionEvents } from './bank-connection.events';

/** A Fio API token is 64 letters and digits (Fio's API documentation). */
export const connectInput = z
  .object({
    provider: z.enum(BANK_PROVIDERS),
    token: z
      .string()
      .max(200)
      .trim()
      .regex(/^[A-Za-z0-9]{64}$/, { message: 'must be a Fio API token: 64 letters and digits' }),
  })
  .meta({ description: 'The token is stored sealed and never returned.' });

/** What a bank account record shows of its connection; never the token. */
export interface BankConnectionView {
  provider: BankProvider;
  status: ConnectionStatus;
  lastSyncAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** The bank's limit: no call before then. */
  notBefore: string | null;
  /** When the periodic sync runs next; null while the token is rejected. */
  nextSyncAt: string | null;
  createdAt: string;
}

export interface SyncNowResult extends SyncReport {
  connection: BankConnectionView;
}

export function bankConnectionView(c: BankConnection): BankConnectionView {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    provider: c.provider,
    status: c.status,
    lastSyncAt: iso(c.lastSyncAt),
    lastError: c.lastError,
    lastErrorAt: iso(c.lastErrorAt),
    notBefore: iso(c.notBefore),
    nextSyncAt: iso(c.nextSyncAt),
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * Connections of BANK accounts to their bank's API (issue 28 point 1): put (the token sealed at
 * rest, never returned or logged), remove, sync now. The syncing itself is BankSync's.
 */
export class BankConnectionsService {
  constructor(
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly bankAccounts: BankAccountsService,
    private readonly sync: BankSync,
    private readonly audit: AuditTrail,
    private readonly events: EventOutbox<BankConnectionEvents>,
  ) {}

  async connect(ctx: RequestContext, accountId: string, input: unknown): Promise<BankConnectionView> {
    const data = parseInput(connectInput, input);
    const organizationId = orgId(ctx);
    return ctx.em.fork().transactional(async (em) => {
      const account = connectable(await this.bankAccounts.find(em, organizationId, accountId));
      const now = this.clock.now();
      const tokenDigest = createHash('sha256').update(data.token).digest('hex');
      const existing = await em.findOne(BankConnection, { bankAccountId: account.id });
      const connection =
        existing ??
        em.create(BankConnection, {
          id: randomUUID(),
          organizationId,
          bankAccountId: account.id,
          provider: data.provider,
          token: '',
          tokenDigest,
          status: 'NEW',
          failures: 0,
          cursorUnsure: false,
          createdAt: now,
          updatedAt: now,
        });
      if (existing?.tokenDigest !== tokenDigest) {
        // A new token: its cursor at Fio is unknown, so a movement kept here puts it back first.
        Object.assign(connection, {
          provider: data.provider,
          token: this.box.seal(data.token, BANK_TOKEN_PURPOSE),
          tokenDigest,
          status: 'NEW',
          lastError: null,
          lastErrorAt: null,
          failures: 0,
          // Fio's limit is the token's: the new one has not been used by us.
          notBefore: null,
          cursorUnsure: connection.lastMovementId !== null,
        });
      }
      if (connection.status === 'TOKEN_REJECTED') connection.status = 'NEW';
      connection.nextSyncAt = now;
      connection.updatedAt = now;
      this.events.record(em, organizationId, 'bank_connection.connected', bankConnectionData(connection));
      await em.flush();
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'bank_connection.connected',
          organizationIds: [organizationId],
          target: { type: 'bank_account', id: account.id },
          details: { provider: data.provider, credentialChanged: existing?.tokenDigest !== tokenDigest },
        },
      );
      return bankConnectionView(connection);
    });
  }

  async disconnect(ctx: RequestContext, accountId: string): Promise<void> {
    const organizationId = orgId(ctx);
    await ctx.em.fork().transactional(async (em) => {
      const account = await this.bankAccounts.find(em, organizationId, accountId);
      if (!(await this.removeFor(em, account.id))) throw new NotFoundError('Bank connection');
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'bank_connection.removed',
          organizationIds: [organizationId],
          target: { type: 'bank_account', id: account.id },
        },
      );
    });
  }

  /**
   * Removes the account's connection (its sealed token with it), recording bank_connection.removed
   * in `em`'s transaction; whether there was one. For deleting a bank account.
   */
  async removeFor(em: EntityManager, bankAccountId: string): Promise<boolean> {
    const connection = await em.findOne(BankConnection, { bankAccountId });
    if (!connection) return false;
    if ((await em.nativeDelete(BankConnection, { id: connection.id })) === 0) return false;
    this.events.record(em, connection.organizationId, 'bank_connection.removed', bankConnectionData(connection));
    return true;
  }

  async syncNow(ctx: RequestContext, accountId: string): Promise<SyncNowResult> {
    const { principal } = authed(ctx);
    const account = await this.bankAccounts.find(ctx.em, principal.organization.id, accountId);
    const connection = await this.connectionOf(ctx.em, account.id);
    const report = await this.sync.sync(connection.id, { due: false });
    const after = await this.connectionOf(ctx.em.fork(), account.id);
    return {
      ...(report ?? { outcome: 'FAILED', imported: 0, duplicates: 0, matched: 0, notBefore: null }),
      connection: bankConnectionView(after),
    };
  }

  private async connectionOf(em: EntityManager, accountId: string): Promise<BankConnection> {
    const connection = await em.findOne(BankConnection, { bankAccountId: accountId }, { refresh: true });
    if (!connection) throw new NotFoundError('Bank connection');
    return connection;
  }
}

/** The connections of these accounts, by account id (for the bank account records). */
export async function connectionViewsFor(
  em: EntityManager,
  accountIds: readonly string[],
): Promise<Map<string, BankConnectionView>> {
  if (accountIds.length === 0) return new Map();
  const rows = await em.find(BankConnection, { bankAccountId: { $in: [...accountIds] } });
  return new Map(rows.map((c) => [c.bankAccountId, bankConnectionView(c)]));
}

/** Only a real bank account has a bank to connect to. */
function connectable(account: BankAccount): BankAccount {
  if (account.kind !== 'BANK') {
    throw validationFailed([{ path: 'id', message: `must be a bank account, not the ${account.kind} account` }]);
  }
  return account;
}
