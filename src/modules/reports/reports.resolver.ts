import { Arg, Args, ArgsType, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { Decimal } from '../../core/graphql/decimal';
import type { ReportsService } from './reports.service';
import type { ReportStatistics } from './statistics';

const READ = { section: 'reports', access: 'read' } as const;

@ArgsType()
class ReportPeriodArgs {
  @Field({ description: 'Czech date YYYY-MM-DD, inclusive' }) from!: string;
  @Field({ description: 'Czech date YYYY-MM-DD, inclusive' }) to!: string;
}

@ObjectType('VatRateRow')
class VatRateRowType {
  @Field() currency!: string;
  @Field(() => Decimal) vatRate!: number;
  @Field(() => Decimal) base!: string;
  @Field(() => Decimal) vat!: string;
  @Field(() => Decimal) total!: string;
}

@ObjectType('VatReportTotal')
class VatReportTotalType {
  @Field() currency!: string;
  @Field(() => Decimal) base!: string;
  @Field(() => Decimal) vat!: string;
  @Field(() => Decimal) total!: string;
}

@ObjectType('VatBalance')
class VatBalanceType {
  @Field() currency!: string;
  @Field(() => Decimal) outputVat!: string;
  @Field(() => Decimal) inputVat!: string;
  @Field(() => Decimal) reverseChargeVat!: string;
  @Field(() => Decimal, { description: 'Positive: to pay; negative: to reclaim' }) difference!: string;
  @Field({ description: 'PAY, RECLAIM or NONE' }) result!: string;
}

@ObjectType('ReverseChargeSales', { description: 'Reverse-charge sales of one regime: no output VAT, the base only' })
class ReverseChargeSalesType {
  @Field({ description: 'DOMESTIC, EU_GOODS or EU_SERVICES' }) regime!: string;
  @Field(() => Int, { description: 'The DPHDP3 line: 20 EU goods, 21 EU services, 25 § 92a' }) line!: number;
  @Field(() => Decimal, { description: 'In CZK' }) base!: string;
}

@ObjectType('VatReport')
class VatReportType {
  @Field() from!: string;
  @Field() to!: string;
  @Field(() => [VatRateRowType], { description: 'Output VAT' }) rates!: VatRateRowType[];
  @Field(() => [VatReportTotalType]) totals!: VatReportTotalType[];
  @Field(() => [VatRateRowType], { description: 'Input VAT of received costs, by vatClaimDate' })
  input!: VatRateRowType[];
  @Field(() => [VatRateRowType], { description: 'Reverse-charge costs' }) reverseCharge!: VatRateRowType[];
  @Field(() => [ReverseChargeSalesType], { description: 'Reverse-charge sales per regime (left out of rates)' })
  reverseChargeSales!: ReverseChargeSalesType[];
  @Field(() => [VatBalanceType]) balance!: VatBalanceType[];
}

@ObjectType('ControlStatementAmounts')
class ControlStatementAmountsType {
  @Field(() => Decimal) base21!: string;
  @Field(() => Decimal) vat21!: string;
  @Field(() => Decimal) base12!: string;
  @Field(() => Decimal) vat12!: string;
}

@ObjectType('ControlStatementIssuedRow')
class ControlStatementIssuedRowType extends ControlStatementAmountsType {
  @Field(() => ID) documentId!: string;
  @Field() number!: string;
  @Field() customerVatId!: string;
  @Field() taxableSupplyDate!: string;
  @Field(() => Decimal) total!: string;
}

@ObjectType('ControlStatementReverseChargeRow', { description: 'A.1: a § 92a sale' })
class ControlStatementReverseChargeRowType {
  @Field(() => ID) documentId!: string;
  @Field() number!: string;
  @Field(() => String, { nullable: true }) customerVatId!: string | null;
  @Field() taxableSupplyDate!: string;
  @Field({ description: 'Kód předmětu plnění' }) code!: string;
  @Field(() => Decimal) base!: string;
}

@ObjectType('ControlStatementReceivedRow')
class ControlStatementReceivedRowType extends ControlStatementAmountsType {
  @Field(() => ID) costId!: string;
  @Field() number!: string;
  @Field() supplierVatId!: string;
  @Field(() => String, { nullable: true }) supplierDocumentNumber!: string | null;
  @Field() taxableSupplyDate!: string;
  @Field(() => Decimal) total!: string;
}

@ObjectType('VatControlStatement', { description: 'Kontrolní hlášení: A.1, A.4, A.5, B.2, B.3 of one month, in CZK' })
class VatControlStatementType {
  @Field() period!: string;
  @Field(() => [ControlStatementReverseChargeRowType]) a1!: ControlStatementReverseChargeRowType[];
  @Field(() => [ControlStatementIssuedRowType]) a4!: ControlStatementIssuedRowType[];
  @Field(() => ControlStatementAmountsType) a5!: ControlStatementAmountsType;
  @Field(() => [ControlStatementReceivedRowType]) b2!: ControlStatementReceivedRowType[];
  @Field(() => ControlStatementAmountsType) b3!: ControlStatementAmountsType;
}

@ObjectType('SalesReportTotal')
class SalesReportTotalType extends VatReportTotalType {
  @Field(() => Int) documentCount!: number;
  @Field(() => Decimal) paidAmount!: string;
  @Field(() => Decimal) outstandingAmount!: string;
}

@ObjectType('SalesReportCzkTotal', {
  description: 'Every currency together in CZK: each document’s CZK amounts at its exchange rate',
})
class SalesReportCzkTotalType {
  @Field(() => Int) documentCount!: number;
  @Field(() => Decimal) base!: string;
  @Field(() => Decimal) vat!: string;
  @Field(() => Decimal) total!: string;
  @Field(() => Int, {
    description: 'Foreign-currency documents made before exchange rates were kept: no CZK amounts, left out',
  })
  unconvertedDocumentCount!: number;
}

@ObjectType('SalesReport')
class SalesReportType {
  @Field() from!: string;
  @Field() to!: string;
  @Field(() => [VatRateRowType]) byRate!: VatRateRowType[];
  @Field(() => [SalesReportTotalType]) totals!: SalesReportTotalType[];
  @Field(() => SalesReportCzkTotalType) czkTotal!: SalesReportCzkTotalType;
}

@ObjectType('StatisticsInvoiced')
class StatisticsInvoicedType {
  @Field(() => Int) documentCount!: number;
  @Field(() => Decimal) base!: string;
  @Field(() => Decimal) vat!: string;
  @Field(() => Decimal) total!: string;
}

/** The cash figures' common note: payments belong to no department. */
const CASH_NOTE = (what: string) => `${what}; null for a caller limited to departments (payments have none)`;

@ObjectType('StatisticsPeriod', { description: 'One period of the statistics; amounts in CZK' })
class StatisticsPeriodType {
  @Field({ description: '2026-06-17, 2026-W25, 2026-06, 2026-Q2 or 2026' }) period!: string;
  @Field() from!: string;
  @Field() to!: string;
  @Field(() => StatisticsInvoicedType) invoiced!: StatisticsInvoicedType;
  @Field(() => Decimal) paid!: string;
  @Field(() => Decimal) costs!: string;
  @Field(() => Decimal) outputVat!: string;
  @Field(() => Decimal) inputVat!: string;
  @Field(() => Decimal) vatBalance!: string;
  @Field(() => Decimal, { nullable: true, description: CASH_NOTE('CZK payments received on its Czech days') })
  cashIn!: string | null;
  @Field(() => Decimal, { nullable: true, description: CASH_NOTE('CZK payments sent on its Czech days') })
  cashOut!: string | null;
  @Field(() => Int, {
    nullable: true,
    description: CASH_NOTE('Payments in other currencies on its days (not in cashIn or cashOut)'),
  })
  otherCurrencyPayments!: number | null;
}

@ObjectType('StatisticsAgingBucket')
class StatisticsAgingBucketType {
  @Field(() => Decimal) amount!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('StatisticsAging', { description: 'Unpaid invoices by days past due as of today, in CZK' })
class StatisticsAgingType {
  @Field(() => StatisticsAgingBucketType) notYetDue!: StatisticsAgingBucketType;
  @Field(() => StatisticsAgingBucketType) d1_30!: StatisticsAgingBucketType;
  @Field(() => StatisticsAgingBucketType) d31_60!: StatisticsAgingBucketType;
  @Field(() => StatisticsAgingBucketType) d61_90!: StatisticsAgingBucketType;
  @Field(() => StatisticsAgingBucketType) d90plus!: StatisticsAgingBucketType;
}

@ObjectType('StatisticsCustomer')
class StatisticsCustomerType {
  @Field(() => ID) contactId!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => Decimal) revenue!: string;
  @Field(() => Int) documentCount!: number;
}

@ObjectType('StatisticsProduct')
class StatisticsProductType {
  @Field() name!: string;
  @Field(() => Decimal) revenue!: string;
  @Field(() => Decimal) quantity!: string;
}

@ObjectType('Statistics')
class StatisticsType {
  @Field() from!: string;
  @Field() to!: string;
  @Field() groupBy!: string;
  @Field(() => [StatisticsPeriodType]) periods!: StatisticsPeriodType[];
  @Field(() => StatisticsAgingType) aging!: StatisticsAgingType;
  @Field(() => [StatisticsCustomerType]) topCustomers!: StatisticsCustomerType[];
  @Field(() => [StatisticsProductType]) topProducts!: StatisticsProductType[];
  @Field(() => Number, { nullable: true }) averageDaysToPayment!: number | null;
  @Field(() => Int) unconvertedDocumentCount!: number;
}

@ArgsType()
class StatisticsArgs extends ReportPeriodArgs {
  @Field({ description: 'day, week (ISO), month, quarter or year' }) groupBy!: string;
}

@Resolver()
export class ReportsResolver {
  constructor(
    private readonly reports: ReportsService,
    private readonly stats: ReportStatistics,
  ) {}

  @Query(() => StatisticsType, { description: 'As GET /reports/statistics' })
  @Requires(READ)
  statistics(@Ctx() { rc }: GraphQLContext, @Args() args: StatisticsArgs) {
    return this.stats.of(rc, { from: args.from, to: args.to, groupBy: args.groupBy });
  }

  @Query(() => VatReportType)
  @Requires(READ)
  vatReport(@Ctx() { rc }: GraphQLContext, @Args() period: ReportPeriodArgs) {
    return this.reports.vat(rc, { from: period.from, to: period.to });
  }

  @Query(() => VatControlStatementType)
  @Requires(READ)
  vatControlStatement(
    @Ctx() { rc }: GraphQLContext,
    @Arg('period', { description: 'A month YYYY-MM' }) period: string,
  ) {
    return this.reports.controlStatement(rc, { period });
  }

  @Query(() => SalesReportType)
  @Requires(READ)
  salesReport(@Ctx() { rc }: GraphQLContext, @Args() period: ReportPeriodArgs) {
    return this.reports.sales(rc, { from: period.from, to: period.to });
  }
}
