/** The `notifications` namespace in English (the reference): the texts of pages/notifications. */
const en = {};

export default en;
