/** The `company` namespace in English (the reference): the texts of pages/company. */
const en = {};

export default en;
