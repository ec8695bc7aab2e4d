import { Arg, Args, ArgsType, Ctx, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import { ListArgs, pageInput } from '../../core/graphql/connection';
import { Requires, type GraphQLContext } from '../../core/graphql/context';
import { plain } from '../../core/graphql/plain';
import type { ContactsService } from './contacts.service';
import {
  ContactConnection,
  ContactKind,
  ContactRecord,
  CreateContactInput,
  UpdateContactInput,
} from './contacts.types';

@ArgsType()
class ContactFilterArgs extends ListArgs {
  @Field(() => Boolean, { nullable: true }) archived?: boolean;
  @Field(() => ContactKind, { nullable: true }) type?: ContactKind;
  @Field(() => String, { nullable: true, description: 'Substring of name, e-mail, IČO or DIČ' }) search?: string;
}

/** Absent and null filters both mean "no filter". */
function present(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null));
}

const READ = { section: 'contacts', access: 'read' } as const;
const WRITE = { section: 'contacts', access: 'write' } as const;

@Resolver()
export class ContactsResolver {
  constructor(private readonly service: ContactsService) {}

  @Query(() => ContactConnection)
  @Requires(READ)
  contacts(@Ctx() { rc }: GraphQLContext, @Args() args: ContactFilterArgs) {
    return this.service.list(rc, {
      ...pageInput(args),
      ...present({ archived: args.archived, type: args.type, search: args.search }),
    });
  }

  @Query(() => ContactRecord)
  @Requires(READ)
  contact(@Ctx() { rc }: GraphQLContext, @Arg('id', () => ID) id: string) {
    return this.service.get(rc, id);
  }

  @Mutation(() => ContactRecord)
  @Requires(WRITE)
  createContact(@Ctx() { rc }: GraphQLContext, @Arg('input', () => CreateContactInput) input: CreateContactInput) {
    return this.service.create(rc, plain(input));
  }

  @Mutation(() => ContactRecord)
  @Requires(WRITE)
  updateContact(
    @Ctx() { rc }: GraphQLContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateContactInput) input: UpdateContactInput,
  ) {
    return this.service.update(rc, id, plain(input));
  }
}
