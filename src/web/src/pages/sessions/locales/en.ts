/** The `sessions` namespace in English (the reference): the texts of pages/sessions. */
const en = {};

export default en;
