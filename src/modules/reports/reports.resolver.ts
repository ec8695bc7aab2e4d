import { Args, ArgsType, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { Decimal } from '../../core/graphql/decimal';
import type { ReportsService } from './reports.service';

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

@ObjectType('VatReport')
class VatReportType {
  @Field() from!: string;
  @Field() to!: string;
  @Field(() => [VatRateRowType]) rates!: VatRateRowType[];
  @Field(() => [VatReportTotalType]) totals!: VatReportTotalType[];
}

@ObjectType('SalesReportTotal')
class SalesReportTotalType extends VatReportTotalType {
  @Field(() => Int) documentCount!: number;
  @Field(() => Decimal) paidAmount!: string;
  @Field(() => Decimal) outstandingAmount!: string;
}

@ObjectType('SalesReport')
class SalesReportType {
  @Field() from!: string;
  @Field() to!: string;
  @Field(() => [VatRateRowType]) byRate!: VatRateRowType[];
  @Field(() => [SalesReportTotalType]) totals!: SalesReportTotalType[];
}

@Resolver()
export class ReportsResolver {
  constructor(private readonly reports: ReportsService) {}

  @Query(() => VatReportType)
  @Requires(READ)
  vatReport(@Ctx() { rc }: GraphQLContext, @Args() period: ReportPeriodArgs) {
    return this.reports.vat(rc, { from: period.from, to: period.to });
  }

  @Query(() => SalesReportType)
  @Requires(READ)
  salesReport(@Ctx() { rc }: GraphQLContext, @Args() period: ReportPeriodArgs) {
    return this.reports.sales(rc, { from: period.from, to: period.to });
  }
}
