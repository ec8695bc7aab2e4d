import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { listArgs, PageArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import {
  ConvertDocumentInput,
  CreateDocumentInput,
  CreditNoteInput,
  FinalInvoiceInput,
  DocumentConnection,
  DocumentHistoryConnection,
  DocumentItemInput,
  DocumentTotalsPreviewType,
  ReverseChargeInput,
  DocumentGqlType,
  DocumentsArgs,
  DocumentState,
  DocumentVersionConnection,
  NumberingSeriesInput,
  NumberingSeriesType,
  SendDocumentEmailInput,
  UpdateDocumentInput,
} from './documents.graphql';
import type { DocumentServices } from './documents.routes';
import type { DocumentView } from './document.views';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;

/** The same services as REST. */
@Resolver(() => DocumentGqlType)
export class DocumentsResolver {
  constructor(private readonly s: DocumentServices) {}

  @Query(() => DocumentConnection)
  @Requires(READ)
  documents(@Ctx() { rc }: GraphQLContext, @Args() args: DocumentsArgs) {
    return this.s.documents.list(rc, listArgs(args));
  }

  @Query(() => DocumentGqlType)
  @Requires(READ)
  document(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.s.documents.get(rc, id);
  }

  @Query(() => DocumentHistoryConnection, {
    description: "A document's history, oldest first (REST: GET /api/v1/documents/:id/history)",
  })
  @Requires(READ)
  documentHistory(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string, @Args() page: PageArgs) {
    return this.s.documents.history(rc, id, pageInput(page));
  }

  @Query(() => String, {
    description:
      'The document as an ISDOC 6.0.2 e-invoice (XML); a quote, order or delivery note: DOCUMENT_NOT_PAYABLE (REST: GET /api/v1/documents/:id/isdoc)',
  })
  @Requires(READ)
  async documentIsdoc(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.s.einvoice.isdoc(rc.em, await this.s.documents.find(rc, id));
  }

  @Query(() => String, {
    description:
      'The document as a UBL 2.1 Invoice or CreditNote following EN 16931 (XML) (REST: GET /api/v1/documents/:id/ubl)',
  })
  @Requires(READ)
  async documentUbl(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.s.einvoice.ubl(rc.em, await this.s.documents.find(rc, id));
  }

  @FieldResolver(() => DocumentVersionConnection, {
    description:
      'The versions of the content since issue, oldest first; none for a draft (REST: GET /api/v1/documents/:id/versions)',
  })
  @Requires(READ)
  versions(@Ctx() { rc }: GraphQLContext, @Root() doc: DocumentView, @Args() page: PageArgs) {
    return this.s.documents.versions(rc, doc.id, pageInput(page));
  }

  @Mutation(() => DocumentGqlType, {
    description: 'A credit note (opravný daňový doklad) of an invoice (REST: POST /api/v1/documents/:id/credit-note)',
  })
  @Requires(WRITE)
  async createCreditNote(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => CreditNoteInput) input: CreditNoteInput,
  ) {
    return this.s.documents.view(await this.s.creditNotes.create(rc, id, plain(input)));
  }

  @Mutation(() => DocumentGqlType, {
    description:
      'The final invoice settling a proforma paid in advance, with its deduction lines (REST: POST /api/v1/documents/:id/final-invoice)',
  })
  @Requires(WRITE)
  async createFinalInvoice(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => FinalInvoiceInput, { nullable: true }) input?: FinalInvoiceInput,
  ) {
    return this.s.documents.view(await this.s.advances.finalInvoice(rc, id, input ? plain(input) : {}));
  }

  @Mutation(() => DocumentGqlType, {
    description:
      'A new document of another type from a QUOTE, ORDER, PROFORMA or DELIVERY_NOTE, linked both ways (REST: POST /api/v1/documents/:id/convert)',
  })
  @Requires(WRITE)
  async convertDocument(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ConvertDocumentInput) input: ConvertDocumentInput,
  ) {
    return this.s.documents.view(await this.s.conversions.convert(rc, id, plain(input)));
  }

  @Query(() => DocumentTotalsPreviewType, {
    description: 'What a document with these lines would total; nothing is stored',
  })
  @Requires(READ)
  documentTotalsPreview(
    @Arg('items', () => [DocumentItemInput]) items: DocumentItemInput[],
    @Arg('reverseCharge', () => ReverseChargeInput, { nullable: true }) reverseCharge?: ReverseChargeInput | null,
  ) {
    return this.s.documents.previewTotals({
      items: items.map(plain),
      reverseCharge: reverseCharge && plain(reverseCharge),
    });
  }

  @Mutation(() => DocumentGqlType)
  @Requires(WRITE)
  createDocument(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreateDocumentInput) input: CreateDocumentInput) {
    return this.s.documents.create(rc, plain(input));
  }

  @Mutation(() => DocumentGqlType)
  @Requires(WRITE)
  updateDocument(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateDocumentInput) input: UpdateDocumentInput,
  ) {
    return this.s.documents.update(rc, id, plain(input));
  }

  @Mutation(() => Boolean)
  @Requires(WRITE)
  async deleteDocument(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.s.documents.delete(rc, id);
    return true;
  }

  @Mutation(() => DocumentGqlType)
  @Requires(WRITE)
  transitionDocument(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('status', () => DocumentState) status: string,
  ) {
    return this.s.documents.transition(rc, id, { status });
  }

  @Mutation(() => DocumentGqlType)
  @Requires(WRITE)
  sendDocumentEmail(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SendDocumentEmailInput, { nullable: true }) input?: SendDocumentEmailInput,
  ) {
    return this.s.mailing.send(rc, id, plain(input));
  }

  @Query(() => [NumberingSeriesType])
  @Requires({ section: 'company_settings', access: 'read' })
  async numberingSeries(@Ctx() { rc }: GraphQLContext) {
    return (await this.s.numbering.list(rc)).series;
  }

  @Mutation(() => [NumberingSeriesType])
  @Requires({ section: 'company_settings', access: 'write' })
  async updateNumberingSeries(
    @Ctx() { rc }: GraphQLContext,
    @Arg('series', () => [NumberingSeriesInput]) series: NumberingSeriesInput[],
  ) {
    return (await this.s.numbering.update(rc, { series: series.map(plain) })).series;
  }
}
