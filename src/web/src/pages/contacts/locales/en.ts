/** The `contacts` namespace in English (the reference): the texts of pages/contacts. */
const en = {
  title: 'Contacts',
  types: { CLIENT: 'Client', SUPPLIER: 'Supplier', BOTH: 'Client and supplier' },
  /** The language of a contact's documents (PDF, e-mail), as the API names them. */
  languages: { cs: 'Czech', en: 'English', de: 'German' },
  fields: {
    name: 'Name',
    type: 'Type',
    email: 'E-mail',
    phone: 'Phone',
    taxId: 'IČO',
    vatId: 'DIČ',
    street: 'Street',
    city: 'City',
    zip: 'ZIP',
    country: 'Country',
    language: 'Document language',
    companyLanguage: "The company's",
  },
  create: {
    open: 'New contact',
    submit: 'Create contact',
    created: 'Contact {{name}} created.',
  },
  list: {
    search: 'Search contacts',
    searchField: 'Search',
    searchHint: 'Name, e-mail, IČO or DIČ',
    show: 'Show',
    active: 'Active contacts',
    archived: 'Archived contacts',
    empty: 'No contacts found.',
    name: 'Name',
    ids: 'IČO / DIČ',
    email: 'E-mail',
    city: 'City',
    paging: 'Contacts',
  },
  detail: {
    archived: 'archived',
    all: 'All contacts',
    documents: 'Documents',
    address: 'Address',
    changed: 'Changed',
    edit: 'Edit',
    restore: 'Restore',
  },
  archive: {
    label: 'Archive',
    title: 'Archive {{name}}?',
    confirm: 'Archive contact',
    text: 'The contact leaves the lists and pickers; its documents stay. You can restore it later.',
  },
};

export default en;
