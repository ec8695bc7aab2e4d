import * as oa from '../../../core/openapi/builders';
import { connectInput } from './bank-connections.service';

const WRITE = { section: 'payments', access: 'write' } as const;
const tags = ['Bank accounts'];

export const bankConnectionSchema = oa.object({
  provider: { type: 'string', enum: ['FIO'] },
  status: {
    type: 'string',
    enum: ['NEW', 'OK', 'ERROR', 'TOKEN_REJECTED'],
    description:
      'NEW: not synced yet; OK: the last sync succeeded; ERROR: the last sync failed, retried with a growing pause; ' +
      'TOKEN_REJECTED: Fio refused the token, the periodic sync stops until a new token is put',
  },
  lastSyncAt: { type: ['string', 'null'], format: 'date-time' },
  lastError: oa.nullableString,
  lastErrorAt: { type: ['string', 'null'], format: 'date-time' },
  notBefore: { type: ['string', 'null'], format: 'date-time', description: "Fio's limit: no call before then" },
  nextSyncAt: { type: ['string', 'null'], format: 'date-time', description: 'The next periodic sync' },
  createdAt: oa.dateTime,
});

const syncReport = oa.object({
  outcome: {
    type: 'string',
    enum: ['SYNCED', 'CURSOR_RESET', 'TOO_EARLY', 'TOKEN_REJECTED', 'FAILED'],
    description:
      'SYNCED: new movements imported; CURSOR_RESET: an earlier sync was cut after Fio answered, so Fio’s cursor was put ' +
      'back to the last movement kept and the movements follow in the next sync (scheduled at notBefore); TOO_EARLY: ' +
      'Fio allows one call per token per 30 s, try after notBefore; TOKEN_REJECTED, FAILED: see connection.lastError',
  },
  imported: oa.integer,
  duplicates: { ...oa.integer, description: 'Movements Fio gave again, imported before' },
  matched: { ...oa.integer, description: 'New payments matched automatically' },
  notBefore: { type: ['string', 'null'], format: 'date-time' },
  connection: bankConnectionSchema,
});

export const bankConnectionsOpenApi: oa.PathItems = {
  '/api/v1/bank-accounts/{id}/connection': {
    put: oa.operation({
      operationId: 'connectBankAccount',
      summary: 'Connect a bank account to its bank’s API (Fio)',
      description:
        'Stores the Fio API token (64 letters and digits) sealed at rest; it is never returned. A BANK account only ' +
        '(400 for the CASH or GATEWAY account). The account is then synced every BANK_SYNC_INTERVAL_MINUTES: each ' +
        'movement becomes one payment (source BANK_SYNC), imported once. Putting another token keeps the movements ' +
        'synced so far and resets the error state.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      body: connectInput,
      ok: { description: 'The connection', schema: bankConnectionSchema },
      errors: ['400', '404'],
    }),
    delete: oa.operation({
      operationId: 'disconnectBankAccount',
      summary: 'Remove the bank connection (and its token)',
      description: 'Payments synced so far stay. 404 when the account has no connection.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Removed' },
      errors: ['404'],
    }),
  },
  '/api/v1/bank-accounts/{id}/sync': {
    post: oa.operation({
      operationId: 'syncBankAccount',
      summary: 'Sync a connected bank account now',
      description:
        'Asks Fio for the movements since the last sync and imports them (payment.imported, source BANK_SYNC; automatic ' +
        'matching as for a statement; outgoing movements match received costs). Respects Fio’s limit of one call per ' +
        'token per 30 s (outcome TOO_EARLY). 404 when the account has no connection.',
      tags,
      access: WRITE,
      parameters: [oa.idParameter],
      ok: { description: 'What the sync did', schema: syncReport },
      errors: ['404'],
    }),
  },
};
