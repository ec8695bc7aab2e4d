import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

export const PLANS = ['FREE', 'BASIC', 'PRO', 'AI'] as const;
export type Plan = (typeof PLANS)[number];

@Entity({ tableName: 'organizations' })
export class Organization {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  plan: Plan = 'FREE';

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
