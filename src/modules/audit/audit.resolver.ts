import { GraphQLJSONObject } from 'graphql-scalars';
import { Args, ArgsType, Ctx, Field, ID, ObjectType, Query, Resolver, registerEnumType } from 'type-graphql';
import { AUDIT_ACTIONS, type AuditAction } from '../../core/audit/audit-trail';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { Connection, listArgs, PageArgs } from '../../core/graphql/connection';
import { MANAGERS } from '../../core/http/gate';
import type { AuditLogService } from './audit-log.service';

/** A GraphQL name cannot have dots: login.succeeded is LOGIN_SUCCEEDED here; resolvers still see the action's name. */
const AuditActions = Object.fromEntries(
  AUDIT_ACTIONS.map((action) => [action.toUpperCase().replace(/\./g, '_'), action]),
) as Record<string, AuditAction>;

registerEnumType(AuditActions, {
  name: 'AuditAction',
  valuesConfig: Object.fromEntries(
    Object.entries(AuditActions).map(([name, action]) => [name, { description: action }]),
  ),
});

@ObjectType('AuditActor')
class AuditActorType {
  @Field(() => ID, { nullable: true, description: 'The person who acted' }) userId!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true, description: 'session, apiKey, oauth or pos' }) kind!: string | null;
  @Field(() => String, { nullable: true, description: 'API key id or OAuth application id' })
  credentialId!: string | null;
}

@ObjectType('AuditTarget')
class AuditTargetType {
  @Field() type!: string;
  @Field() id!: string;
}

@ObjectType('AuditEntry')
class AuditEntryType {
  @Field(() => ID) id!: string;
  @Field() createdAt!: string;
  @Field(() => AuditActions) action!: string;
  @Field(() => AuditActorType) actor!: AuditActorType;
  @Field() ip!: string;
  @Field() userAgent!: string;
  @Field(() => AuditTargetType, { nullable: true }) target!: AuditTargetType | null;
  @Field(() => GraphQLJSONObject, { description: 'Plain facts about the action; never a secret' })
  details!: Record<string, unknown>;
}

const AuditEntryConnection = Connection(AuditEntryType, 'AuditEntry');

@ArgsType()
class AuditLogArgs extends PageArgs {
  @Field(() => AuditActions, { nullable: true }) action?: string;
  @Field(() => ID, { nullable: true, description: 'The person who acted' }) userId?: string;
  @Field({ nullable: true, description: 'ISO 8601 instant, inclusive' }) from?: string;
  @Field({ nullable: true, description: 'ISO 8601 instant, exclusive' }) to?: string;
}

@Resolver()
export class AuditResolver {
  constructor(private readonly service: AuditLogService) {}

  @Query(() => AuditEntryConnection, { description: 'The company’s audit log, newest first (OWNER or ADMIN session)' })
  @Requires(MANAGERS)
  auditLog(@Ctx() { rc }: GraphQLContext, @Args() args: AuditLogArgs) {
    return this.service.list(rc, listArgs(args));
  }
}
