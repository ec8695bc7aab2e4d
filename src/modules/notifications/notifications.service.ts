import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { newestFirst } from '../../core/pagination';
import { booleanParam, paginationInput, parseInput, type Page } from '../../core/validation';
import { Notification } from './notification.entity';

export const listNotificationsQuery = paginationInput.extend({
  read: booleanParam.optional().meta({ description: 'true: only read ones; false: only unread ones' }),
});

export interface NotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  automationId: string | null;
  documentId: string | null;
  webhookId: string | null;
  read: boolean;
  createdAt: string;
}

export interface NewNotification {
  type: string;
  title: string;
  message: string;
  automationId?: string | null;
  documentId?: string | null;
  webhookId?: string | null;
}

function view(n: Notification): NotificationView {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    automationId: n.automationId,
    documentId: n.documentId,
    webhookId: n.webhookId,
    read: n.read,
    createdAt: n.createdAt.toISOString(),
  };
}

/** Internal notifications: other modules raise them in their own transaction; any credential of the company reads them. */
export class NotificationsService {
  constructor(private readonly clock: Clock) {}

  /** Persists in `em`'s transaction; the caller flushes or commits. Returns the notification's id. */
  raise(em: EntityManager, organizationId: string, input: NewNotification): string {
    const id = randomUUID();
    em.persist(
      em.create(Notification, {
        id,
        organizationId,
        automationId: null,
        documentId: null,
        webhookId: null,
        ...input,
        read: false,
        createdAt: this.clock.now(),
      }),
    );
    return id;
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<NotificationView>> {
    const { read, ...page } = parseInput(listNotificationsQuery, query);
    const where: Record<string, unknown> = { organizationId: orgId(ctx) };
    if (read !== undefined) where.read = read;
    const result = await newestFirst(ctx.em, Notification, where, page);
    return { data: result.data.map(view), nextCursor: result.nextCursor };
  }

  async markRead(ctx: RequestContext, id: string): Promise<NotificationView> {
    const notification = isUuid(id) ? await ctx.em.findOne(Notification, { id, organizationId: orgId(ctx) }) : null;
    if (!notification) throw new NotFoundError('Notification');
    notification.read = true;
    await ctx.em.flush();
    return view(notification);
  }
}
