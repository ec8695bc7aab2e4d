/** The `products` namespace in English (the reference): the texts of pages/products. */
const en = {};

export default en;
