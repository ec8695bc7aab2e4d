/** The `users` namespace in English (the reference): the texts of pages/users. */
const en = {};

export default en;
