import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../../core/graphql/context';
import type { AccessSpec } from '../../../core/http/gate';
import type { BankConnectionsService } from './bank-connections.service';
import { BankConnectionType, BankProviderEnum, BankSyncReportType } from './bank-connection.types';

const WRITE: AccessSpec = { section: 'payments', access: 'write' };

/** The same service as the REST routes of bank connections. */
@Resolver()
export class BankConnectionsResolver {
  constructor(private readonly connections: BankConnectionsService) {}

  @Mutation(() => BankConnectionType, { description: 'Connect a bank account to Fio; the token is never returned' })
  @Requires(WRITE)
  connectBankAccount(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('provider', () => BankProviderEnum) provider: BankProviderEnum,
    @Arg('token') token: string,
  ) {
    return this.connections.connect(rc, id, { provider, token });
  }

  @Mutation(() => Boolean, { description: 'Remove the bank connection and its token; payments stay' })
  @Requires(WRITE)
  async disconnectBankAccount(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.connections.disconnect(rc, id);
    return true;
  }

  @Mutation(() => BankSyncReportType, { description: 'Sync a connected bank account now' })
  @Requires(WRITE)
  syncBankAccount(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.connections.syncNow(rc, id);
  }
}
