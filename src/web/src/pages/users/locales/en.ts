/** The `users` namespace in English (the reference): the texts of pages/users. */
const en = {
  title: 'Users and departments',
  ownerIntro: 'As the owner you manage every user.',
  adminIntro: 'As an admin you manage users and API keys; the owner cannot be changed.',
  add: 'Add a user',
  created: '{{email}} can now log in with the password you set.',
  email: 'E-mail',
  password: 'Initial password',
  passwordHint: 'At least 12 characters, not a common password; tell it to the person.',
  moreDepartments: 'Only the first 200 departments are offered here.',
  create: 'Create user',
  users: 'Users',
  pager: 'Users',
  access: {
    role: 'Role',
    roles: {
      MEMBER: 'Member: only the sections given',
      ADMIN: 'Admin: manages users and API keys',
    },
    permissions: 'Permissions per section',
    levels: { none: 'None', read: 'Read', write: 'Write' },
    departments: 'Departments',
    allDepartments: 'All departments',
    noDepartments: "No departments yet: the user sees no department's documents.",
  },
  card: {
    permission: '{{section}}: {{level}}',
    levels: { none: 'none', read: 'read', write: 'write' },
    allDepartments: 'all departments',
    noDepartment: 'no department',
    since: '{{departments}} · since {{at}}',
    owner: 'The owner has every section; the role cannot be changed.',
    self: 'Your own access is changed by someone else: nobody changes their own.',
    onlyOwner: 'Only the owner changes an admin.',
    edit: 'Edit access',
  },
  departments: {
    heading: 'Departments',
    none: 'No departments yet.',
    pager: 'Departments',
    name: 'Department name',
    add: 'Add department',
  },
};

export default en;
