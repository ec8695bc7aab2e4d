/** The `exports` namespace in English (the reference): the texts of pages/exports. */
const en = {
  title: 'Exports',
  start: {
    heading: 'New export',
    resource: 'What to export',
    format: 'Format',
    czechExcel: 'For Czech Excel (; and decimal comma)',
    submit: 'Start the export',
    started: 'The export was started; it runs in the background.',
  },
  resources: {
    documents: 'Documents',
    costs: 'Received costs',
    payments: 'Payments',
    contacts: 'Contacts',
    products: 'Products',
  },
  formats: {
    csv: 'CSV',
    xlsx: 'Excel (XLSX)',
    'pdf-zip': 'PDFs (ZIP)',
    'isdoc-zip': 'ISDOC (ZIP)',
  },
  list: {
    heading: 'Recent exports',
    none: 'No export yet.',
    created: 'Started',
    resource: 'Export',
    format: 'Format',
    status: 'State',
    file: 'File',
    download: 'Download',
    downloadLabel: 'Download the export of {{resource}} from {{date}}',
    expires: 'valid until {{date}}',
    progress: 'Exporting… {{done}} of {{total}}',
    failed: 'Failed: {{error}}',
  },
  status: {
    QUEUED: 'Waiting',
    RUNNING: 'Running',
    DONE: 'Done',
    FAILED: 'Failed',
  },
};

export default en;
