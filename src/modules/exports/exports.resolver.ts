import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { listArgs } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import { CreateExportInput, ExportConnection, ExportCreatedType, ExportListArgs, ExportType } from './exports.graphql';
import type { ExportView, ExportsService } from './exports.service';

/** Each export needs read access to its resource's section: the service checks it, as for REST. */
const CALLER = { authenticated: true } as const;

/** GraphQL's filters are name/value pairs (the list's query parameters). */
function graphqlView(view: ExportView) {
  return { ...view, filters: Object.entries(view.filters).map(([name, value]) => ({ name, value: String(value) })) };
}

@Resolver()
export class ExportsResolver {
  constructor(private readonly service: ExportsService) {}

  @Mutation(() => ExportCreatedType, { description: 'As POST /exports: the export is QUEUED; poll export(id)' })
  @Requires(CALLER)
  createExport(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreateExportInput) input: CreateExportInput) {
    const { filters, ...rest } = listArgs(plain(input)) as { filters?: { name: string; value: string }[] };
    return this.service.create(rc, {
      ...rest,
      ...(filters && { filters: Object.fromEntries(filters.map((f) => [f.name, f.value])) }),
    });
  }

  @Query(() => ExportType, { name: 'export' })
  @Requires(CALLER)
  async exportOne(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return graphqlView(await this.service.get(rc, id));
  }

  @Query(() => ExportConnection)
  @Requires(CALLER)
  async exports(@Ctx() { rc }: GraphQLContext, @Args() args: ExportListArgs) {
    const page = await this.service.list(rc, listArgs(args));
    return { ...page, data: page.data.map(graphqlView) };
  }
}
