/** The `connected-applications` namespace in English (the reference): the texts of pages/connected-applications. */
const en = {};

export default en;
