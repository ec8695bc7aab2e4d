import BigNumber from 'bignumber.js';
import { booleanParam, paginationInput, z } from '../../core/validation';

/**
 * A decimal given as a JSON number or a string ("1210.50"), checked with bignumber.js and returned as
 * a fixed 2-place string, so no float ever reaches the stored amount. More than 2 decimal places is
 * refused rather than silently rounded.
 */
function decimal(min: string, max: string) {
  return z.union([z.number(), z.string().trim()]).transform((value, ctx) => {
    // Checked as text before bignumber.js sees it (it throws on malformed input in DEBUG mode).
    const text = String(value);
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'must be a decimal number' });
      return z.NEVER;
    }
    const n = new BigNumber(text);
    if ((n.decimalPlaces() ?? 0) > 2) ctx.addIssue({ code: 'custom', message: 'must have at most 2 decimal places' });
    else if (n.lt(min) || n.gt(max)) ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max}` });
    else return n.toFixed(2);
    return z.NEVER;
  });
}

const sku = z
  .string()
  .trim()
  .max(64)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const createProductInput = z.object({
  name: z.string().trim().min(1).max(200),
  sku,
  unit: z.string().trim().min(1).max(20).default('ks'),
  /** Unit price without VAT. */
  price: decimal('0', '999999999999.99'),
  /** Percent, e.g. 21, 12 or 0. */
  vatRate: decimal('0', '100'),
});

export const updateProductInput = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  sku,
  unit: z.string().trim().min(1).max(20).optional(),
  price: decimal('0', '999999999999.99').optional(),
  vatRate: decimal('0', '100').optional(),
  /** true puts a product deleted earlier back on the price list. */
  active: z.boolean().optional(),
});

export const listProductsQuery = paginationInput.extend({
  active: booleanParam.optional(),
  /** Case-insensitive substring of name or SKU. */
  search: z.string().trim().min(1).max(200).optional(),
});
