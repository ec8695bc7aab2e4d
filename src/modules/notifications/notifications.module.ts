import { defineModule } from '../../core/module';
import { daysBefore, retentionJob } from '../../core/retention';
import { Migration0009Webhooks } from '../../migrations/Migration0009Webhooks';
import { Migration0021RetentionIndexes } from '../../migrations/Migration0021RetentionIndexes';
import { identityModule } from '../identity/identity.module';
import { Notification } from './notification.entity';
import { notificationsOpenApi } from './notifications.openapi';
import { NotificationsResolver } from './notifications.resolver';
import { notificationRoutes } from './notifications.routes';
import { deleteOldReadNotifications } from './notifications.queries';
import { NotificationsService } from './notifications.service';

/** Internal notifications (DESIGN 5): raised by other modules (a failed webhook delivery), read by the company. */
export const notificationsModule = defineModule({
  name: 'notifications',
  dependsOn: [identityModule],
  entities: [Notification],
  migrations: [Migration0009Webhooks, Migration0021RetentionIndexes],
  openapi: notificationsOpenApi,
  build: ({ infra }) => {
    const notifications = new NotificationsService(infra.clock);
    return {
      services: { notifications },
      routes: { api: (api) => notificationRoutes(api, notifications) },
      resolvers: [new NotificationsResolver(notifications)],
      jobs: [
        retentionJob('notifications', infra, [
          {
            kind: 'read',
            deleteBatch: (em, now, limit) =>
              deleteOldReadNotifications(em, daysBefore(now, infra.config.RETENTION_NOTIFICATIONS_DAYS), limit),
          },
        ]),
      ],
    };
  },
});
