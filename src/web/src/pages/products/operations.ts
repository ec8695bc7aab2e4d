import { graphql } from '../../gql';

/** A product as a document item takes it (the documents page picks items with it too). */
export const ProductSummaryFragment = graphql(`
  fragment ProductSummary on Product {
    id
    name
    sku
    unit
    price
    vatRate
  }
`);

export const ProductsDocument = graphql(`
  query Products($limit: Int, $cursor: String, $search: String, $active: Boolean, $view: ID) {
    products(limit: $limit, cursor: $cursor, search: $search, active: $active, view: $view) {
      data {
        ...ProductSummary
        active
      }
      nextCursor
    }
  }
`);

export const CreateProductDocument = graphql(`
  mutation CreateProduct($input: CreateProductInput!) {
    createProduct(input: $input) {
      id
    }
  }
`);

export const UpdateProductDocument = graphql(`
  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {
    updateProduct(id: $id, input: $input) {
      id
      active
    }
  }
`);

export const DeleteProductDocument = graphql(`
  mutation DeleteProduct($id: ID!) {
    deleteProduct(id: $id) {
      id
      active
    }
  }
`);
