import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import {
  EmailTemplateType,
  PreviewEmailTemplateInput,
  RenderedEmailType,
  SaveEmailTemplateInput,
} from './emailtemplates.graphql';
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
    const { kind, language, ...text } = plain(input);
    return this.templates.save(rc, { kind, language }, text);
  }

  @Mutation(() => EmailTemplateType, { description: 'Back to Faktura’s default text' })
  @Requires(WRITE)
  resetEmailTemplate(
    @Ctx() { rc }: GraphQLContext,
    @Arg('kind', () => String) kind: string,
    @Arg('language', () => String) language: string,
  ) {
    return this.templates.reset(rc, { kind, language });
  }

  @Query(() => RenderedEmailType)
  @Requires(READ)
  emailTemplatePreview(
    @Ctx() { rc }: GraphQLContext,
    @Arg('input', () => PreviewEmailTemplateInput) input: PreviewEmailTemplateInput,
  ) {
    return this.templates.preview(rc, plain(input));
  }
}
