/** The event payloads (SPEC 6.3) a test expects, built from records as the API returned them. */

/** The document payload; `overrides` sets what the event changes or adds (status, previousStatus, ...). */
export function documentPayload(doc: any, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: doc.id,
    number: doc.number,
    type: doc.type,
    status: doc.status,
    currency: doc.currency,
    total: Number(doc.total),
    paidAmount: Number(doc.paidAmount),
    contactId: doc.contactId,
    clientName: doc.clientName,
    issuedAt: doc.issuedAt,
    dueAt: doc.dueAt,
    ...overrides,
  };
}

export function paymentPayload(p: any): Record<string, unknown> {
  return {
    id: p.id,
    amount: Number(p.amount),
    currency: p.currency,
    direction: p.direction,
    receivedAt: p.receivedAt,
    variableSymbol: p.variableSymbol,
    counterAccount: p.counterAccount,
    matchStatus: p.matchStatus,
    documentId: p.documentId,
    bankAccountId: p.bankAccountId,
  };
}

/** The cost.* payload (received costs, issue 16), from a cost record as the API returned it. */
export function costPayload(cost: any, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: cost.id,
    number: cost.number,
    kind: cost.kind,
    status: cost.status,
    supplierId: cost.supplierId,
    supplierName: cost.supplier.name,
    supplierDocumentNumber: cost.supplierDocumentNumber,
    variableSymbol: cost.variableSymbol,
    currency: cost.currency,
    subtotal: Number(cost.subtotal),
    vatTotal: Number(cost.vatTotal),
    total: Number(cost.total),
    paidAmount: Number(cost.paidAmount),
    reverseCharge: cost.reverseCharge,
    issuedAt: cost.issuedAt,
    taxableSupplyDate: cost.taxableSupplyDate,
    vatClaimDate: cost.vatClaimDate,
    dueAt: cost.dueAt,
    ...overrides,
  };
}

/** payment.matched of a payment linked to a received cost: documentId and documentNumber null, plus the cost. */
export function paymentCostMatchedPayload(p: any, cost: any, matchedBy: string | null): Record<string, unknown> {
  return {
    ...paymentPayload(p),
    documentId: null,
    documentNumber: null,
    matchedBy,
    costId: cost.id,
    costNumber: cost.number,
  };
}

/** payment.unmatched of a payment that was linked to a received cost. */
export function paymentCostUnmatchedPayload(p: any, cost: any): Record<string, unknown> {
  return { ...paymentPayload(p), documentId: null, previousDocumentId: null, costId: cost.id, costNumber: cost.number };
}
