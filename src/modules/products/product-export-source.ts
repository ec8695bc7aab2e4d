import type { FilterQuery } from '@mikro-orm/core';
import {
  entityExportSource,
  exportDecimal,
  type ExportColumn,
  type ExportRow,
  type ExportScope,
  type ListFilters,
} from '../../core/export-source';
import { containsPattern } from '../../core/search';
import { Product } from './product.entity';
import { listProductsQuery } from './products.inputs';

/** The filters of GET /products (its query without the page). */
export type ProductFilters = ListFilters<typeof listProductsQuery>;

/** The products the list shows for `filters` in the scope's organization (GET /products and its export). */
export function productListWhere(scope: ExportScope, { active, search }: ProductFilters): FilterQuery<Product> {
  const where: FilterQuery<Product> = { organization: scope.organization.id };
  if (active !== undefined) where.active = active;
  if (search !== undefined) {
    const like = containsPattern(search);
    where.$or = [{ name: { $ilike: like } }, { sku: { $ilike: like } }];
  }
  return where;
}

const COLUMNS: readonly ExportColumn<ExportRow<Product>>[] = [
  { key: 'name', header: 'Name', type: 'text', value: (p) => p.name },
  { key: 'sku', header: 'SKU', type: 'text', value: (p) => p.sku },
  { key: 'unit', header: 'Unit', type: 'text', value: (p) => p.unit },
  { key: 'price', header: 'Price', type: 'number', value: (p) => exportDecimal(p.price, 2) },
  { key: 'vatRate', header: 'VAT rate', type: 'number', value: (p) => exportDecimal(p.vatRate) },
  { key: 'active', header: 'Active', type: 'text', value: (p) => String(p.active) },
];

/** The products of GET /products as an export reads them. */
export const productExportSource = entityExportSource({
  entity: Product,
  query: listProductsQuery,
  columns: COLUMNS,
  where: productListWhere,
});
