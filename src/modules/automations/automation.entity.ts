import { Entity, Property } from '@mikro-orm/core';
import { OrganizationIdRecord } from '../identity/identity.module';
import type { ActionResult, AutomationAction, Condition, RunStatus, TriggerType } from './automation.types';

/** An automation rule of a company (SPEC 2.7). */
@Entity({ tableName: 'automations' })
export class Automation extends OrganizationIdRecord {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean' })
  isActive!: boolean;

  @Property({ type: 'text' })
  triggerType!: TriggerType;

  @Property({ type: 'text', nullable: true })
  triggerEvent: string | null = null;

  @Property({ type: 'text', nullable: true })
  triggerCron: string | null = null;

  @Property({ type: 'jsonb' })
  conditions!: Condition[];

  @Property({ type: 'jsonb' })
  actions!: AutomationAction[];

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}

/** One run of a rule with its per-action results; createdAt (= startedAt) orders the history. */
@Entity({ tableName: 'automation_runs' })
export class AutomationRun extends OrganizationIdRecord {
  @Property({ type: 'uuid' })
  automationId!: string;

  @Property({ type: 'text' })
  status!: RunStatus;

  @Property({ type: 'text' })
  trigger!: TriggerType;

  @Property({ type: 'jsonb' })
  context!: Record<string, unknown>;

  /** 1 for a run started by a person, an integration or the clock; +1 for each automation in between. */
  @Property({ type: 'integer' })
  depth!: number;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'timestamptz' })
  finishedAt!: Date;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'jsonb' })
  actions!: ActionResult[];

  @Property({ type: 'timestamptz' })
  createdAt!: Date;
}
