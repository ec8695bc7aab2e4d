/** The `payments` namespace in English (the reference): the texts of pages/payments. */
const en = {};

export default en;
