import type { FilterQuery } from '@mikro-orm/core';
import { CZ_TZ, czechDate, dayjs } from '../../core/clock';
import type { ExportScope, ListFilters } from '../../core/export-source';
import { containsPattern } from '../../core/search';
import type { Cost } from './cost.entity';
import type { listCostsQuery } from './costs.inputs';

/** The filters of GET /costs (its query without the page): what the list and an export of it read. */
export type CostFilters = ListFilters<typeof listCostsQuery>;

/** The costs the list shows for `filters` in the scope's organization (`now`: what is overdue today). */
export function costListWhere(scope: ExportScope, q: CostFilters, now: Date): FilterQuery<Cost> {
  const filters: FilterQuery<Cost>[] = [{ organization: scope.organization.id }];
  if (q.status) filters.push({ status: q.status });
  if (q.kind) filters.push({ kind: q.kind });
  if (q.supplierId) filters.push({ supplierContact: q.supplierId });
  if (q.from) filters.push({ issuedAt: { $gte: startOfCzechDay(q.from) } });
  if (q.to) filters.push({ issuedAt: { $lt: startOfCzechDay(q.to, 1) } });
  if (q.vatClaimFrom) filters.push({ vatClaimDate: { $gte: startOfCzechDay(q.vatClaimFrom) } });
  if (q.vatClaimTo) filters.push({ vatClaimDate: { $lt: startOfCzechDay(q.vatClaimTo, 1) } });
  if (q.overdue !== undefined) {
    // Overdue = OPEN and due on a Czech day before today (the same rule as the record's overdue flag).
    const overdue: FilterQuery<Cost> = { status: 'OPEN', dueAt: { $lt: startOfCzechDay(czechDate(now)) } };
    filters.push(q.overdue ? overdue : { $not: overdue });
  }
  if (q.search) {
    const like = containsPattern(q.search);
    filters.push({
      $or: [
        { number: { $ilike: like } },
        { supplierDocumentNumber: { $ilike: like } },
        { supplier: { name: { $ilike: like } } },
      ],
    });
  }
  return { $and: filters };
}

function startOfCzechDay(day: string, addDays = 0): Date {
  return dayjs.tz(day, CZ_TZ).add(addDays, 'day').toDate();
}
