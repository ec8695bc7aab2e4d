/** The `pos-devices` namespace in English (the reference): the texts of pages/pos-devices. */
const en = {};

export default en;
