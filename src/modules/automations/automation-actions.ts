import type { EntityManager } from '@mikro-orm/postgresql';
import BigNumber from 'bignumber.js';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import type { MailQueue } from '../../core/mail';
import type { ServicesOf } from '../../core/module';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import { Document, type documentsModule, type DocumentStatus } from '../documents/documents.module';
import type { notificationsModule } from '../notifications/notifications.module';
import type { webhooksModule } from '../webhooks/webhooks.module';
import type { AutomationEvents } from './automation.events';
import { fillTemplate, variablesIn, type TemplateVariable } from './automation-templates';
import type { Automation } from './automation.entity';
import type { AutomationAction } from './automation.types';
import { ActionFailed } from './automations.errors';

type DocumentsService = ServicesOf<typeof documentsModule>['documents'];
type NotificationsService = ServicesOf<typeof notificationsModule>['notifications'];
/** What TRIGGER_WEBHOOK uses of webhooks: writing the deliveries of a custom event. */
type WebhookDeliveries = Pick<ServicesOf<typeof webhooksModule>['deliveries'], 'deliverCustomEvent'>;

/** What an action of a run works on. */
export interface RunScope {
  rule: Automation;
  runId: string;
  context: Record<string, unknown>;
}

const EMAIL = z.email();
/** The kind of SEND_EMAIL's e-mails in the mail queue (no hook: the run already recorded the action). */
const AUTOMATION_EMAIL = 'automation';

function documentIdOf(scope: RunScope): string {
  const id = scope.context.documentId;
  if (typeof id !== 'string' || !id)
    throw new ActionFailed('The run context has no documentId: there is no document to work on');
  return id;
}

/** A domain error of a collaborator (not found, transition refused) becomes the action's failure message. */
async function asAction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw new ActionFailed(err.message);
    throw err;
  }
}

/** The five action types of SPEC 2.7. Each returns the detail kept in the run, or throws ActionFailed. */
export class AutomationActions {
  constructor(
    private readonly documents: DocumentsService,
    private readonly deliveries: WebhookDeliveries,
    private readonly wakeSender: () => void,
    private readonly notifications: NotificationsService,
    private readonly events: EventOutbox<AutomationEvents>,
    private readonly mail: Pick<MailQueue, 'enqueue'>,
  ) {}

  async execute(em: EntityManager, action: AutomationAction, scope: RunScope): Promise<Record<string, unknown>> {
    const p = action.params;
    switch (action.type) {
      case 'TRIGGER_WEBHOOK':
        return this.triggerWebhook(em, p.event, scope);
      case 'STATUS_CHANGE':
        return this.changeStatus(em, p.status as DocumentStatus, scope);
      case 'SEND_EMAIL':
        return this.sendEmail(em, p, scope);
      case 'ADD_TAG':
        return this.addTag(em, p.tag, scope);
      case 'INTERNAL_NOTIFICATION':
        return this.notify(em, p.title, p.message, scope);
    }
  }

  private async triggerWebhook(em: EntityManager, event: string, scope: RunScope): Promise<Record<string, unknown>> {
    const ids = await this.deliveries.deliverCustomEvent(em, scope.rule.organizationId, event, scope.context);
    if (ids.length === 0)
      throw new ActionFailed(`No active webhook endpoint of the organization lists the event ${event}`);
    // The deliveries commit with the run; a wake before that finds nothing and the sender's poll catches up.
    setImmediate(this.wakeSender);
    return { event, deliveries: ids };
  }

  private async changeStatus(
    em: EntityManager,
    status: DocumentStatus,
    scope: RunScope,
  ): Promise<Record<string, unknown>> {
    const documentId = documentIdOf(scope);
    const reason = `Automation "${scope.rule.name}" (${scope.rule.id})`;
    const { from, to } = await asAction(() =>
      this.documents.changeStatusByAutomation(em, scope.rule.organizationId, documentId, status, reason),
    );
    return { documentId, from, to };
  }

  private async addTag(em: EntityManager, tag: string, scope: RunScope): Promise<Record<string, unknown>> {
    const documentId = documentIdOf(scope);
    const { added } = await asAction(() =>
      this.documents.addTagByAutomation(em, scope.rule.organizationId, documentId, tag),
    );
    return { documentId, tag, added };
  }

  private notify(em: EntityManager, title: string, message: string, scope: RunScope): Record<string, unknown> {
    const organizationId = scope.context.organizationId;
    if (typeof organizationId !== 'string' || !organizationId)
      throw new ActionFailed('organizationId is missing in the context');
    const documentId = typeof scope.context.documentId === 'string' ? scope.context.documentId : null;
    const notificationId = this.notifications.raise(em, scope.rule.organizationId, {
      type: 'automation.notification',
      title,
      message,
      automationId: scope.rule.id,
      documentId,
    });
    this.events.record(em, scope.rule.organizationId, 'automation.notification', {
      notificationId,
      automationId: scope.rule.id,
      runId: scope.runId,
      documentId,
      title,
      message,
    });
    return { notificationId, title };
  }

  /** Template variables load the document with its contact; literal values need no document. */
  private async sendEmail(
    em: EntityManager,
    params: Record<string, string>,
    scope: RunScope,
  ): Promise<Record<string, unknown>> {
    const used = new Set(variablesIn(`${params.to}\n${params.subject}\n${params.body ?? ''}`));
    const values = used.size ? await this.templateValues(em, used, scope) : ({} as Record<TemplateVariable, string>);
    const to = fillTemplate(params.to, values).trim();
    const subject = fillTemplate(params.subject, values);
    const body = fillTemplate(params.body ?? '', values);
    if (!EMAIL.safeParse(to).success) throw new ActionFailed(`Invalid recipient "${to.slice(0, 254)}"`);
    // Recorded with the run; the mail worker sends it once the run has committed (never from inside it).
    await this.mail.enqueue(em, {
      organizationId: scope.rule.organizationId,
      kind: AUTOMATION_EMAIL,
      context: { automationId: scope.rule.id, runId: scope.runId },
      to,
      subject,
      text: body.trim() === '' ? subject : body,
    });
    return { to, subject };
  }

  private async templateValues(
    em: EntityManager,
    used: Set<string>,
    scope: RunScope,
  ): Promise<Record<TemplateVariable, string>> {
    const documentId = documentIdOf(scope);
    const doc = isUuid(documentId)
      ? await em.findOne(
          Document,
          { id: documentId, organization: scope.rule.organizationId },
          { populate: ['contact'] },
        )
      : null;
    if (!doc) throw new ActionFailed(`Document ${documentId} not found in the organization`);
    const contact = doc.contact;
    const needsContact = used.has('contact.email') || used.has('contact.name');
    if (needsContact && !contact) throw new ActionFailed(`Document ${doc.number} has no contact`);
    if (used.has('contact.email') && !contact?.email)
      throw new ActionFailed(`The contact of document ${doc.number} has no e-mail address`);
    return {
      'contact.email': contact?.email ?? '',
      'contact.name': contact?.name ?? '',
      'document.number': doc.number,
      'document.amount': new BigNumber(doc.total).toFixed(2),
      'document.currency': doc.currency,
    };
  }
}
