import { Entity, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

export type MeteredCredential = 'apiKey' | 'oauth';

/** Requests of one credential in one organization during one UTC calendar month. */
@Entity({ tableName: 'quota_usage' })
export class QuotaUsage {
  [PrimaryKeyProp]?: ['organizationId', 'credentialId', 'period'];

  @PrimaryKey({ type: 'uuid' })
  organizationId!: string;

  /** API key id or OAuth application id. */
  @PrimaryKey({ type: 'uuid' })
  credentialId!: string;

  /** First day of the UTC month, YYYY-MM-01. */
  @PrimaryKey({ type: 'string', columnType: 'date' })
  period!: string;

  @Property({ type: 'text' })
  credentialType!: MeteredCredential;

  @Property({ type: 'bigint' })
  used!: string;
}
