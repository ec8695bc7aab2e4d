import { event, type FieldSet, type PayloadsOf } from '../../core/outbox/event-declarations';

/** The SPEC 6.3 product payload shared by every product.* event. */
export type ProductPayload = {
  id: string;
  name: string;
  sku: string | null;
  unit: string;
  price: number;
  vatRate: number;
  active: boolean;
};

const PRODUCT = {
  id: true,
  name: true,
  sku: true,
  unit: true,
  price: true,
  vatRate: true,
  active: true,
} as const satisfies FieldSet<ProductPayload>;
const product = event<ProductPayload>();

export const productEvents = {
  'product.created': product.listed('POST /products', PRODUCT),
  'product.updated': product.listed('PATCH /products/:id', PRODUCT),
  'product.archived': product.listed('DELETE /products/:id (soft delete, active false)', PRODUCT),
};
export type ProductEvents = PayloadsOf<typeof productEvents>;
