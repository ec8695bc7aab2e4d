/** The `reports` namespace in English (the reference): the texts of pages/reports. */
const en = {};

export default en;
