/** The `email-templates` namespace in English (the reference): the texts of pages/email-templates. */
const en = {};

export default en;
