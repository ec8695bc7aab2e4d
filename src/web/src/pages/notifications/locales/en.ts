/** The `notifications` namespace in English (the reference): the texts of pages/notifications. */
const en = {
  show: 'Show',
  filters: { all: 'All', unread: 'Unread', read: 'Read' },
  empty: 'No notifications.',
  read: 'read',
  unread: 'unread',
  markRead: 'Mark read',
  /** By the notification's type, dots as underscores (`webhook.failing` → `webhook_failing`). */
  types: {
    automation_failed: 'Automation failed',
    automation_notification: 'Automation',
    bank_connection_token_rejected: 'Bank connection',
    document_overdue: 'Overdue invoice',
    export_completed: 'Export finished',
    export_failed: 'Export failed',
    inbox_extracted: 'Inbox',
    inbox_failed: 'Inbox',
    recurring_series_failed: 'Recurring series',
    webhook_delivery_failed: 'Webhook',
    webhook_failing: 'Webhook',
  },
};

export default en;
