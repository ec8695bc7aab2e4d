import { Arg, Args, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Connection, PageArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import type { PosDevicesService } from './pos-devices.service';
import { DEVICE_MANAGERS } from './pos.routes';

@ObjectType('PosDevice', { description: 'A cash register; its token is never shown here' })
export class PosDeviceType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: 'A label for people; the API never reads it' }) prefix!: string;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) revokedAt!: string | null;
  @Field(() => String, { nullable: true, description: 'Last authenticated request, to a minute' }) lastUsedAt!:
    string | null;
}

/** Separate types: the token exists only on the create and rotate results. */
@ObjectType('CreatedPosDevice')
export class CreatedPosDeviceType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() prefix!: string;
  @Field({ description: 'pos_ + 64 hex, shown only in this response' }) token!: string;
}

@ObjectType('PosDeviceToken')
export class PosDeviceTokenType {
  @Field({ description: 'The new token, shown only in this response; the old one is invalid' }) token!: string;
}

const PosDeviceConnection = Connection(PosDeviceType, 'PosDevice');

/** The web app's device page: the same service as /api/v1/pos-devices. */
@Resolver()
export class PosDevicesResolver {
  constructor(private readonly devices: PosDevicesService) {}

  @Query(() => PosDeviceConnection)
  @Requires(DEVICE_MANAGERS)
  posDevices(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.devices.list(rc, pageInput(page));
  }

  @Mutation(() => CreatedPosDeviceType)
  @Requires(DEVICE_MANAGERS)
  createPosDevice(
    @Ctx() { rc }: GraphQLContext,
    @Arg('name') name: string,
    @Arg('prefix', () => String, { nullable: true }) prefix?: string | null,
  ) {
    return this.devices.create(rc, { name, prefix: prefix ?? undefined });
  }

  @Mutation(() => PosDeviceType)
  @Requires(DEVICE_MANAGERS)
  updatePosDevice(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('name', () => String, { nullable: true }) name?: string | null,
    @Arg('prefix', () => String, { nullable: true }) prefix?: string | null,
  ) {
    return this.devices.update(rc, id, { name: name ?? undefined, prefix: prefix ?? undefined });
  }

  @Mutation(() => PosDeviceTokenType)
  @Requires(DEVICE_MANAGERS)
  rotatePosDeviceToken(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.devices.rotateToken(rc, id);
  }

  @Mutation(() => PosDeviceType)
  @Requires(DEVICE_MANAGERS)
  revokePosDevice(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.devices.revoke(rc, id);
  }
}
