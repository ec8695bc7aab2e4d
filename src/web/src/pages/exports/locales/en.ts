/** The `exports` namespace in English (the reference): the texts of pages/exports. */
const en = {};

export default en;
