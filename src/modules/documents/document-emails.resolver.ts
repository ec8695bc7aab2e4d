import { Arg, Ctx, Field, FieldResolver, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import { PreviewEmailTemplateInput, RenderedEmailType } from '../emailtemplates/emailtemplates.module';
import type { DocumentEmails } from './document-emails';
import { DocumentGqlType } from './documents.graphql';
import type { DocumentView } from './document.views';

@ObjectType('SentReminder')
export class SentReminderType {
  @Field(() => Int, { nullable: true, description: 'The step’s days relative to the due date' })
  step!: number | null;
  @Field({ description: 'When the mail server accepted it' }) sentAt!: string;
}

/** The same service as REST: the templates' preview and a document's reminders. */
@Resolver(() => DocumentGqlType)
export class DocumentEmailsResolver {
  constructor(private readonly emails: DocumentEmails) {}

  @Query(() => RenderedEmailType, { description: 'REST: POST /api/v1/email-templates/preview' })
  @Requires({ section: 'company_settings', access: 'read' })
  emailTemplatePreview(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => PreviewEmailTemplateInput) input: PreviewEmailTemplateInput,
  ) {
    return this.emails.preview(rc, plain(input));
  }

  @FieldResolver(() => [SentReminderType], { description: 'The reminders delivered, newest first (at most 50)' })
  @Requires({ section: 'documents', access: 'read' })
  reminders(@Ctx() { rc }: GraphQLContext, @Root() doc: DocumentView) {
    return this.emails.reminders(rc.em, doc.id);
  }
}
