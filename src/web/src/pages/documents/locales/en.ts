/** The `documents` namespace in English (the reference): the texts of pages/documents. */
const en = {};

export default en;
