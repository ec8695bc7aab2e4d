/** The `two-factor` namespace in English (the reference): the texts of pages/two-factor. */
const en = {
  recoveryCodes: 'Recovery codes',
  required: 'Your company requires two-factor login. Enable it to continue using Faktura.',
  setUpTitle: 'Set up',
  setUpText:
    'Use an authenticator app (TOTP: 6 digits every 30 seconds). Each login then asks for its current code after the password.',
  setUp: 'Set up two-factor login',
  startAgain: 'Start again with a new secret',
  scan: 'Scan the QR code with the app, or add this secret to it by hand (or open the <1>otpauth link</1> on the phone):',
  qr: 'QR code for the authenticator app',
  code: 'Code from the app',
  enable: 'Enable',
  onTitle: 'On',
  codesLeft: 'Recovery codes left: {{count}}',
  password: 'Password',
  codeOrRecovery: 'Code or recovery code',
  turnOff: 'Turn off',
  companyTitle: 'For the whole company',
  companyRequired: 'Every member must log in with two factors.',
  companyOptional: 'Members may log in with the password alone.',
  stopRequiring: 'Stop requiring two-factor login',
  requireAll: 'Require two-factor login of everyone',
};

export default en;
