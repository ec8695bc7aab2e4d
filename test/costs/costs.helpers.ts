import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { TestApp } from '../helpers/app';
import { makeContact } from '../helpers/fixtures';

/** A supplier contact (type SUPPLIER unless overridden) with an address, IČO and DIČ. */
export async function makeSupplier(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<any> {
  return makeContact(app, token, {
    name: 'Dodavatel s.r.o.',
    type: 'SUPPLIER',
    street: 'Dlouhá 1',
    city: 'Praha',
    zip: '11000',
    country: 'CZ',
    taxId: '12345678',
    vatId: 'CZ12345678',
    ...overrides,
  });
}

/** The default cost line: 1 × 1000 + 21 % VAT = 1210. */
export const COST_ITEM = { name: 'Kancelářské potřeby', quantity: 1, unit: 'ks', unitPrice: '1000.00', vatRate: 21 };

/** A valid create body: an INVOICE of `supplierId` with a fresh supplier document number. */
export function costBody(supplierId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'INVOICE',
    supplierId,
    supplierDocumentNumber: `FV-${randomUUID().slice(0, 8)}`,
    issuedAt: '2026-06-10',
    receivedAt: '2026-06-12',
    items: [COST_ITEM],
    ...overrides,
  };
}

export async function makeCost(
  app: TestApp,
  token: string,
  supplierId: string,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const res = await app.post('/api/v1/costs', costBody(supplierId, overrides), token);
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

export async function getCost(app: TestApp, token: string, id: string): Promise<any> {
  const res = await app.get(`/api/v1/costs/${id}`, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}
