/** Every MikroORM entity of the service. Each module adds its own here. */
import { Organization } from './modules/identity/organization.entity';
import { User } from './modules/identity/user.entity';
import { Membership } from './modules/identity/membership.entity';
import { Department } from './modules/identity/department.entity';
import { ApiKey } from './modules/apikeys/api-key.entity';
import { OutboxEvent } from './modules/events/outbox-event.entity';

export const entities = [Organization, User, Membership, Department, ApiKey, OutboxEvent];
