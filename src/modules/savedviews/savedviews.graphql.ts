import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection';

const RESOURCE = 'documents, costs, payments, contacts, products or recurring-series';

@ObjectType('SavedView')
export class SavedViewType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: RESOURCE }) resource!: string;
  @Field(() => GraphQLJSONObject, { description: "The list's query parameters" }) filters!: Record<string, unknown>;
  @Field(() => String, { nullable: true }) sort!: string | null;
  @Field(() => [String]) columns!: string[];
  @Field() shared!: boolean;
  @Field(() => ID, { nullable: true, description: 'The person who saved it; null: an API key' })
  ownerId!: string | null;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

export const SavedViewConnection = Connection(SavedViewType, 'SavedView');

/** As POST /saved-views takes it; unknown or invalid filters are VALIDATION_FAILED naming them (filters.<name>). */
@InputType()
export class SavedViewInput {
  @Field() name!: string;
  @Field({ description: RESOURCE }) resource!: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: "The list's filters, as its query parameters" })
  filters?: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: 'createdAt, -createdAt, … (the list’s sort values)' })
  sort?: string | null;
  @Field(() => [String], { nullable: true }) columns?: string[];
  @Field({ nullable: true, description: 'true: the whole company sees it; false (default): only you' })
  shared?: boolean;
}
