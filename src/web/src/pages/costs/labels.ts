import type { CostKind, CostStatus, PaymentMethod } from '../../gql/graphql';

/** Every value of the enums the costs page shows, in the order offered (labels: `kind.*`, `status.*`). */
export const COST_KINDS: readonly CostKind[] = ['INVOICE', 'RECEIPT', 'OTHER'];
export const COST_STATUSES: readonly CostStatus[] = ['OPEN', 'PAID', 'CANCELLED'];
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['TRANSFER', 'CASH', 'CARD'];
