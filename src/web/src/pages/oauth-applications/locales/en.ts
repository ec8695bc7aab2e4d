/** The `oauth-applications` namespace in English (the reference): the texts of pages/oauth-applications. */
const en = {
  title: 'OAuth applications',
  registered: 'Registered. Client ID:',
  fields: {
    name: 'Name',
    description: 'Description',
    redirectUris: 'Redirect URIs (one per line)',
    scopes: 'Scopes',
    confidential: 'Confidential client (has a secret; untick for a public client using PKCE)',
  },
  register: {
    title: 'Register an application',
    submit: 'Register application',
    secretLabel: 'Client secret of {{name}}',
  },
  list: {
    title: 'Applications',
    empty: 'No applications yet.',
    paging: 'Applications',
    newSecretLabel: 'New client secret of {{name}}',
  },
  card: {
    confidential: 'confidential',
    public: 'public',
    disabled: 'disabled',
    clientId: 'Client ID',
    registeredAt: 'registered {{date}}',
    redirectUris: 'Redirect URIs: {{uris}}',
    scopes: 'Scopes: {{scopes}}',
    edit: 'Edit',
    enable: 'Enable',
  },
  rotate: {
    label: 'Rotate secret',
    title: 'Rotate the client secret of {{name}}?',
    confirm: 'Rotate secret',
    text: 'The current secret stops working at once.',
  },
  disable: {
    label: 'Disable',
    title: 'Disable {{name}}?',
    confirm: 'Disable application',
    text: 'Its tokens stop working and nobody can connect it until it is enabled again.',
  },
};

export default en;
