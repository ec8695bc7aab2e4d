import { paginationInput, z } from '../../core/validation';
import { INBOX_STATUSES } from './inbox.types';

export const listInboxQuery = paginationInput.extend({
  status: z.enum(INBOX_STATUSES).optional().meta({ description: 'Only items in this status' }),
});

/**
 * POST /inbox/:id/confirm: corrections of the proposal, as the fields of POST /costs (each optional;
 * an absent one takes the extracted value). The costs module checks the merged input by its own rules.
 */
export const confirmInboxInput = z
  .record(z.string().max(50), z.unknown())
  .refine((o) => Object.keys(o).length <= 30, { message: 'at most 30 fields' })
  .default({})
  .meta({
    description:
      'Any fields of POST /costs (kind, supplierId, supplierDocumentNumber, variableSymbol, paymentAccount, issuedAt, taxableSupplyDate, dueAt, currency, items, …); absent ones take the extracted values',
  });
