/** The `oauth-applications` namespace in English (the reference): the texts of pages/oauth-applications. */
const en = {};

export default en;
