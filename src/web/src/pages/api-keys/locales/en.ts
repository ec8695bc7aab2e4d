/** The `api-keys` namespace in English (the reference): the texts of pages/api-keys. */
const en = {};

export default en;
