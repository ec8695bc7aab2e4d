/** The `inbox` namespace in English (the reference): the texts of pages/inbox. */
const en = {};

export default en;
