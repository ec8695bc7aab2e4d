import { Field, ObjectType, Query, Resolver } from 'type-graphql';
import { Requires } from '../../core/graphql/context';
import { EVENT_CATALOG } from './event-catalog';

@ObjectType('WebhookEvent')
export class WebhookEventRecord {
  @Field() event!: string;
  @Field() description!: string;
  @Field(() => [String], { description: 'Field names of data in the delivery envelope' }) dataFields!: string[];
}

@Resolver()
export class WebhookEventsResolver {
  @Query(() => [WebhookEventRecord], { description: 'The webhook event catalog' })
  @Requires({ section: 'automations', access: 'read' })
  webhookEvents() {
    return EVENT_CATALOG;
  }
}
