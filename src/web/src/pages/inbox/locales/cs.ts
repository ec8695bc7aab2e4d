import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `inbox` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {};

export default cs;
