import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { paginationInput, parseInput, type Page } from '../../core/validation';
import { Organization } from '../identity/identity.module';
import { BankAccount, type BankAccountKind } from './bank-account.entity';
import { ensureSystemAccount } from './payments.queries';
import { createBankAccountInput } from './payments.inputs';
import { bankAccountView, type BankAccountView } from './payments.views';
import { connectionViewsFor } from './fio/bank-connections.service';

/** The organization's bank accounts: the containers statements are imported into. */
export class BankAccountsService {
  constructor(private readonly clock: Clock) {}

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

  /** Another organization's account, and a deleted one, answer exactly like a missing one. */
  async find(em: EntityManager, organizationId: string, id: string): Promise<BankAccount> {
    const account = isUuid(id)
      ? await em.findOne(BankAccount, { id, organization: organizationId, deletedAt: null })
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
