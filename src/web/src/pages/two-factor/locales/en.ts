/** The `two-factor` namespace in English (the reference): the texts of pages/two-factor. */
const en = {};

export default en;
