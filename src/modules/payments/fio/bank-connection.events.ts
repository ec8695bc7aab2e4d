import { event, type PayloadsOf } from '../../../core/outbox/event-declarations';
import type { BankConnection } from './bank-connection.entity';

/** What the events of a bank connection carry: never the token. */
export type BankConnectionPayload = {
  bankAccountId: string;
  provider: string;
  status: string;
  lastError: string | null;
};

/** Not in the SPEC 6.2 catalog; an endpoint that lists one receives it (as cost.* events). */
export const bankConnectionEvents = {
  /** A token was put (first connection, or a new token). */
  'bank_connection.connected': event<BankConnectionPayload>().unlisted(),
  'bank_connection.removed': event<BankConnectionPayload>().unlisted(),
  /** The bank refused the token: the periodic sync stops until a new one is put. */
  'bank_connection.token_rejected': event<BankConnectionPayload>().unlisted(),
};
export type BankConnectionEvents = PayloadsOf<typeof bankConnectionEvents>;

export function bankConnectionData(c: BankConnection): BankConnectionPayload {
  return { bankAccountId: c.bankAccountId, provider: c.provider, status: c.status, lastError: c.lastError };
}
