import BigNumber from 'bignumber.js';
import type { ProductPayload } from './product.events';
import type { Product } from './product.entity';

export interface ProductView {
  id: string;
  name: string;
  sku: string | null;
  unit: string;
  /** Decimal string with 2 places, e.g. "1210.50": exact money on the wire. */
  price: string;
  vatRate: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export function productView(p: Product): ProductView {
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    unit: p.unit,
    price: new BigNumber(p.price).toFixed(2),
    vatRate: new BigNumber(p.vatRate).toNumber(),
    active: p.active,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The SPEC 6.3 payload of product.created / product.updated / product.archived: price and vatRate as numbers. */
export function productEventData(p: Product): ProductPayload {
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    unit: p.unit,
    price: new BigNumber(p.price).toNumber(),
    vatRate: new BigNumber(p.vatRate).toNumber(),
    active: p.active,
  };
}
