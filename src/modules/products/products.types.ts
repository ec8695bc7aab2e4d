import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Decimal } from '../../core/graphql/decimal';
import { Connection } from '../../core/graphql/connection';

@ObjectType('Product')
export class ProductRecord {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field() unit!: string;
  @Field(() => Decimal, { description: 'Unit price without VAT, 2 places' }) price!: string;
  @Field(() => Decimal, { description: 'VAT rate in percent' }) vatRate!: number;
  @Field({ description: 'false once deleted (soft delete)' }) active!: boolean;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

export const ProductConnection = Connection(ProductRecord, 'Product');

@InputType()
export class CreateProductInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) sku?: string | null;
  @Field(() => String, { nullable: true, description: 'Defaults to "ks"' }) unit?: string;
  @Field(() => Decimal, { description: 'At most 2 decimal places' }) price!: string;
  @Field(() => Decimal) vatRate!: string;
}

@InputType()
export class UpdateProductInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) sku?: string | null;
  @Field(() => String, { nullable: true }) unit?: string;
  @Field(() => Decimal, { nullable: true }) price?: string;
  @Field(() => Decimal, { nullable: true }) vatRate?: string;
  @Field(() => Boolean, { nullable: true, description: 'true puts a deleted product back on the price list' })
  active?: boolean;
}
