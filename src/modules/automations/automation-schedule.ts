import type { Logger } from 'pino';
import type { Clock } from '../../core/clock';
import type { Orm } from '../../core/db/orm';
import type { Scheduler } from '../../core/jobs/scheduler';
import { nextOccurrence } from './automation-cron';
import type { AutomationEngine } from './automation-engine';
import { Automation } from './automation.entity';
import { claimOccurrence } from './automations.queries';

export const SCHEDULED_RUN_JOB = 'automations.scheduled-run';

/** One occurrence of a SCHEDULED rule: its Agenda job's payload. */
export interface Occurrence {
  automationId: string;
  /** The rule's cron when the job was scheduled: a job of an older cron ends its chain. */
  cron: string;
  at: string;
}

function isOccurrence(data: Record<string, unknown>): data is Record<string, unknown> & Occurrence {
  return typeof data.automationId === 'string' && typeof data.cron === 'string' && typeof data.at === 'string';
}

/**
 * SCHEDULED rules as Agenda jobs: one pending job per active rule, at its next occurrence (cron in
 * Europe/Prague, from the Clock). The run of an occurrence schedules the next one. Saving a rule
 * replaces its job, deleting or deactivating it removes the job. An occurrence runs once however many
 * workers pick its job up: the run claims (rule, occurrence) in automation_occurrences first.
 */
export class AutomationSchedule {
  private ensuring: Promise<number> | null = null;

  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly engine: AutomationEngine,
    private readonly log: Logger,
  ) {}

  /** After a rule was saved (committed): its one pending job, or none. */
  async sync(rule: Automation): Promise<void> {
    await this.cancel(rule.id);
    if (rule.isActive && rule.triggerType === 'SCHEDULED' && rule.triggerCron)
      await this.scheduleAfter(rule.id, rule.triggerCron, this.clock.now());
  }

  /**
   * When a worker starts: every active SCHEDULED rule without a pending job gets one. A process that
   * died between an occurrence's run and scheduling the next one would otherwise end the rule's chain.
   */
  ensureAll(): Promise<number> {
    // One check at a time in a process: a second caller waits for the one under way.
    this.ensuring ??= this.scheduleMissing().finally(() => (this.ensuring = null));
    return this.ensuring;
  }

  private async scheduleMissing(): Promise<number> {
    const rules = await this.orm.em
      .fork()
      .find(Automation, { isActive: true, triggerType: 'SCHEDULED' }, { fields: ['id', 'triggerCron'] });
    let scheduled = 0;
    for (const rule of rules) {
      if (!rule.triggerCron || (await this.scheduler.hasPending(SCHEDULED_RUN_JOB, { automationId: rule.id })))
        continue;
      await this.scheduleAfter(rule.id, rule.triggerCron, this.clock.now());
      scheduled++;
    }
    if (scheduled) this.log.warn({ scheduled }, 'scheduled automations without a pending job were rescheduled');
    return scheduled;
  }

  async cancel(automationId: string): Promise<void> {
    await this.scheduler.cancelWhere(SCHEDULED_RUN_JOB, { automationId });
  }

  /** The job's handler: runs the occurrence unless the rule changed or another worker ran it, then schedules the next one. */
  async runOccurrence(data: Record<string, unknown>): Promise<boolean> {
    if (!isOccurrence(data)) return false;
    const rule = await this.orm.em.fork().transactional(async (em) => {
      const rule = await em.findOne(Automation, { id: data.automationId });
      // A job left from before the rule changed (or was deleted or deactivated) ends its chain here.
      if (!rule || !rule.isActive || rule.triggerType !== 'SCHEDULED' || rule.triggerCron !== data.cron) return null;
      if (!(await claimOccurrence(em, rule.id, new Date(data.at)))) return null;
      await this.engine.run(em, rule, 'SCHEDULED', { organizationId: rule.organizationId }, 1);
      return rule;
    });
    if (!rule) {
      this.log.debug(
        { automationId: data.automationId, at: data.at },
        'scheduled occurrence not run (rule changed or already run)',
      );
      return false;
    }
    // Missed occurrences (the process was down) are not caught up: the next one is after now.
    const now = this.clock.now();
    const at = new Date(data.at);
    await this.scheduleAfter(rule.id, data.cron, now > at ? now : at);
    return true;
  }

  private async scheduleAfter(automationId: string, cron: string, after: Date): Promise<void> {
    const next = nextOccurrence(cron, after);
    await this.scheduler.schedule(SCHEDULED_RUN_JOB, next, {
      automationId,
      cron,
      at: next.toISOString(),
    } satisfies Occurrence);
  }
}
