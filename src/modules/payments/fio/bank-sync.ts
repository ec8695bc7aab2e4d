import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../../../core/clock';
import type { EventOutbox } from '../../../core/outbox/event-outbox';
import type { Orm } from '../../../core/db/orm';
import type { Scheduler } from '../../../core/jobs/scheduler';
import type { SecretBox } from '../../../core/secret-box';
import { openStored } from '../../../core/sealed-secrets';
import type { ServicesOf } from '../../../core/module';
import type { notificationsModule } from '../../notifications/notifications.module';
import { BankAccount } from '../bank-account.entity';
import type { PaymentIntake } from '../payment-intake';
import { BankConnection } from './bank-connection.entity';
import { bankConnectionData, type BankConnectionEvents } from './bank-connection.events';
import { FIO_MIN_INTERVAL_MS, FioTokenRejected, FioTooEarly, type FioClient, type FioStatement } from './fio-client';

type Notifications = ServicesOf<typeof notificationsModule>['notifications'];

export const BANK_TOKEN_PURPOSE = 'bank_access_token';
/** The job syncing one connection ({connectionId}); the sweep schedules it for every connection due. */
export const ACCOUNT_SYNC_JOB = 'payments.bank-sync';
/** Every minute: schedules ACCOUNT_SYNC_JOB for the connections whose next_sync_at has come. */
export const SYNC_SWEEP_JOB = 'payments.bank-sync-sweep';

/**
 * SYNCED: new movements asked for and committed. CURSOR_RESET: a previous sync was cut after Fio
 * may have moved its cursor, so this one put the cursor back to the last movement kept here; the
 * movements follow in the next sync (scheduled for when Fio allows it). TOO_EARLY: Fio's limit
 * (ours or its 409) says wait until `notBefore`. TOKEN_REJECTED / FAILED: see the connection's lastError.
 */
export type SyncOutcome = 'SYNCED' | 'CURSOR_RESET' | 'TOO_EARLY' | 'TOKEN_REJECTED' | 'FAILED';

export interface SyncReport {
  outcome: SyncOutcome;
  imported: number;
  duplicates: number;
  matched: number;
  notBefore: string | null;
}

interface Claim {
  step: 'RESET' | 'FETCH';
  token: string;
  tokenDigest: string;
  lastMovementId: string | null;
  createdAt: Date;
  /** cursorUnsure before this claim: a call refused by Fio moved nothing, so it is restored. */
  wasUnsure: boolean;
}

type CallResult = { ok: true; statement: FioStatement | null } | { ok: false; error: Error };

/**
 * Syncs a bank connection with Fio, safe against crashes and concurrent workers:
 * 1. claim (one transaction, the token's connections locked): refuse when Fio's limit says wait,
 *    else take the next 30 s of the token, and before a `last` call mark the cursor unsure;
 * 2. call Fio outside any transaction;
 * 3. commit the movements (payment intake, source BANK_SYNC: each movement once per account), the
 *    new last movement id and "cursor sure" together.
 * A process killed between 2 and 3 leaves the cursor unsure, so the next sync first calls
 * `set-last-id` with the last movement committed here; the `last` after it gives the lost movements
 * again. Movements Fio gives twice are DUPLICATE in the intake, never a second payment.
 */
export class BankSync {
  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly fio: FioClient,
    private readonly intake: PaymentIntake,
    private readonly notifications: Notifications,
    private readonly events: EventOutbox<BankConnectionEvents>,
    private readonly scheduler: Scheduler,
    private readonly intervalMinutes: number,
    private readonly log: Logger,
  ) {}

  /** `due`: only when the periodic job's time has come (the job); else now if Fio allows (sync now). */
  async sync(connectionId: string, { due }: { due: boolean }): Promise<SyncReport | null> {
    const claimed = await this.orm.em.fork().transactional((em) => this.claim(em, connectionId, due));
    if (claimed === null || 'outcome' in claimed) return claimed;
    const result = await this.call(claimed);
    const report = await this.orm.em
      .fork()
      .transactional((em) => this.finish(em, connectionId, claimed, result))
      .catch(async (err: unknown) => {
        // Nothing of the answer was kept (the cursor stays unsure): retried with the growing pause.
        await this.orm.em.fork().transactional(async (em) => {
          const connection = await em.findOne(BankConnection, connectionId, { lockMode: LockMode.PESSIMISTIC_WRITE });
          if (connection?.tokenDigest === claimed.tokenDigest)
            this.failed(em, connection, claimed, new Error('The movements could not be stored; the sync is retried'));
        });
        throw err;
      });
    if (report?.outcome === 'CURSOR_RESET' && report.notBefore) {
      await this.scheduler.schedule(ACCOUNT_SYNC_JOB, new Date(report.notBefore), { connectionId });
    }
    return report;
  }

  /** Schedules a sync job for each connection due (unless one is waiting already). */
  async sweep(): Promise<number> {
    const due = await this.orm.em
      .fork()
      .find(BankConnection, { nextSyncAt: { $lte: this.clock.now() } }, { fields: ['id'], limit: 1000 });
    for (const { id } of due) {
      if (!(await this.scheduler.hasPending(ACCOUNT_SYNC_JOB, { connectionId: id })))
        await this.scheduler.schedule(ACCOUNT_SYNC_JOB, this.clock.now(), { connectionId: id });
    }
    return due.length;
  }

  private async claim(em: EntityManager, id: string, due: boolean): Promise<Claim | SyncReport | null> {
    const now = this.clock.now();
    const digest = (await em.findOne(BankConnection, id, { fields: ['tokenDigest'] }))?.tokenDigest;
    if (!digest) return null;
    // Every connection of the token, locked in one order: Fio's limit is the token's.
    const sharing = await em.find(
      BankConnection,
      { tokenDigest: digest },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
    );
    const connection = sharing.find((c) => c.id === id);
    if (!connection) return null;
    if (due && (connection.nextSyncAt === null || connection.nextSyncAt > now)) return null;
    if (!(await em.count(BankAccount, { id: connection.bankAccountId, deletedAt: null }))) {
      // The account was deleted: the job leaves its connection alone.
      connection.nextSyncAt = null;
      await em.flush();
      return null;
    }
    const notBefore = latest(sharing.map((c) => c.notBefore));
    if (notBefore && notBefore > now) return report('TOO_EARLY', notBefore);
    const until = new Date(now.getTime() + FIO_MIN_INTERVAL_MS);
    for (const c of sharing) c.notBefore = until;
    const claim: Claim = {
      step: connection.cursorUnsure ? 'RESET' : 'FETCH',
      token: openStored(this.box, connection.token, BANK_TOKEN_PURPOSE),
      tokenDigest: digest,
      lastMovementId: connection.lastMovementId,
      createdAt: connection.createdAt,
      wasUnsure: connection.cursorUnsure,
    };
    // Committed before the call: a process killed after Fio answered leaves this mark behind.
    connection.cursorUnsure = true;
    await em.flush();
    return claim;
  }

  private async call(claim: Claim): Promise<CallResult> {
    try {
      if (claim.step === 'FETCH') return { ok: true, statement: await this.fio.last(claim.token) };
      if (claim.lastMovementId) await this.fio.setLastId(claim.token, claim.lastMovementId);
      // Nothing kept yet: the cursor goes to the day before the connection was made.
      else await this.fio.setLastDate(claim.token, dayBefore(claim.createdAt));
      return { ok: true, statement: null };
    } catch (err) {
      return { ok: false, error: err as Error };
    }
  }

  private async finish(em: EntityManager, id: string, claim: Claim, result: CallResult): Promise<SyncReport | null> {
    const connection = await em.findOne(BankConnection, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    // Disconnected, or connected with another token, meanwhile: nothing of this call applies.
    if (!connection || connection.tokenDigest !== claim.tokenDigest) return null;
    const now = this.clock.now();
    connection.updatedAt = now;
    if (!result.ok) return this.failed(em, connection, claim, result.error);
    if (!result.statement) {
      connection.cursorUnsure = false;
      connection.nextSyncAt = connection.notBefore;
      return report('CURSOR_RESET', connection.notBefore);
    }
    const account = await em.findOne(BankAccount, { id: connection.bankAccountId, deletedAt: null });
    if (!account) return null;
    const mismatch = otherAccount(account, result.statement);
    if (mismatch) return this.failed(em, connection, claim, new TokenOfAnotherAccount(mismatch));
    const { lines, matched } = await this.intake.ingest(em, account, result.statement.movements, {
      source: 'BANK_SYNC',
      departmentIds: null,
    });
    connection.lastMovementId = newer(connection.lastMovementId, result.statement.lastMovementId);
    connection.cursorUnsure = false;
    Object.assign(connection, { status: 'OK', lastSyncAt: now, lastError: null, lastErrorAt: null, failures: 0 });
    connection.nextSyncAt = new Date(now.getTime() + this.intervalMinutes * 60_000);
    const imported = lines.filter((l) => l.result === 'IMPORTED').length;
    return { ...report('SYNCED', connection.notBefore), imported, duplicates: lines.length - imported, matched };
  }

  private failed(em: EntityManager, connection: BankConnection, claim: Claim, error: Error): SyncReport {
    const now = this.clock.now();
    connection.lastError = error.message;
    connection.lastErrorAt = now;
    if (error instanceof FioTooEarly || error instanceof FioTokenRejected) {
      // Fio refused the call: its cursor did not move.
      connection.cursorUnsure = claim.wasUnsure;
    }
    if (error instanceof FioTokenRejected || error instanceof TokenOfAnotherAccount) {
      if (connection.status !== 'TOKEN_REJECTED') {
        this.notifications.raise(em, connection.organizationId, {
          type: 'bank_connection.token_rejected',
          title: 'Bank sync stopped: the Fio token does not work',
          message:
            `Bank account ${connection.bankAccountId}: ${error.message}. No movements are synced until a new token ` +
            `is put (PUT /api/v1/bank-accounts/${connection.bankAccountId}/connection).`,
        });
      }
      const rejectedNow = connection.status !== 'TOKEN_REJECTED';
      connection.status = 'TOKEN_REJECTED';
      connection.nextSyncAt = null;
      if (rejectedNow)
        this.events.record(
          em,
          connection.organizationId,
          'bank_connection.token_rejected',
          bankConnectionData(connection),
        );
      return report('TOKEN_REJECTED', connection.notBefore);
    }
    connection.status = 'ERROR';
    connection.failures += 1;
    // Backing off: 30 s, 1, 2, 4 ... minutes, at most the sync interval.
    const pause = Math.min(FIO_MIN_INTERVAL_MS * 2 ** connection.failures, this.intervalMinutes * 60_000);
    const until = new Date(now.getTime() + pause);
    if (error instanceof FioTooEarly) connection.notBefore = until;
    connection.nextSyncAt = until;
    this.log.warn(
      { connectionId: connection.id, failures: connection.failures, error: error.message },
      'bank sync failed',
    );
    return report(error instanceof FioTooEarly ? 'TOO_EARLY' : 'FAILED', connection.notBefore);
  }
}

/** The token reads another account than this bank account: nothing of it is imported. */
class TokenOfAnotherAccount extends Error {
  constructor(fioAccount: string) {
    super(`The token reads Fio account ${fioAccount}, not this bank account; put the token of this account`);
  }
}

/**
 * Fio's account when it is not this bank account (compared by IBAN when both have one, else by
 * account number without leading zeros and bank code), else null.
 */
function otherAccount(account: BankAccount, statement: FioStatement): string | null {
  const fio = statement.account;
  const fioNumber = `${fio.number ?? '?'}/${fio.bankCode ?? '?'}`;
  if (account.iban && fio.iban) return account.iban === fio.iban.replace(/\s+/g, '').toUpperCase() ? null : fioNumber;
  const ours = /^(?:\d+-)?0*(\d+)\/(\d{4})$/.exec(account.accountNumber ?? '');
  if (!ours || !fio.number || !fio.bankCode) return null;
  return ours[1] === fio.number.replace(/^(?:\d+-)?0*/, '') && ours[2] === fio.bankCode ? null : fioNumber;
}

function report(outcome: SyncOutcome, notBefore: Date | null): SyncReport {
  return { outcome, imported: 0, duplicates: 0, matched: 0, notBefore: notBefore?.toISOString() ?? null };
}

function latest(dates: (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
}

function newer(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return BigInt(a) >= BigInt(b) ? a : b;
}

function dayBefore(at: Date): string {
  return new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
}
