/** The `automations` namespace in English (the reference): the texts of pages/automations. */
const en = {};

export default en;
