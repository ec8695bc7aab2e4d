import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../../core/graphql/context';
import { plain } from '../../../core/graphql/plain';
import type { AccessSpec } from '../../../core/http/gate';
import { ConnectPaymentGatewayInput, PaymentGatewayType } from './gateway.graphql';
import type { PaymentGateways } from './payment-gateways.service';

const READ: AccessSpec = { section: 'payments', access: 'read' };
const WRITE: AccessSpec = { section: 'payments', access: 'write' };

/** The same service as PUT/GET/DELETE /api/v1/payment-gateway. */
@Resolver(() => PaymentGatewayType)
export class GatewayResolver {
  constructor(private readonly gateways: PaymentGateways) {}

  @Query(() => PaymentGatewayType, { nullable: true, description: 'Null when no gateway is connected' })
  @Requires(READ)
  paymentGateway(@Ctx() { rc }: GraphQLContext) {
    return this.gateways.get(rc);
  }

  @Mutation(() => PaymentGatewayType)
  @Requires(WRITE)
  connectPaymentGateway(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => ConnectPaymentGatewayInput) input: ConnectPaymentGatewayInput,
  ) {
    return this.gateways.connect(rc, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Disconnects the gateway and forgets its keys' })
  @Requires(WRITE)
  async disconnectPaymentGateway(@Ctx() { rc }: GraphQLContext) {
    await this.gateways.disconnect(rc);
    return true;
  }
}
