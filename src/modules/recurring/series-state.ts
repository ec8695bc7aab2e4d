import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact } from '../contacts/contacts.module';
import { SeriesContactInvalid } from './recurring.errors';
import type { RecurringSeries } from './recurring-series.entity';
import { occurrenceAt, type Schedule } from './schedule';

export function scheduleOf(series: RecurringSeries): Schedule {
  const { startDate, unit, every, lastDayOfMonth, endDate, count } = series;
  return { startDate, unit, every, lastDayOfMonth, endDate, count };
}

/** Points the series at occurrence `index` in `status`, or ENDED when its schedule has none there. */
export function moveSeriesTo(series: RecurringSeries, index: number, status = series.status): void {
  const next = occurrenceAt(scheduleOf(series), index);
  series.nextIndex = index;
  series.nextDate = next?.date ?? null;
  series.status = next ? status : 'ENDED';
}

/** A series bills an active contact of its organization: on create, on change, and at each generation. */
export async function activeContact(em: EntityManager, organizationId: string, contactId: string): Promise<Contact> {
  const contact = await em.findOne(Contact, { id: contactId, organization: organizationId, archived: false });
  if (!contact) throw new SeriesContactInvalid();
  return contact;
}
