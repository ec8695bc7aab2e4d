import { Arg, Args, ArgsType, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Connection, PageArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { ANY_CREDENTIAL } from './notifications.routes';
import type { NotificationsService } from './notifications.service';

@ObjectType('Notification')
export class NotificationRecord {
  @Field(() => ID) id!: string;
  @Field() type!: string;
  @Field() title!: string;
  @Field() message!: string;
  @Field(() => String, { nullable: true }) automationId!: string | null;
  @Field(() => String, { nullable: true }) documentId!: string | null;
  @Field(() => String, { nullable: true }) webhookId!: string | null;
  @Field() read!: boolean;
  @Field() createdAt!: string;
}

const NotificationConnection = Connection(NotificationRecord, 'Notification');

@ArgsType()
class NotificationArgs extends PageArgs {
  @Field(() => Boolean, { nullable: true, description: 'true: only read ones; false: only unread ones' })
  read?: boolean;
}

@Resolver()
export class NotificationsResolver {
  constructor(private readonly service: NotificationsService) {}

  @Query(() => NotificationConnection)
  @Requires(ANY_CREDENTIAL)
  notifications(@Ctx() { rc }: GraphQLContext, @Args() args: NotificationArgs) {
    return this.service.list(rc, { ...pageInput(args), ...(args.read == null ? {} : { read: args.read }) });
  }

  @Mutation(() => NotificationRecord)
  @Requires(ANY_CREDENTIAL)
  markNotificationRead(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.markRead(rc, id);
  }
}
