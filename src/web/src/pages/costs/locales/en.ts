/** The `costs` namespace in English (the reference): the texts of pages/costs. */
const en = {};

export default en;
