/** The `pos-devices` namespace in English (the reference): the texts of pages/pos-devices. */
const en = {
  title: 'POS devices',
  fields: { name: 'Name', prefix: 'Prefix' },
  create: {
    title: 'Add a device',
    prefix: 'Prefix (optional)',
    prefixHint: "A label for people, e.g. the shop's code.",
    submit: 'Create device',
    tokenLabel: 'Token of {{name}}',
  },
  list: {
    title: 'Devices',
    empty: 'No POS devices yet.',
    name: 'Name',
    prefix: 'Prefix',
    created: 'Created',
    lastUsed: 'Last used',
    never: 'never',
    status: 'Status',
    active: 'Active',
    revoked: 'Revoked {{date}}',
    actions: 'Actions',
    edit: 'Edit',
    paging: 'POS devices',
    newTokenLabel: 'New token of {{name}}',
  },
  rotate: {
    label: 'Rotate token',
    title: 'Rotate the token of {{name}}?',
    confirm: 'Rotate token',
    text: 'The current token stops working at once; the device needs the new one.',
  },
  revoke: {
    label: 'Revoke',
    title: 'Revoke {{name}}?',
    confirm: 'Revoke device',
    text: 'The device can no longer issue receipts. This cannot be undone.',
  },
};

export default en;
