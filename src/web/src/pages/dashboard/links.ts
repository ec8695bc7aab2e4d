/**
 * The documents list's address for a filter: its search parameters are the list's contract
 * (`?q=&status=&type=&contactId=&from=&to=&sort=&view=`, pages/documents), so a number on the
 * dashboard opens the list it sums up.
 */
export function documentsLink(filter: {
  status?: string;
  type?: string;
  from?: string;
  to?: string;
  unpaid?: string;
  dueBefore?: string;
}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `/documents?${query}` : '/documents';
}

/** The overdue invoices as of `today` (a Czech day): waiting for payment and due before today. */
export function overdueLink(today: string): string {
  return documentsLink({ type: 'INVOICE', unpaid: 'true', dueBefore: today });
}
