/** The `dashboard` namespace in English (the reference): the texts of pages/dashboard. */
const en = {};

export default en;
