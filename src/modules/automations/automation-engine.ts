import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import BigNumber from 'bignumber.js';
import type { Logger } from 'pino';
import { czechDate, type Clock } from '../../core/clock';
import { isUuid } from '../../core/fields';
import type { ServicesOf } from '../../core/module';
import type { EventOutbox, RecordedEvent } from '../../core/outbox/event-outbox';
import { Document, type DocumentPayload } from '../documents/documents.module';
import type { notificationsModule } from '../notifications/notifications.module';
import type { AutomationEvents } from './automation.events';
import type { AutomationActions } from './automation-actions';
import { conditionsHold, type Facts } from './automation-conditions';
import { Automation, AutomationRun } from './automation.entity';
import { MAX_DEPTH, TRIGGER_EVENTS, type ActionResult, type RunStatus, type TriggerType } from './automation.types';
import { ActionFailed } from './automations.errors';
import { depthOfEvent, lastEventOfTransaction, recordDepthsAfter } from './automations.queries';

type NotificationsService = ServicesOf<typeof notificationsModule>['notifications'];

const MESSAGE_LIMIT = 1000;

function isTriggerEvent(event: RecordedEvent): event is RecordedEvent & { data: DocumentPayload } {
  return (TRIGGER_EVENTS as readonly string[]).includes(event.event);
}

function messageOf(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, MESSAGE_LIMIT);
}

/**
 * Runs rules: for outbox events (the consumer `automations`), for the clock and by hand. A run
 * happens inside the caller's transaction (the consumer's, the scheduled job's, the request's): its
 * record, its actions' changes and its events commit together. Each action runs in a savepoint, so
 * a failed one leaves nothing half done and the next one still runs.
 *
 * Depth guard: events recorded by a run's actions are stored with the run's depth
 * (automation_event_depths); a run started by such an event is one deeper, and one deeper than
 * MAX_DEPTH is recorded FAILED without running any action. Nothing about it lives in memory.
 */
export class AutomationEngine {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<AutomationEvents>,
    private readonly actions: AutomationActions,
    private readonly notifications: NotificationsService,
    private readonly log: Logger,
  ) {}

  /** The outbox consumer: every active SYSTEM_EVENT rule of the organization for this event, oldest rule first. */
  async consume(em: EntityManager, event: RecordedEvent): Promise<number> {
    if (!isTriggerEvent(event)) return 0;
    // Same transaction, empty identity map: the dispatcher's EntityManager lives for a whole batch of
    // events, and every flush would otherwise walk the entities of all the runs before this one.
    const work = em.fork({ keepTransactionContext: true });
    const rules = await work.find(
      Automation,
      { organizationId: event.organizationId, isActive: true, triggerType: 'SYSTEM_EVENT', triggerEvent: event.event },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    if (rules.length === 0) return 0;
    const depth = ((await depthOfEvent(work, event.seq)) ?? 0) + 1;
    const { context, facts } = await this.eventContext(work, event.organizationId, event.data);
    await this.recordingDepth(work, depth, async () => {
      for (const rule of rules) await this.execute(work, rule, 'SYSTEM_EVENT', context, depth, facts);
    });
    return rules.length;
  }

  /**
   * The consumer's batch form (a dispatcher pass's events, in order): one query finds the
   * (organization, event) pairs that have active rules, and only their events are run, each as
   * `consume` runs it; the rest (most events: contacts, products, organizations without rules) cost
   * nothing more. Returns the number of rule runs.
   */
  async consumeBatch(em: EntityManager, events: readonly RecordedEvent[]): Promise<number> {
    const triggers = events.filter(isTriggerEvent);
    if (triggers.length === 0) return 0;
    const withRules = await em.fork({ keepTransactionContext: true }).find(
      Automation,
      {
        organizationId: { $in: [...new Set(triggers.map((e) => e.organizationId))] },
        isActive: true,
        triggerType: 'SYSTEM_EVENT',
        triggerEvent: { $in: [...new Set(triggers.map((e) => e.event))] },
      },
      { fields: ['organizationId', 'triggerEvent'] },
    );
    const pairs = new Set(withRules.map((r) => `${r.organizationId} ${r.triggerEvent}`));
    let runs = 0;
    for (const event of triggers)
      if (pairs.has(`${event.organizationId} ${event.event}`)) runs += await this.consume(em, event);
    return runs;
  }

  /** Run context of SPEC 2.7 for a document event; conditions also see the document's custom fields. */
  private async eventContext(
    em: EntityManager,
    organizationId: string,
    payload: DocumentPayload,
  ): Promise<{ context: Record<string, unknown>; facts: Facts }> {
    const doc = await em.findOne(Document, { id: payload.id, organization: organizationId });
    const context = {
      documentId: payload.id,
      organizationId,
      documentType: payload.type,
      amount: new BigNumber(doc?.total ?? payload.total).toNumber(),
      status: doc?.status ?? payload.status,
      tags: doc ? [...doc.tags] : [],
      date: czechDate(doc?.issuedAt ?? new Date(payload.issuedAt)),
    };
    return { context, facts: { ...context, customFields: doc?.customFields ?? {} } };
  }

  /** A manual run's facts: the document named by the context, overridden by what the context itself says. */
  async manualFacts(em: EntityManager, organizationId: string, context: Record<string, unknown>): Promise<Facts> {
    const id = context.documentId;
    const doc = isUuid(id) ? await em.findOne(Document, { id, organization: organizationId }) : null;
    const fromDocument: Facts = doc
      ? {
          documentType: doc.type,
          amount: new BigNumber(doc.total).toNumber(),
          tags: [...doc.tags],
          date: czechDate(doc.issuedAt),
          customFields: doc.customFields,
        }
      : {};
    return { ...fromDocument, ...context };
  }

  /** One run of a rule by hand or by the clock (depth 1), in `em`'s transaction. */
  run(
    em: EntityManager,
    rule: Automation,
    trigger: TriggerType,
    context: Record<string, unknown>,
    depth: number,
    facts: Facts = context,
  ): Promise<AutomationRun> {
    return this.recordingDepth(em, depth, () => this.execute(em, rule, trigger, context, depth, facts));
  }

  /**
   * Runs `work` and stores `depth` for every event it recorded: those of this transaction after the
   * point it started at (seq only grows within a session).
   */
  private async recordingDepth<T>(em: EntityManager, depth: number, work: () => Promise<T>): Promise<T> {
    const mark = await lastEventOfTransaction(em);
    const result = await work();
    await em.flush();
    await recordDepthsAfter(em, mark, depth);
    return result;
  }

  private async execute(
    em: EntityManager,
    rule: Automation,
    trigger: TriggerType,
    context: Record<string, unknown>,
    depth: number,
    facts: Facts,
  ): Promise<AutomationRun> {
    const startedAt = this.clock.now();
    const runId = randomUUID();
    const documentId = typeof context.documentId === 'string' ? context.documentId : null;
    const base = { automationId: rule.id, runId, name: rule.name, triggerEvent: rule.triggerEvent, documentId };
    if (trigger === 'SYSTEM_EVENT') {
      // Flushed now, so it comes before the events of the actions.
      this.events.record(em, rule.organizationId, 'automation.started', base);
      await em.flush();
    }

    const results: ActionResult[] = [];
    let status: RunStatus;
    let error: string | null = null;
    if (depth > MAX_DEPTH) {
      status = 'FAILED';
      error = `Stopped at depth ${MAX_DEPTH}: automations triggering each other (this run would be number ${depth} in the chain)`;
    } else if (!conditionsHold(rule.conditions, facts)) {
      status = 'SKIPPED';
    } else {
      for (const [index, action] of rule.actions.entries()) {
        try {
          const detail = await em.transactional((inner) =>
            this.actions.execute(inner, action, { rule, runId, context }),
          );
          results.push({ index, type: action.type, status: 'SUCCEEDED', detail, error: null });
        } catch (err) {
          if (!(err instanceof ActionFailed))
            this.log.error({ err, automationId: rule.id, runId, action: action.type }, 'automation action crashed');
          results.push({ index, type: action.type, status: 'FAILED', detail: null, error: messageOf(err) });
        }
      }
      const failed = results.filter((r) => r.status === 'FAILED');
      status = failed.length ? 'FAILED' : 'COMPLETED';
      if (failed.length)
        error = `${failed.length} of ${results.length} actions failed; action ${failed[0].index} (${failed[0].type}): ${failed[0].error}`;
    }

    const run = em.create(AutomationRun, {
      id: runId,
      organizationId: rule.organizationId,
      automationId: rule.id,
      status,
      trigger,
      context,
      depth,
      startedAt,
      finishedAt: this.clock.now(),
      error,
      actions: results,
      createdAt: startedAt,
    });
    em.persist(run);
    const actionsFailed = results.filter((r) => r.status === 'FAILED').length;
    if (status === 'FAILED') {
      this.events.record(em, rule.organizationId, 'automation.failed', { ...base, status, errorMessage: error ?? '' });
      this.notifications.raise(em, rule.organizationId, {
        type: 'automation.failed',
        title: `Automation "${rule.name}" failed`,
        message: error ?? '',
        automationId: rule.id,
        documentId,
      });
    } else {
      this.events.record(em, rule.organizationId, 'automation.finished', {
        ...base,
        status,
        actionsRun: results.length,
        actionsFailed,
      });
    }
    await em.flush();
    return run;
  }
}
