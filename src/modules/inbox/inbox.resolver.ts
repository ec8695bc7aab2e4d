import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { listArgs } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import { parseInput, z } from '../../core/validation';
import {
  ConfirmInboxItemInput,
  InboxConfirmationType,
  InboxFileInput,
  InboxItemConnection,
  InboxItemType,
  InboxItemsArgs,
} from './inbox.graphql';
import { MAX_FILE_BYTES, MAX_FILES, type InboxService } from './inbox.service';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Only the decoding is GraphQL's: how many files, how large and of what type is the service's rule, as for REST. */
const uploadInput = z.object({
  files: z.array(
    z.object({
      filename: z.string(),
      contentBase64: z.string().regex(BASE64, 'must be base64 (A–Z, a–z, 0–9, +, / and = padding)'),
    }),
  ),
});

/** The same service as REST /inbox; a resolver only decodes the files and shapes the answers. */
@Resolver()
export class InboxResolver {
  constructor(private readonly service: InboxService) {}

  @Query(() => InboxItemConnection, { description: 'Newest first' })
  @Requires(READ)
  inboxItems(@Ctx() { rc }: GraphQLContext, @Args() args: InboxItemsArgs) {
    return this.service.list(rc, listArgs(args));
  }

  @Query(() => InboxItemType)
  @Requires(READ)
  inboxItem(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.get(rc, id);
  }

  @Mutation(() => [InboxItemType], {
    description: `As POST /inbox: each file becomes a QUEUED item. At most ${MAX_FILES} files, all within the 1 MiB request (REST multipart takes ${MAX_FILE_BYTES / 1024 / 1024} MB each)`,
  })
  @Requires(WRITE)
  uploadInboxFiles(@Ctx() { rc }: GraphQLContext, @Arg('files', () => [InboxFileInput]) files: InboxFileInput[]) {
    const parsed = parseInput(uploadInput, { files: files.map((f) => plain(f)) });
    return this.service.upload(
      rc,
      parsed.files.map((f) => ({ filename: f.filename, content: Buffer.from(f.contentBase64, 'base64') })),
    );
  }

  @Mutation(() => Boolean, { description: 'As DELETE /inbox/{id}' })
  @Requires(WRITE)
  async deleteInboxItem(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    await this.service.remove(rc, id);
    return true;
  }

  @Mutation(() => InboxConfirmationType, {
    description:
      'As POST /inbox/{id}/confirm: the proposal with these corrections becomes a cost, as one entered by hand',
  })
  @Requires(WRITE)
  confirmInboxItem(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ConfirmInboxItemInput, { nullable: true }) input?: ConfirmInboxItemInput | null,
  ) {
    return this.service.confirm(rc, id, plain(input));
  }
}
