import * as oa from '../../core/openapi/builders';
import { createProductInput, listProductsQuery, updateProductInput } from './products.inputs';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;
const tags = ['Products'];

const product = oa.object({
  id: oa.uuid,
  name: oa.string,
  sku: oa.nullableString,
  unit: oa.string,
  price: { ...oa.decimalString, description: 'Unit price without VAT, 2 decimal places, e.g. "1210.50"' },
  vatRate: { type: 'number', description: 'Percent, e.g. 21' },
  active: { ...oa.boolean, description: 'false once deleted' },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
});

export const productsOpenApi: oa.PathItems = {
  '/api/v1/products': {
    post: oa.operation({
      operationId: 'createProduct',
      summary: 'Add a product to the price list',
      description: 'Records product.created.',
      tags,
      access: WRITE,
      body: createProductInput,
      ok: { status: '201', description: 'The new product', schema: product },
      errors: ['400'],
    }),
    get: oa.operation({
      operationId: 'listProducts',
      summary: 'List the price list, oldest first',
      tags,
      access: READ,
      parameters: oa.queryParameters(listProductsQuery, {
        active: 'Only active (true) or only deleted (false) products; all when absent',
        search: 'Case-insensitive substring of name or SKU',
      }),
      ok: { description: 'A page of products', schema: oa.pageOf(product) },
      errors: ['400', '404'],
    }),
  },
  '/api/v1/products/{id}': {
    get: oa.operation({
      operationId: 'getProduct',
      summary: 'One product',
      tags,
      access: READ,
      parameters: [oa.idParameter],
      ok: { description: 'The product', schema: product },
      errors: ['404'],
    }),
    patch: oa.operation({
      operationId: 'updateProduct',
      summary: 'Change a product',
      description: 'Records product.updated when something changed. {active: true} puts a deleted product back.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: updateProductInput,
      ok: { description: 'The product after the change', schema: product },
      errors: ['400', '404'],
    }),
    delete: oa.operation({
      operationId: 'deleteProduct',
      summary: 'Delete a product (soft delete)',
      description:
        'Sets active false and records product.archived; the product stays for the documents that name it. Deleting it again changes nothing.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { description: 'The product, now inactive', schema: product },
      errors: ['404'],
    }),
  },
};
