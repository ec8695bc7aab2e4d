import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `notifications` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  show: 'Zobrazit',
  filters: { all: 'Vše', unread: 'Nepřečtená', read: 'Přečtená' },
  empty: 'Žádná upozornění.',
  read: 'přečteno',
  unread: 'nepřečteno',
  markRead: 'Označit jako přečtené',
  types: {
    automation_failed: 'Automatizace selhala',
    automation_notification: 'Automatizace',
    bank_connection_token_rejected: 'Napojení na banku',
    document_overdue: 'Faktura po splatnosti',
    export_completed: 'Export dokončen',
    export_failed: 'Export selhal',
    inbox_extracted: 'Schránka dokladů',
    inbox_failed: 'Schránka dokladů',
    recurring_series_failed: 'Pravidelná faktura',
    webhook_delivery_failed: 'Webhook',
    webhook_failing: 'Webhook',
  },
};

export default cs;
