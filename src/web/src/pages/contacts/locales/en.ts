/** The `contacts` namespace in English (the reference): the texts of pages/contacts. */
const en = {};

export default en;
