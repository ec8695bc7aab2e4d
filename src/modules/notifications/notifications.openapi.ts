import {
  boolean,
  dateTime,
  idParameter,
  nullableString,
  object,
  operation,
  pageOf,
  queryParameters,
  string,
  uuid,
  type PathItems,
} from '../../core/openapi/builders';
import { ANY_CREDENTIAL } from './notifications.routes';
import { listNotificationsQuery } from './notifications.service';

const link = { ...nullableString, format: 'uuid' };
const notification = object({
  id: uuid,
  type: { ...string, examples: ['webhook.delivery_failed'] },
  title: string,
  message: string,
  automationId: link,
  documentId: link,
  webhookId: link,
  read: boolean,
  createdAt: dateTime,
});
const common = { tags: ['Notifications'], access: ANY_CREDENTIAL };

export const notificationsOpenApi: PathItems = {
  '/api/v1/notifications': {
    get: operation({
      ...common,
      operationId: 'listNotifications',
      summary: 'Internal notifications of the company, newest first',
      parameters: queryParameters(listNotificationsQuery),
      ok: { description: 'A page of notifications', schema: pageOf(notification) },
      errors: ['400'],
    }),
  },
  '/api/v1/notifications/{id}/read': {
    post: operation({
      ...common,
      operationId: 'markNotificationRead',
      summary: 'Mark a notification read',
      parameters: [idParameter],
      ok: { description: 'The notification, read', schema: notification },
      errors: ['404'],
    }),
  },
};
