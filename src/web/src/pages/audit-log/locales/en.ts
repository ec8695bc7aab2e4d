/** The `audit-log` namespace in English (the reference): the texts of pages/audit-log. */
const en = {};

export default en;
