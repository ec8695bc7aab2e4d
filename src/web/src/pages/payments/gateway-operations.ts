import { graphql } from '../../gql';

export const PaymentGatewayDocument = graphql(`
  query PaymentGateway {
    paymentGateway {
      provider
      keyHint
      testMode
      webhookUrl
      updatedAt
    }
  }
`);

export const ConnectPaymentGatewayDocument = graphql(`
  mutation ConnectPaymentGateway($input: ConnectPaymentGatewayInput!) {
    connectPaymentGateway(input: $input) {
      provider
      keyHint
    }
  }
`);

export const DisconnectPaymentGatewayDocument = graphql(`
  mutation DisconnectPaymentGateway {
    disconnectPaymentGateway
  }
`);
