import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { PageArgs, pageInput } from '../../core/graphql/connection';
import { RequestBatches } from '../../core/graphql/request-batch';
import type { AccessSpec } from '../../core/http/gate';
import { plain } from '../../core/graphql/plain';
import type { PaymentView } from './payments.views';
import type { PaymentSuggestion } from './document-payments';
import type { PaymentServices } from './payments.routes';
import {
  BankAccountConnection,
  BankAccountType,
  CreateBankAccountInput,
  ImportPaymentsInput,
  PaymentConnection,
  PaymentSuggestionType,
  PaymentType,
  PaymentsArgs,
  StatementImportType,
  UpdateBankAccountInput,
  CreatePaymentInput,
} from './payments.types';

const READ: AccessSpec = { section: 'payments', access: 'read' };
const WRITE: AccessSpec = { section: 'payments', access: 'write' };

/** The same services as the REST routes. */
@Resolver(() => PaymentType)
export class PaymentsResolver {
  /** The suggestions a request asks for (a page of payments), looked up together. */
  private readonly suggestions = new RequestBatches<PaymentView, PaymentSuggestion | null>((rc, payments) =>
    this.s.payments.suggestions(rc, payments),
  );

  constructor(private readonly s: PaymentServices) {}

  @Query(() => BankAccountConnection)
  @Requires(READ)
  bankAccounts(@Ctx() { rc }: GraphQLContext, @Args() page: PageArgs) {
    return this.s.bankAccounts.list(rc, pageInput(page));
  }

  @Query(() => BankAccountType)
  @Requires(READ)
  bankAccount(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.s.bankAccounts.get(rc, id);
  }

  @Mutation(() => BankAccountType)
  @Requires(WRITE)
  createBankAccount(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => CreateBankAccountInput) input: CreateBankAccountInput,
  ) {
    return this.s.bankAccounts.create(rc, plain(input));
  }

  @Query(() => PaymentConnection)
  @Requires(READ)
  payments(@Ctx() { rc }: GraphQLContext, @Args() args: PaymentsArgs) {
    const { matchStatus, direction, bankAccountId, documentId, costId } = args;
    return this.s.payments.list(rc, {
      ...pageInput(args),
      ...plain({ matchStatus, direction, bankAccountId, documentId, costId }),
    });
  }

  @Query(() => PaymentType)
  @Requires(READ)
  payment(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.s.payments.get(rc, id);
  }

  @Query(() => PaymentSuggestionType, {
    nullable: true,
    description: 'The document an unmatched incoming payment most likely pays; null when none fits',
  })
  @Requires(READ)
  async paymentSuggestion(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return (await this.s.payments.suggestion(rc, id)).suggestion;
  }

  @FieldResolver(() => PaymentSuggestionType, {
    nullable: true,
    description:
      'For an unmatched incoming payment, the document it most likely pays (null when none fits); looked up for the whole page at once',
  })
  @Requires(READ)
  suggestion(@Ctx() { rc }: GraphQLContext, @Root() payment: PaymentView) {
    return this.suggestions.of(rc).load(payment);
  }

  @Mutation(() => StatementImportType)
  @Requires(WRITE)
  importPayments(@Ctx() { rc }: GraphQLContext, @Arg('input', () => ImportPaymentsInput) input: ImportPaymentsInput) {
    return this.s.statementImport.importStatement(rc, plain(input));
  }

  @Mutation(() => PaymentType)
  @Requires(WRITE)
  matchPayment(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('documentId', () => ID, { nullable: true }) documentId?: string,
    @Arg('costId', () => ID, { nullable: true }) costId?: string,
  ) {
    return this.s.payments.match(rc, id, plain({ documentId, costId }));
  }

  @Mutation(() => PaymentType)
  @Requires(WRITE)
  unmatchPayment(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.s.payments.unmatch(rc, id);
  }

  @Mutation(() => BankAccountType, {
    description: 'Changes a BANK account; the currency only while it has no payments',
  })
  @Requires(WRITE)
  updateBankAccount(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateBankAccountInput) input: UpdateBankAccountInput,
  ) {
    return this.s.bankAccounts.update(rc, id, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Deletes a BANK account; its payments stay' })
  @Requires(WRITE)
  async deleteBankAccount(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.s.bankAccounts.delete(rc, id);
    return true;
  }

  @Mutation(() => PaymentType, { description: 'Records a payment by hand (source MANUAL)' })
  @Requires(WRITE)
  createPayment(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreatePaymentInput) input: CreatePaymentInput) {
    return this.s.manualPayments.record(rc, plain(input));
  }
}
