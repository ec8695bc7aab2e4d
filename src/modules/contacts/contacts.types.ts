import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection';

export enum ContactKind {
  CLIENT = 'CLIENT',
  SUPPLIER = 'SUPPLIER',
  BOTH = 'BOTH',
}
registerEnumType(ContactKind, { name: 'ContactType' });

@ObjectType('Contact')
export class ContactRecord {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => ContactKind) type!: ContactKind;
  @Field(() => String, { nullable: true, description: 'IČO' }) taxId!: string | null;
  @Field(() => String, { nullable: true, description: 'DIČ' }) vatId!: string | null;
  @Field(() => String, { nullable: true }) street!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) zip!: string | null;
  @Field(() => String, { nullable: true }) country!: string | null;
  @Field() archived!: boolean;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

export const ContactConnection = Connection(ContactRecord, 'Contact');

/** null or "" clears an optional field on update. */
@InputType()
export class CreateContactInput {
  @Field() name!: string;
  @Field(() => ContactKind, { nullable: true }) type?: ContactKind;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) taxId?: string | null;
  @Field(() => String, { nullable: true }) vatId?: string | null;
  @Field(() => String, { nullable: true }) street?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) zip?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
}

@InputType()
export class UpdateContactInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => ContactKind, { nullable: true }) type?: ContactKind;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) taxId?: string | null;
  @Field(() => String, { nullable: true }) vatId?: string | null;
  @Field(() => String, { nullable: true }) street?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) zip?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'true archives the contact, false restores it' })
  archived?: boolean;
}
