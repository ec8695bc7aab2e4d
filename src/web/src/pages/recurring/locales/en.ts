/** The `recurring` namespace in English (the reference): the texts of pages/recurring. */
const en = {};

export default en;
