import * as oa from '../../core/openapi/builders';
import { ANY_CREDENTIAL } from './notifications.routes';
import { listNotificationsQuery } from './notifications.service';

const link = { ...oa.nullableString, format: 'uuid' };
const notification = oa.object({
  id: oa.uuid,
  type: { ...oa.string, examples: ['webhook.delivery_failed'] },
  title: oa.string,
  message: oa.string,
  automationId: link,
  documentId: link,
  webhookId: link,
  read: oa.boolean,
  createdAt: oa.dateTime,
});
const common = { tags: ['Notifications'], access: ANY_CREDENTIAL };

export const notificationsOpenApi: oa.PathItems = {
  '/api/v1/notifications': {
    get: oa.operation({
      ...common,
      operationId: 'listNotifications',
      summary: 'Internal notifications of the company, newest first',
      parameters: oa.queryParameters(listNotificationsQuery),
      ok: { description: 'A page of notifications', schema: oa.pageOf(notification) },
      errors: ['400'],
    }),
  },
  '/api/v1/notifications/{id}/read': {
    post: oa.operation({
      ...common,
      operationId: 'markNotificationRead',
      summary: 'Mark a notification read',
      parameters: [oa.idParameter],
      ok: { description: 'The notification, read', schema: notification },
      errors: ['404'],
    }),
  },
};
