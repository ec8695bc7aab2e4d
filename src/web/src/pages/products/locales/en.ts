/** The `products` namespace in English (the reference): the texts of pages/products. */
const en = {
  title: 'Products',
  fields: {
    name: 'Name',
    sku: 'SKU',
    unit: 'Unit',
    price: 'Price without VAT',
    vatRate: 'VAT rate',
  },
  create: { open: 'New product', submit: 'Create product' },
  list: {
    search: 'Search products',
    searchField: 'Search',
    searchHint: 'Name or SKU',
    show: 'Show',
    active: 'On the price list',
    deleted: 'Deleted',
    empty: 'No products found.',
    paging: 'Products',
  },
  card: {
    price: '{{price}} / {{unit}} · VAT {{rate}}',
    sku: 'SKU',
    edit: 'Edit',
    putBack: 'Put back on the price list',
  },
  delete: {
    label: 'Delete',
    title: 'Delete {{name}}?',
    confirm: 'Delete product',
    text: 'It leaves the price list; documents that already use it keep their items.',
  },
};

export default en;
