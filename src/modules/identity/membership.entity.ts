import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { Permissions, Role } from '../../core/access';
import { Organization } from './organization.entity';
import { User } from './user.entity';

/** A user's place in an organization: role, per-section permissions and billing departments. */
@Entity({ tableName: 'memberships' })
export class Membership {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => User)
  user!: User;

  @ManyToOne(() => Organization)
  organization!: Organization;

  @Property({ type: 'text' })
  role!: Role;

  @Property({ type: 'jsonb' })
  permissions!: Partial<Permissions>;

  /** null = all departments. */
  @Property({ type: 'jsonb', nullable: true })
  departmentIds: string[] | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
