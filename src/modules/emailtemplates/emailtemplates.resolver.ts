import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import { EmailSettingsType, EmailTemplateType, SaveEmailTemplateInput } from './emailtemplates.graphql';
import type { EmailTemplates } from './emailtemplates.service';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;

/** The same service as REST /email-templates. */
@Resolver()
export class EmailTemplatesResolver {
  constructor(private readonly templates: EmailTemplates) {}

  @Query(() => [EmailTemplateType])
  @Requires(READ)
  emailTemplates(@Ctx() { rc }: GraphQLContext) {
    return this.templates.list(rc);
  }

  @Mutation(() => EmailTemplateType)
  @Requires(WRITE)
  saveEmailTemplate(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => SaveEmailTemplateInput) input: SaveEmailTemplateInput,
  ) {
    const { kind, language, step, ...text } = plain(input);
    return this.templates.save(rc, { kind, language, step: step ?? undefined }, text);
  }

  @Mutation(() => EmailTemplateType, { description: 'Back to Faktura’s default text' })
  @Requires(WRITE)
  resetEmailTemplate(
    @Ctx() { rc }: GraphQLContext,
    @Arg('kind', () => String) kind: string,
    @Arg('language', () => String) language: string,
    @Arg('step', () => Int, { nullable: true, description: 'REMINDER only: the step’s days' }) step?: number | null,
  ) {
    return this.templates.reset(rc, { kind, language, step: step ?? undefined });
  }

  @Query(() => EmailSettingsType, { description: 'REST: GET /api/v1/settings/emails' })
  @Requires(READ)
  emailSettings(@Ctx() { rc }: GraphQLContext) {
    return this.templates.settings(rc);
  }

  @Mutation(() => EmailSettingsType, { description: 'REST: PUT /api/v1/settings/emails' })
  @Requires(WRITE)
  saveEmailSettings(@Ctx() { rc }: GraphQLContext, @Arg('paymentThanks', () => Boolean) paymentThanks: boolean) {
    return this.templates.saveSettings(rc, { paymentThanks });
  }
}
