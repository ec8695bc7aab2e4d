/** The `connected-applications` namespace in English (the reference): the texts of pages/connected-applications. */
const en = {
  empty: 'You have not connected any application.',
  allowed: 'Allowed {{date}} · {{scopes}}',
  revoke: 'Revoke access',
  revokeTitle: 'Revoke the access of {{name}}?',
  revokeText: 'The application loses access at once; all its tokens stop working.',
};

export default en;
