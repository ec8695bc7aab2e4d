/** The `sessions` namespace in English (the reference): the texts of pages/sessions. */
const en = {
  intro: 'Where you are logged in. End a session you do not recognise: its browser is logged out at once.',
  current: 'This browser',
  started: 'Logged in {{date}}',
  lastSeen: 'Last active {{date}}',
  expires: 'Expires {{date}}',
  address: 'Address {{ip}}',
  unknownBrowser: 'Unknown browser',
  end: 'End session',
  endTitle: 'End the session in {{browser}}?',
  endText: 'That browser is logged out at once.',
  endOthers: 'End all other sessions',
  endOthersTitle: 'End all other sessions?',
  endOthersText: 'Every other browser and device is logged out at once; this one stays logged in.',
  ended: 'The session was ended.',
  endedOthers_one: '{{count}} session was ended.',
  endedOthers_other: '{{count}} sessions were ended.',
  onlyThis: 'You are logged in only in this browser.',
  list: 'Sessions',
};

export default en;
