import { MAX, MAX_AMOUNT, money, text } from '../../core/fields';
import { listInput } from '../../core/pagination';
import { booleanParam, z } from '../../core/validation';

/** Unit price without VAT, a fixed 2-place string: more than 2 decimal places is refused, never rounded. */
const price = money({ min: '0', max: MAX_AMOUNT });
/** Percent, e.g. 21, 12 or 0. */
const vatRate = money({ min: '0', max: '100' });

const sku = z
  .string()
  .trim()
  .max(64)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const createProductInput = z.object({
  name: text(MAX.name),
  sku,
  unit: text(20).default('ks'),
  price,
  vatRate,
});

export const updateProductInput = z.object({
  name: text(MAX.name).optional(),
  sku,
  unit: text(20).optional(),
  price: price.optional(),
  vatRate: vatRate.optional(),
  /** true puts a product deleted earlier back on the price list. */
  active: z.boolean().optional().meta({ description: 'true puts a product deleted earlier back on the price list' }),
});

export const listProductsQuery = listInput(['createdAt']).extend({
  active: booleanParam.optional(),
  /** Case-insensitive substring of name or SKU. */
  search: text(MAX.searchTerm).optional(),
});
