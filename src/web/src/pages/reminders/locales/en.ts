/** The `reminders` namespace in English (the reference): the texts of pages/reminders. */
const en = {
  title: 'Reminders',
  intro:
    'Every day at 08:00 Faktura e-mails each issued or sent invoice with something left to pay the reminder of the latest step that is due, once per step. The wording is the Reminder one of the <templates>e-mail templates</templates>.',
  step: {
    onDue: 'on the due date',
    before_one: '{{count}} day before the due date',
    before_other: '{{count}} days before the due date',
    after_one: '{{count}} day after the due date',
    after_other: '{{count}} days after the due date',
  },
  form: {
    wholeDays: 'a whole number of days, e.g. -3 or 7',
    checkSteps: 'Check the marked steps.',
    saved: 'Reminder steps saved.',
    none: 'No steps: no reminders are sent.',
    days: 'Step {{n}}: days from the due date',
    negative: 'negative: before the due date',
    active: 'Step {{n}} active',
    remove: 'Remove step {{n}}',
    add: 'Add step',
    save: 'Save reminder steps',
  },
  panel: {
    heading: 'Reminders',
    on: 'Reminders are on: the daily job e-mails the due steps while something is left to pay.',
    off: 'Reminders are switched off for this document.',
    switchOff: 'Switch reminders off',
    switchOn: 'Switch reminders on',
    noneSent: 'No reminder has been sent.',
    sent: 'Reminder {{when}} (step {{step}})',
  },
};

export default en;
