import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('ReminderStep')
export class ReminderStepType {
  @Field(() => ID) id!: string;
  @Field(() => Int, { description: 'Days relative to the due date: −3 is three days before it, 7 a week after' })
  days!: number;
  @Field() active!: boolean;
}

/** One step of the list saveReminderSteps replaces the company's with; a step is known by its days. */
@InputType()
export class ReminderStepInput {
  @Field(() => Int, { description: '−365 to 365, each days once in the list' }) days!: number;
  @Field(() => Boolean, { nullable: true, description: 'Default true' }) active?: boolean;
}

@ObjectType('DocumentReminderSent')
export class DocumentReminderSentType {
  @Field(() => ID) stepId!: string;
  @Field(() => Int, { description: 'The step’s days relative to the due date' }) days!: number;
  @Field({ description: 'ISO 8601 time' }) sentAt!: string;
}

@ObjectType('DocumentReminders')
export class DocumentRemindersType {
  @Field({ description: 'false: the daily job sends this document no reminders' }) enabled!: boolean;
  @Field(() => [DocumentReminderSentType], { description: 'The reminders sent, oldest first' })
  sent!: DocumentReminderSentType[];
}
