import { Entity, Property } from '@mikro-orm/core';
import { OrganizationIdRecord } from '../../identity/identity.module';

export const BANK_PROVIDERS = ['FIO'] as const;
export type BankProvider = (typeof BANK_PROVIDERS)[number];
/**
 * NEW: never synced; OK: the last sync succeeded; ERROR: the last sync failed and is retried with a
 * growing pause; TOKEN_REJECTED: the bank refused the token, the job leaves it until a new token is
 * put (or someone syncs it by hand).
 */
export const CONNECTION_STATUSES = ['NEW', 'OK', 'ERROR', 'TOKEN_REJECTED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** A BANK account's connection to its bank's API (Migration0045BankConnections); one per account. */
@Entity({ tableName: 'bank_connections' })
export class BankConnection extends OrganizationIdRecord {
  @Property({ type: 'uuid', unique: true })
  bankAccountId!: string;

  @Property({ type: 'text' })
  provider!: BankProvider;

  /** Sealed by infra.secretBox (BANK_TOKEN_PURPOSE); never returned, never logged. */
  @Property({ type: 'text' })
  token!: string;

  /** SHA-256 of the token: the bank's rate limit is per token. */
  @Property({ type: 'text' })
  tokenDigest!: string;

  @Property({ type: 'text' })
  status: ConnectionStatus = 'NEW';

  @Property({ type: 'timestamptz', nullable: true })
  lastSyncAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastErrorAt: Date | null = null;

  /** Failed syncs in a row; the pause before the next one grows with it. */
  @Property({ type: 'integer' })
  failures = 0;

  /** No call to the bank before this instant (Fio: one request per token per 30 s). */
  @Property({ type: 'timestamptz', nullable: true })
  notBefore: Date | null = null;

  /** When the periodic job syncs next; null: the job leaves it alone. */
  @Property({ type: 'timestamptz', nullable: true })
  nextSyncAt: Date | null = null;

  /** The bank's id of the last movement committed here (Fio: column22, "ID pohybu"). */
  @Property({ type: 'text', nullable: true })
  lastMovementId: string | null = null;

  /** A call that may have moved the bank's own cursor did not commit: put the cursor back first. */
  @Property({ type: 'boolean' })
  cursorUnsure = false;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
