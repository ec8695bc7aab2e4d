import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { paginationInput, parseInput, validationFailed, type Page } from '../../core/validation';
import { Organization } from '../identity/identity.module';
import { BankAccount, type BankAccountKind } from './bank-account.entity';
import { ensureSystemAccount } from './payments.queries';
import { createBankAccountInput, updateBankAccountInput } from './payments.inputs';
import { Payment } from './payment.entity';
import { BankAccountHasPayments, SystemBankAccount } from './payments.errors';
import { bankAccountView, type BankAccountView } from './payments.views';
import { connectionViewsFor } from './fio/bank-connections.service';

/** The organization's bank accounts: the containers statements are imported into. */
export class BankAccountsService {
  /**
   * `removeConnection` takes away an account's bank connection inside the delete's transaction (the
   * connections service is built after this one, so it comes as a callback).
   */
  constructor(
    private readonly clock: Clock,
    private readonly removeConnection: (em: EntityManager, bankAccountId: string) => Promise<unknown>,
  ) {}

  async create(ctx: RequestContext, input: unknown): Promise<BankAccountView> {
    const data = parseInput(createBankAccountInput, input);
    const now = this.clock.now();
    const account = ctx.em.create(BankAccount, {
      id: randomUUID(),
      organization: ctx.em.getReference(Organization, orgId(ctx)),
      name: data.name,
      accountNumber: data.accountNumber ?? null,
      iban: data.iban ?? null,
      currency: data.currency,
      kind: 'BANK',
      createdAt: now,
      updatedAt: now,
    });
    await ctx.em.flush();
    return bankAccountView(account);
  }

  async list(ctx: RequestContext, page: unknown): Promise<Page<BankAccountView>> {
    const where = { organization: orgId(ctx), deletedAt: null };
    const rows = await paginate(ctx.em, BankAccount, where, parseInput(paginationInput, page));
    const connections = await connectionViewsFor(
      ctx.em,
      rows.data.map((a) => a.id),
    );
    return mapPage(rows, (a) => bankAccountView(a, connections.get(a.id)));
  }

  async get(ctx: RequestContext, id: string): Promise<BankAccountView> {
    const account = await this.find(ctx.em, orgId(ctx), id);
    return bankAccountView(account, (await connectionViewsFor(ctx.em, [id])).get(id));
  }

  /**
   * Changes a BANK account (the CASH and GATEWAY accounts are the system's: 409). The currency
   * changes only while the account has no payment: its row lock (FOR UPDATE) conflicts with the
   * key-share lock a new payment's foreign key takes, so no payment slips in between the check and
   * the commit.
   */
  async update(ctx: RequestContext, id: string, input: unknown): Promise<BankAccountView> {
    const data = parseInput(updateBankAccountInput, input);
    return ctx.em.fork().transactional(async (em) => {
      const account = await lockBankAccount(em, orgId(ctx), id, 'edited');
      if (data.currency !== undefined && data.currency !== account.currency) {
        if ((await em.count(Payment, { bankAccount: account.id })) > 0) throw new BankAccountHasPayments();
        account.currency = data.currency;
      }
      if (data.name !== undefined) account.name = data.name;
      if (data.accountNumber !== undefined) account.accountNumber = data.accountNumber;
      if (data.iban !== undefined) account.iban = data.iban;
      if (!account.accountNumber && !account.iban) {
        throw validationFailed([{ path: 'accountNumber', message: 'an account number or an IBAN is required' }]);
      }
      account.updatedAt = this.clock.now();
      await em.flush();
      return bankAccountView(account, (await connectionViewsFor(em, [account.id])).get(account.id));
    });
  }

  /**
   * Deletes a BANK account softly: it leaves lists and lookups, and its payments stay, still
   * naming it. The CASH and GATEWAY accounts cannot be deleted (409).
   */
  async delete(ctx: RequestContext, id: string): Promise<void> {
    await ctx.em.fork().transactional(async (em) => {
      const account = await lockBankAccount(em, orgId(ctx), id, 'deleted');
      await this.removeConnection(em, account.id);
      account.deletedAt = this.clock.now();
      account.updatedAt = account.deletedAt;
      await em.flush();
    });
  }

  /**
   * Another organization's account, and a deleted one, answer exactly like a missing one. A caller
   * about to add payments in the account's currency locks it (PESSIMISTIC_READ): a concurrent change
   * of the currency or a deletion then waits for it, or has happened and is seen.
   */
  async find(em: EntityManager, organizationId: string, id: string, lockMode?: LockMode): Promise<BankAccount> {
    const account = isUuid(id)
      ? await em.findOne(BankAccount, { id, organization: organizationId, deletedAt: null }, { lockMode })
      : null;
    if (!account) throw new NotFoundError('Bank account');
    return account;
  }

  /**
   * The organization's CASH account (payments recorded by hand) or GATEWAY account (payments through
   * a payment gateway) in a currency, created when first needed.
   */
  async systemAccount(
    em: EntityManager,
    organizationId: string,
    kind: Exclude<BankAccountKind, 'BANK'>,
    currency: string,
  ): Promise<BankAccount> {
    const name = `${kind === 'CASH' ? 'Pokladna' : 'Platební brána'} ${currency}`;
    const at = this.clock.now();
    const id = await ensureSystemAccount(em, { id: randomUUID(), organizationId, name, kind, currency }, at);
    return em.findOneOrFail(BankAccount, id);
  }
}

/** A BANK account of the organization, locked for a change; a CASH or GATEWAY account is 409. */
async function lockBankAccount(
  em: EntityManager,
  organizationId: string,
  id: string,
  action: 'edited' | 'deleted',
): Promise<BankAccount> {
  const where = { id, organization: organizationId, deletedAt: null };
  const account = isUuid(id) ? await em.findOne(BankAccount, where, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
  if (!account) throw new NotFoundError('Bank account');
  if (account.kind !== 'BANK') throw new SystemBankAccount(account.kind, action);
  return account;
}
