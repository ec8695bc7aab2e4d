import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { newestFirst, paginate } from '../../core/pagination';
import { paginationInput, parseInput, type Page } from '../../core/validation';
import type { ServicesOf } from '../../core/module';
import type { documentsModule } from '../documents/documents.module';
import type { AutomationEngine } from './automation-engine';
import type { AutomationSchedule } from './automation-schedule';
import { Automation, AutomationRun } from './automation.entity';
import type { ActionResult, AutomationAction, Condition, RunStatus, TriggerType } from './automation.types';
import { AutomationNotFound, RunContextForbidden } from './automations.errors';
import { listRunsQuery, ruleInput, runInput, updateRuleInput } from './automations.inputs';
import { deleteOccurrences } from './automations.queries';

export interface AutomationView {
  id: string;
  name: string;
  isActive: boolean;
  triggerType: TriggerType;
  triggerEvent: string | null;
  triggerCron: string | null;
  conditions: Condition[];
  actions: AutomationAction[];
  createdAt: string;
  updatedAt: string;
}

export interface RunView {
  id: string;
  automationId: string;
  status: RunStatus;
  trigger: TriggerType;
  context: Record<string, unknown>;
  startedAt: string;
  finishedAt: string;
  error: string | null;
  actions: ActionResult[];
}

export function automationView(a: Automation): AutomationView {
  return {
    id: a.id,
    name: a.name,
    isActive: a.isActive,
    triggerType: a.triggerType,
    triggerEvent: a.triggerEvent,
    triggerCron: a.triggerCron,
    conditions: a.conditions,
    actions: a.actions,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function runView(r: AutomationRun): RunView {
  return {
    id: r.id,
    automationId: r.automationId,
    status: r.status,
    trigger: r.trigger,
    context: r.context,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt.toISOString(),
    error: r.error,
    actions: r.actions,
  };
}

/** Automation rules of a company (SPEC 2.7, 4.2): every query is scoped to the caller's organization. */
export class AutomationsService {
  private readonly ruleInput: ReturnType<typeof ruleInput>;

  constructor(
    private readonly clock: Clock,
    private readonly engine: AutomationEngine,
    private readonly schedule: AutomationSchedule,
    isCatalogEvent: (name: string) => boolean,
    private readonly documents: Pick<ServicesOf<typeof documentsModule>['reads'], 'canRead'>,
  ) {
    this.ruleInput = ruleInput(isCatalogEvent);
  }

  async create(ctx: RequestContext, input: unknown): Promise<AutomationView> {
    const data = parseInput(this.ruleInput, input);
    const now = this.clock.now();
    const rule = ctx.em.create(Automation, {
      id: randomUUID(),
      organizationId: orgId(ctx),
      ...data,
      createdAt: now,
      updatedAt: now,
    });
    await ctx.em.flush();
    await this.schedule.sync(rule);
    return automationView(rule);
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<AutomationView>> {
    const page = await paginate(ctx.em, Automation, { organizationId: orgId(ctx) }, parseInput(paginationInput, query));
    return { data: page.data.map(automationView), nextCursor: page.nextCursor };
  }

  async get(ctx: RequestContext, id: string): Promise<AutomationView> {
    return automationView(await this.find(ctx.em, orgId(ctx), id));
  }

  /** Only the fields sent change; the rule that results is validated as a whole. */
  async update(ctx: RequestContext, id: string, input: unknown): Promise<AutomationView> {
    const given = parseInput(updateRuleInput, input);
    const rule = await this.find(ctx.em, orgId(ctx), id);
    const { name, isActive, triggerType, triggerEvent, triggerCron, conditions, actions } = rule;
    const present = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
    const data = parseInput(this.ruleInput, {
      name,
      isActive,
      triggerType,
      triggerEvent,
      triggerCron,
      conditions,
      actions,
      ...present,
    });
    Object.assign(rule, data, { updatedAt: this.clock.now() });
    await ctx.em.flush();
    await this.schedule.sync(rule);
    return automationView(rule);
  }

  /** The rule goes with its run history; its scheduled job is removed. */
  async delete(ctx: RequestContext, id: string): Promise<void> {
    const organizationId = orgId(ctx);
    await ctx.em.transactional(async (em) => {
      const rule = await this.find(em, organizationId, id);
      await em.nativeDelete(AutomationRun, { automationId: rule.id, organizationId });
      await deleteOccurrences(em, rule.id);
      em.remove(rule);
    });
    await this.schedule.cancel(id);
  }

  /** A real run (no dry run): its record is the answer; action failures are in it, not HTTP errors. */
  async run(ctx: RequestContext, id: string, input: unknown): Promise<RunView> {
    const { context } = parseInput(runInput, input);
    const organizationId = orgId(ctx);
    await this.find(ctx.em, organizationId, id);
    if (context.organizationId !== organizationId) throw new RunContextForbidden();
    // A run acts for its caller: only on a document the caller could read itself (departments included).
    if (
      context.documentId !== undefined &&
      !(await this.documents.canRead(ctx.em, authed(ctx).principal, context.documentId))
    )
      throw new NotFoundError('Document');
    const run = await ctx.em.fork().transactional(async (em) => {
      const rule = await this.find(em, organizationId, id);
      return this.engine.run(
        em,
        rule,
        'MANUAL',
        context,
        1,
        await this.engine.manualFacts(em, organizationId, context),
      );
    });
    return runView(run);
  }

  async runs(ctx: RequestContext, id: string, query: unknown): Promise<Page<RunView>> {
    const organizationId = orgId(ctx);
    const rule = await this.find(ctx.em, organizationId, id);
    const page = await newestFirst(
      ctx.em,
      AutomationRun,
      { automationId: rule.id, organizationId },
      parseInput(listRunsQuery, query),
    );
    return { data: page.data.map(runView), nextCursor: page.nextCursor };
  }

  /** The caller's rule, else 404 (another company's rule is not found either). */
  private async find(em: EntityManager, organizationId: string, id: string): Promise<Automation> {
    const rule = isUuid(id) ? await em.findOne(Automation, { id, organizationId }) : null;
    if (!rule) throw new AutomationNotFound();
    return rule;
  }
}
