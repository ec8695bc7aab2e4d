/** The `webhooks` namespace in English (the reference): the texts of pages/webhooks. */
const en = {};

export default en;
