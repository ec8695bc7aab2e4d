import { Field, ID, Int, ArgsType, ObjectType, type ClassType } from 'type-graphql';

/** `{ data, nextCursor }`, the same page shape as REST lists. */
export function Connection<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(`${name}Connection`)
  class PageType {
    @Field(() => [item])
    data!: T[];

    @Field(() => String, { nullable: true })
    nextCursor!: string | null;
  }
  return PageType;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true })
  limit?: number;

  @Field(() => String, { nullable: true })
  cursor?: string;
}

/** The page, order and saved view of a list endpoint (REST: listInput in core/pagination.ts). */
@ArgsType()
export class ListArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: 'createdAt or -createdAt (newest first); documents and costs also issuedAt, -issuedAt',
  })
  sort?: string;

  @Field(() => ID, {
    nullable: true,
    description: 'A saved view: its filters and sort apply; the arguments given override them',
  })
  view?: string;
}

/** Drops absent args so the service applies its defaults. */
export function pageInput(args: PageArgs & Partial<ListArgs>): Record<string, unknown> {
  return listArgs({ limit: args.limit, cursor: args.cursor, sort: args.sort, view: args.view });
}

/** A list's arguments as its REST query: an argument given as null is a filter not set (GraphQL clients send null for "any"). */
export function listArgs(args: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== null));
}
