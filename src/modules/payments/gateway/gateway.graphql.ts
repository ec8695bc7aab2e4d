import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';

export enum PaymentGatewayProvider {
  STRIPE = 'STRIPE',
}
registerEnumType(PaymentGatewayProvider, {
  name: 'PaymentGatewayProvider',
  valuesConfig: { STRIPE: { description: 'Stripe Checkout' } },
});

@ObjectType('PaymentGateway', { description: 'The company’s payment gateway; its keys are never shown' })
export class PaymentGatewayType {
  @Field(() => PaymentGatewayProvider) provider!: PaymentGatewayProvider;
  @Field({ description: 'The kind and last characters of the secret key, e.g. sk_test_…a1b2' }) keyHint!: string;
  @Field({ description: 'Test keys: no real money moves' }) testMode!: boolean;
  @Field({ description: 'Give this address to the gateway for its webhooks' }) webhookUrl!: string;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

@InputType()
export class ConnectPaymentGatewayInput {
  @Field(() => PaymentGatewayProvider) provider!: PaymentGatewayProvider;
  @Field({ description: 'Stripe: sk_live_…, sk_test_… or a restricted rk_… key' }) secretKey!: string;
  @Field({ description: 'Stripe: the webhook endpoint’s signing secret, whsec_…' }) webhookSecret!: string;
}
