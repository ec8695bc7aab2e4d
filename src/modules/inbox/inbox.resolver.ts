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
import type { InboxService } from './inbox.service';

const READ = { section: 'costs', access: 'read' } as const;
const WRITE = { section: 'costs', access: 'write' } as const;

/** GraphQL carries files as base64 inside the JSON body, so its 1 MiB body limit bounds them; REST multipart takes 10 MB each. */
export const MAX_GRAPHQL_FILES = 10;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const uploadInput = z.object({
  files: z
    .array(
      z.object({
        filename: z.string().trim().min(1).max(255),
        contentBase64: z.string().regex(BASE64, 'must be base64 (A–Z, a–z, 0–9, +, / and = padding)'),
      }),
    )
    .min(1)
    .max(MAX_GRAPHQL_FILES),
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
    description: `As POST /inbox: each file becomes a QUEUED item. At most ${MAX_GRAPHQL_FILES} files within the 1 MiB request; larger files through REST multipart`,
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
