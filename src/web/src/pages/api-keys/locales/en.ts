/** The `api-keys` namespace in English (the reference): the texts of pages/api-keys. */
const en = {
  title: 'API keys',
  levels: { none: 'None', read: 'Read', write: 'Write' },
  create: {
    title: 'Create a key',
    name: 'Name',
    sections: 'Sections the key reaches (at most your own)',
    submit: 'Create key',
    secretLabel: 'API key {{name}}',
  },
  list: {
    title: 'Keys',
    empty: 'No API keys yet.',
    name: 'Name',
    key: 'Key',
    sections: 'Sections',
    created: 'Created',
    usage: 'Requests this month',
    actions: 'Actions',
    noSections: 'none',
    section: '{{section}}: {{level}}',
    granted: { read: 'read', write: 'write' },
    usageHidden: 'needs company settings: read',
    used: '{{used}} of {{limit}}',
    unlimited: 'unlimited',
    paging: 'API keys',
  },
  delete: {
    label: 'Delete',
    title: 'Delete the key {{name}}?',
    confirm: 'Delete key',
    text: 'Integrations using this key get 401 from now on. This cannot be undone.',
  },
};

export default en;
