import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import type { DocumentReminders } from './document-reminders';
import type { ReminderSteps } from './reminder-steps';
import { DocumentRemindersType, ReminderStepInput, ReminderStepType } from './reminders.graphql';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;
const DOCUMENTS_READ = { section: 'documents', access: 'read' } as const;
const DOCUMENTS_WRITE = { section: 'documents', access: 'write' } as const;

/** The same services as REST /settings/reminder-steps and /documents/:id/reminders. */
@Resolver()
export class RemindersResolver {
  constructor(
    private readonly steps: ReminderSteps,
    /** Not `documentReminders`: that is the query's method name. */
    private readonly perDocument: DocumentReminders,
  ) {}

  @Query(() => [ReminderStepType], { description: 'The company’s reminder steps by days' })
  @Requires(READ)
  async reminderSteps(@Ctx() { rc }: GraphQLContext) {
    return (await this.steps.list(rc)).steps;
  }

  @Mutation(() => [ReminderStepType], { description: 'Replaces the list; a step kept (same days) keeps what it sent' })
  @Requires(WRITE)
  async saveReminderSteps(
    @Ctx() { rc }: GraphQLContext,
    @Arg('steps', () => [ReminderStepInput]) steps: ReminderStepInput[],
  ) {
    return (await this.steps.replace(rc, { steps: steps.map(plain) })).steps;
  }

  @Query(() => DocumentRemindersType, { description: 'Whether the document gets reminders, and those sent' })
  @Requires(DOCUMENTS_READ)
  documentReminders(@Ctx() { rc }: GraphQLContext, @Arg('documentId', () => ID) documentId: string) {
    return this.perDocument.get(rc, documentId);
  }

  @Mutation(() => DocumentRemindersType, { description: 'Switches the document’s reminders off (false) or on' })
  @Requires(DOCUMENTS_WRITE)
  setDocumentReminders(
    @Ctx() { rc }: GraphQLContext,
    @Arg('documentId', () => ID) documentId: string,
    @Arg('enabled', () => Boolean) enabled: boolean,
  ) {
    return this.perDocument.update(rc, documentId, { enabled });
  }
}
