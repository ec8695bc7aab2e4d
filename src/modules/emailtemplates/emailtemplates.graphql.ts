import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

const KIND = 'DOCUMENT, QUOTE, REMINDER, PAYMENT_THANKS or RECURRING';

@ObjectType('EmailTemplate')
export class EmailTemplateType {
  @Field({ description: KIND }) kind!: string;
  @Field({ description: 'cs, en or de' }) language!: string;
  @Field(() => Int, { nullable: true, description: 'A reminder step’s own template: the step’s days' })
  step?: number;
  @Field() subject!: string;
  @Field({ description: 'Plain text with {{variables}}' }) body!: string;
  @Field({ description: 'false: Faktura’s default text' }) custom!: boolean;
  @Field(() => String, { nullable: true }) updatedAt!: string | null;
}

@ObjectType('RenderedEmail')
export class RenderedEmailType {
  @Field() subject!: string;
  @Field() text!: string;
  @Field({ description: 'The HTML alternative: values escaped' }) html!: string;
  @Field() language!: string;
}

/** A company's own wording of one kind in one language; an unknown {{variable}} is VALIDATION_FAILED. */
@InputType()
export class SaveEmailTemplateInput {
  @Field({ description: KIND }) kind!: string;
  @Field({ description: 'cs, en or de' }) language!: string;
  @Field(() => Int, { nullable: true, description: 'REMINDER only: the step’s days; none: the general wording' })
  step?: number;
  @Field() subject!: string;
  @Field() body!: string;
}

@ObjectType('EmailSettings')
export class EmailSettingsType {
  @Field({ description: 'PAYMENT_THANKS e-mailed when an invoice becomes PAID through a payment' })
  paymentThanks!: boolean;
  @Field(() => String, { nullable: true }) updatedAt!: string | null;
}

@InputType()
export class PreviewEmailTemplateInput {
  @Field(() => ID) documentId!: string;
  @Field({ description: KIND }) kind!: string;
  @Field(() => Int, { nullable: true, description: 'REMINDER only: the step’s days' }) step?: number;
  @Field(() => String, { nullable: true, description: 'Default: the document’s language' }) language?: string;
  @Field(() => String, { nullable: true, description: 'Unsaved wording instead of the kept one' }) subject?: string;
  @Field(() => String, { nullable: true, description: 'Unsaved wording instead of the kept one' }) body?: string;
}
