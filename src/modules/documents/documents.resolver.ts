import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Container } from '../../container';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../identity/identity.types';
import {
  CreateDocumentInput,
  DocumentConnection,
  DocumentGqlType,
  DocumentsArgs,
  DocumentState,
  NumberingSeriesInput,
  NumberingSeriesType,
  SendDocumentEmailInput,
  UpdateDocumentInput,
} from './documents.graphql';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;

/** The same services as REST; the container is read when a field resolves (schema generation has none). */
@Resolver()
export class DocumentsResolver {
  constructor(private readonly c: Container) {}

  @Query(() => DocumentConnection)
  @Requires(READ)
  documents(@Ctx() { rc }: GraphQLContext, @Args() args: DocumentsArgs) {
    return this.c.documents.list(rc, plain(args));
  }

  @Query(() => DocumentGqlType)
  @Requires(READ)
  document(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.c.documents.get(rc, id);
  }

  @Mutation(() => DocumentGqlType)
  @Requires(WRITE)
  createDocument(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreateDocumentInput) input: CreateDocumentInput) {
    return this.c.documents.create(rc, plain(input));
  }

  @Mutation(() => DocumentGqlType)
  @Requires(WRITE)
  updateDocument(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string, @Arg('input', () => UpdateDocumentInput) input: UpdateDocumentInput) {
    return this.c.documents.update(rc, id, plain(input));
  }

  @Mutation(() => Boolean)
  @Requires(WRITE)
  async deleteDocument(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.c.documents.delete(rc, id);
    return true;
  }

  @Mutation(() => DocumentGqlType)
  @Requires(WRITE)
  transitionDocument(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string, @Arg('status', () => DocumentState) status: string) {
    return this.c.documents.transition(rc, id, { status });
  }

  @Mutation(() => DocumentGqlType)
  @Requires(WRITE)
  sendDocumentEmail(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SendDocumentEmailInput, { nullable: true }) input?: SendDocumentEmailInput,
  ) {
    return this.c.documentMailing.send(rc, id, plain(input));
  }

  @Query(() => [NumberingSeriesType])
  @Requires({ section: 'company_settings', access: 'read' })
  async numberingSeries(@Ctx() { rc }: GraphQLContext) {
    return (await this.c.numbering.list(rc)).series;
  }

  @Mutation(() => [NumberingSeriesType])
  @Requires({ section: 'company_settings', access: 'write' })
  async updateNumberingSeries(@Ctx() { rc }: GraphQLContext, @Arg('series', () => [NumberingSeriesInput]) series: NumberingSeriesInput[]) {
    return (await this.c.numbering.update(rc, { series: series.map(plain) })).series;
  }
}
