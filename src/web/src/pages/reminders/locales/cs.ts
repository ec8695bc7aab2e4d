import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `reminders` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {};

export default cs;
