import { graphql } from '../../gql';

export const TwoFactorDocument = graphql(`
  query TwoFactor {
    twoFactor {
      enabled
      pending
      recoveryCodesLeft
      requiredByOrganization
    }
  }
`);

export const SetUpTwoFactorDocument = graphql(`
  mutation SetUpTwoFactor {
    setUpTwoFactor {
      secret
      otpauthUrl
    }
  }
`);

export const EnableTwoFactorDocument = graphql(`
  mutation EnableTwoFactor($code: String!) {
    enableTwoFactor(code: $code) {
      recoveryCodes
    }
  }
`);

export const DisableTwoFactorDocument = graphql(`
  mutation DisableTwoFactor($password: String!, $code: String!) {
    disableTwoFactor(password: $password, code: $code)
  }
`);

export const SetTwoFactorRequiredDocument = graphql(`
  mutation SetTwoFactorRequired($required: Boolean!) {
    setTwoFactorRequired(required: $required)
  }
`);
