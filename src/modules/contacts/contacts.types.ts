import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection';
import { PartyDetailsType } from '../../core/graphql/party-details';

export enum ContactKind {
  CLIENT = 'CLIENT',
  SUPPLIER = 'SUPPLIER',
  BOTH = 'BOTH',
}
registerEnumType(ContactKind, { name: 'ContactType' });

@ObjectType('Contact')
export class ContactRecord extends PartyDetailsType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => ContactKind) type!: ContactKind;
  @Field(() => String, { nullable: true, description: "cs, en or de: its documents' language; null: the company's" })
  language!: string | null;
  @Field() archived!: boolean;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

export const ContactConnection = Connection(ContactRecord, 'Contact');

/**
 * What creating and changing a contact share; null or "" clears an optional field on update. Only its
 * subclasses are arguments, so the schema never shows this input type itself.
 */
@InputType('ContactFieldsInput')
abstract class ContactFieldsInput {
  @Field(() => ContactKind, { nullable: true }) type?: ContactKind;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) taxId?: string | null;
  @Field(() => String, { nullable: true }) vatId?: string | null;
  @Field(() => String, { nullable: true }) street?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) zip?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true, description: "cs, en or de; null: the company's" }) language?: string | null;
}

@InputType()
export class CreateContactInput extends ContactFieldsInput {
  @Field() name!: string;
}

@InputType()
export class UpdateContactInput extends ContactFieldsInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => Boolean, { nullable: true, description: 'true archives the contact, false restores it' })
  archived?: boolean;
}
