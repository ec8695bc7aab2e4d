/** The `reminders` namespace in English (the reference): the texts of pages/reminders. */
const en = {};

export default en;
