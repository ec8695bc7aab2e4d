import { Field, ObjectType } from 'type-graphql';
import type { PartyDetails } from '../party';

/**
 * The GraphQL fields of PartyDetails, for the types of the company and of contacts to extend. No field
 * or resolver returns this type itself, so the schema never shows it (only what resolvers reach is built).
 */
@ObjectType('PartyDetails')
export abstract class PartyDetailsType implements PartyDetails {
  @Field(() => String, { nullable: true, description: 'IČO' }) taxId!: string | null;
  @Field(() => String, { nullable: true, description: 'DIČ' }) vatId!: string | null;
  @Field(() => String, { nullable: true }) street!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) zip!: string | null;
  @Field(() => String, { nullable: true }) country!: string | null;
}
