import { graphql } from '../../gql';

// Editing and deleting bank accounts, and payments recorded by hand (issue 28, point 1).

export const UpdateBankAccountDocument = graphql(`
  mutation UpdateBankAccount($id: ID!, $input: UpdateBankAccountInput!) {
    updateBankAccount(id: $id, input: $input) {
      id
      name
      accountNumber
      iban
      currency
    }
  }
`);

export const DeleteBankAccountDocument = graphql(`
  mutation DeleteBankAccount($id: ID!) {
    deleteBankAccount(id: $id)
  }
`);

export const CreatePaymentDocument = graphql(`
  mutation CreatePayment($input: CreatePaymentInput!) {
    createPayment(input: $input) {
      id
      amount
      currency
      matchStatus
    }
  }
`);
