import {
  Arg,
  Args,
  ArgsType,
  Ctx,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { Connection, PageArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import type { CatalogEvent } from '../../core/outbox/event-declarations';
import { plain } from '../../core/graphql/plain';
import type { DeliveryAdminService } from './delivery-admin.service';
import type { WebhookEndpointsService } from './webhook-endpoints.service';
import { READ, WRITE } from './webhooks.routes';

@ObjectType('WebhookEvent')
export class WebhookEventRecord {
  @Field() event!: string;
  @Field() description!: string;
  @Field(() => [String], { description: 'Field names of data in the delivery envelope' }) dataFields!: string[];
}

/** An endpoint without its secret: what every query and update returns. */
@ObjectType('Webhook')
export class WebhookRecord {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() url!: string;
  @Field(() => [String]) events!: string[];
  @Field() isActive!: boolean;
  @Field() createdAt!: string;
}

/** Separate type: the secret exists only on the create result. */
@ObjectType('CreatedWebhook')
export class CreatedWebhookRecord extends WebhookRecord {
  @Field({ description: 'Shown only in this response; signs every delivery' }) secret!: string;
}

@ObjectType('WebhookAttempt')
export class WebhookAttemptRecord {
  @Field(() => Int) number!: number;
  @Field() at!: string;
  @Field(() => Int, { nullable: true, description: 'null when no answer came' }) statusCode!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Int) durationMs!: number;
  @Field(() => String, { nullable: true, description: 'The first 1 KB of the answer' }) responseBody!: string | null;
}

@ObjectType('WebhookDelivery')
export class WebhookDeliveryRecord {
  @Field(() => ID, { description: 'The envelope id (X-Faktura-Delivery)' }) id!: string;
  @Field() event!: string;
  @Field() status!: string;
  @Field() createdAt!: string;
  @Field(() => [WebhookAttemptRecord]) attempts!: WebhookAttemptRecord[];
}

@ObjectType('WebhookTestResult')
export class WebhookTestResultRecord {
  @Field() delivered!: boolean;
  @Field(() => Int, { nullable: true }) statusCode!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => Int) durationMs!: number;
}

@InputType()
export class CreateWebhookInput {
  @Field() name!: string;
  @Field() url!: string;
  @Field(() => [String]) events!: string[];
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
}

@InputType()
export class UpdateWebhookInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) url?: string;
  @Field(() => [String], { nullable: true }) events?: string[];
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
}

@ArgsType()
class DeliveryArgs extends PageArgs {
  @Field(() => ID) webhookId!: string;
  @Field(() => String, { nullable: true, description: 'PENDING, DELIVERED or FAILED' }) status?: string;
  @Field(() => String, { nullable: true }) event?: string;
}

const WebhookConnection = Connection(WebhookRecord, 'Webhook');
const WebhookDeliveryConnection = Connection(WebhookDeliveryRecord, 'WebhookDelivery');

/** Drops absent and null fields so the service sees what REST would. */
function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
}

@Resolver()
export class WebhookEventsResolver {
  constructor(private readonly catalog: readonly CatalogEvent[]) {}

  @Query(() => [WebhookEventRecord], { description: 'The webhook event catalog' })
  @Requires(READ)
  webhookEvents() {
    return this.catalog;
  }
}

@Resolver()
export class WebhooksResolver {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly deliveries: DeliveryAdminService,
  ) {}

  @Query(() => WebhookConnection)
  @Requires(READ)
  webhooks(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.endpoints.list(rc, pageInput(page));
  }

  @Query(() => WebhookRecord)
  @Requires(READ)
  webhook(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.endpoints.get(rc, id);
  }

  @Query(() => WebhookDeliveryConnection)
  @Requires(READ)
  webhookDeliveries(@Ctx() { rc }: GraphQLContext, @Args() args: DeliveryArgs) {
    return this.deliveries.list(rc, args.webhookId, {
      ...pageInput(args),
      ...present({ status: args.status, event: args.event }),
    });
  }

  @Mutation(() => CreatedWebhookRecord)
  @Requires(WRITE)
  createWebhook(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreateWebhookInput) input: CreateWebhookInput) {
    return this.endpoints.create(rc, present(plain(input)));
  }

  @Mutation(() => WebhookRecord)
  @Requires(WRITE)
  updateWebhook(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookInput) input: UpdateWebhookInput,
  ) {
    return this.endpoints.update(rc, id, present(plain(input)));
  }

  @Mutation(() => Boolean)
  @Requires(WRITE)
  async deleteWebhook(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.endpoints.delete(rc, id);
    return true;
  }

  @Mutation(() => WebhookTestResultRecord)
  @Requires(WRITE)
  testWebhook(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.deliveries.test(rc, id);
  }

  @Mutation(() => WebhookDeliveryRecord)
  @Requires(WRITE)
  replayWebhookDelivery(
    @Ctx() { rc }: GraphQLContext,
    @Arg('webhookId', () => ID) webhookId: string,
    @Arg('deliveryId', () => ID) deliveryId: string,
  ) {
    return this.deliveries.replay(rc, webhookId, deliveryId);
  }
}
