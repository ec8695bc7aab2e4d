import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection';

@ObjectType('Product')
export class ProductRecord {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field() unit!: string;
  @Field({ description: 'Unit price without VAT, a decimal string with 2 places' }) price!: string;
  @Field(() => Float, { description: 'VAT rate in percent' }) vatRate!: number;
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
  @Field({ description: 'Decimal string, at most 2 decimal places' }) price!: string;
  @Field(() => Float) vatRate!: number;
}

@InputType()
export class UpdateProductInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) sku?: string | null;
  @Field(() => String, { nullable: true }) unit?: string;
  @Field(() => String, { nullable: true }) price?: string;
  @Field(() => Float, { nullable: true }) vatRate?: number;
  @Field(() => Boolean, { nullable: true, description: 'true puts a deleted product back on the price list' }) active?: boolean;
}
