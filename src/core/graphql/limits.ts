import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { AppError } from '../errors';

/**
 * What one operation may ask for. Cost: every field costs 1 per time it is resolved; a field with a
 * `limit` argument multiplies its children by that limit, a list of objects without one by
 * UNPAGED_LIST_FACTOR (a page's own `data` list is already counted by its field's limit).
 */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxRootFields: number;
  maxCost: number;
}

export const QUERY_LIMITS: QueryLimits = { maxDepth: 12, maxAliases: 30, maxRootFields: 20, maxCost: 20_000 };
/**
 * Introspection (`__schema`, `__type`) is costed by the same rule against its own budget: the standard
 * introspection query of any client tool must pass, nested `fields { type { fields … } } }` must not.
 */
export const MAX_INTROSPECTION_COST = 100_000;
/** Tokens of one document: bounds parsing (graphql-js parses recursively) before any rule runs. */
export const MAX_QUERY_TOKENS = 10_000;
/** Selections visited once fragments are expanded (fragment fan-out and cycles stop here). */
const MAX_SELECTIONS = 20_000;
const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;
const UNPAGED_LIST_FACTOR = 10;

export class QueryTooDeep extends AppError {
  constructor(maxDepth: number) {
    super(400, 'QUERY_TOO_DEEP', `The operation nests fields more than ${maxDepth} levels deep`);
  }
}

export class QueryTooComplex extends AppError {
  constructor(message: string) {
    super(400, 'QUERY_TOO_COMPLEX', message);
  }
}

interface Frame {
  set: SelectionSetNode;
  type: GraphQLNamedType | undefined;
  depth: number;
  multiplier: number;
  introspection: boolean;
}

/** Refuses, before execution, an operation over any of the limits (one error per operation). */
export function queryLimitsRule(limits: QueryLimits = QUERY_LIMITS): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      const refusal = measure(context, node, limits);
      if (refusal) context.reportError(new GraphQLError(refusal.message, { nodes: [node], originalError: refusal }));
    },
  });
}

/** Iterative walk with fragments expanded: depth cannot exhaust the stack, cycles cannot loop. */
function measure(context: ValidationContext, operation: OperationDefinitionNode, limits: QueryLimits): AppError | null {
  const schema = context.getSchema();
  const root =
    operation.operation === OperationTypeNode.QUERY
      ? schema.getQueryType()
      : operation.operation === OperationTypeNode.MUTATION
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  const stack: Frame[] = [
    { set: operation.selectionSet, type: root ?? undefined, depth: 1, multiplier: 1, introspection: false },
  ];
  let visited = 0;
  let aliases = 0;
  let rootFields = 0;
  let cost = 0;
  let introspectionCost = 0;
  while (stack.length) {
    const frame = stack.pop()!;
    for (const selection of frame.set.selections) {
      if (++visited > MAX_SELECTIONS)
        return new QueryTooComplex(
          `The operation has more than ${MAX_SELECTIONS} selections once its fragments are expanded`,
        );
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : frame.type;
        stack.push({ ...frame, set: selection.selectionSet, type: type ?? undefined });
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = context.getFragment(selection.name.value);
        if (fragment)
          stack.push({
            ...frame,
            set: fragment.selectionSet,
            type: schema.getType(fragment.typeCondition.name.value) ?? undefined,
          });
        continue;
      }
      if (frame.depth > limits.maxDepth) return new QueryTooDeep(limits.maxDepth);
      if (selection.alias && ++aliases > limits.maxAliases)
        return new QueryTooComplex(`The operation uses more than ${limits.maxAliases} aliases`);
      if (frame.depth === 1 && ++rootFields > limits.maxRootFields)
        return new QueryTooComplex(`The operation selects more than ${limits.maxRootFields} root fields`);
      const introspection = frame.introspection || (frame.depth === 1 && selection.name.value.startsWith('__'));
      if (introspection) introspectionCost += frame.multiplier;
      else cost += frame.multiplier;
      if (introspectionCost > MAX_INTROSPECTION_COST)
        return new QueryTooComplex(
          `The operation's introspection could resolve more than ${MAX_INTROSPECTION_COST} fields`,
        );
      if (cost > limits.maxCost)
        return new QueryTooComplex(
          `The operation could resolve more than ${limits.maxCost} fields (a list's limit multiplies its fields)`,
        );
      if (!selection.selectionSet) continue;
      const field = fieldOf(frame.type, selection.name.value, frame.depth === 1 && frame.type === root);
      const factor = field ? listFactor(field, selection, frame.type!) : 1;
      // `__Type.ofType` unwraps one list or non-null wrapper: one object, yet the standard
      // introspection query nests it 7 times; it does not count as a level.
      const level = frame.type?.name === '__Type' && selection.name.value === 'ofType' ? 0 : 1;
      stack.push({
        set: selection.selectionSet,
        type: field ? getNamedType(field.type) : undefined,
        depth: frame.depth + level,
        multiplier: frame.multiplier * factor,
        introspection,
      });
    }
  }
  return null;
}

/** The schema's field, including the introspection entry points (typed, so their lists are costed too). */
function fieldOf(
  type: GraphQLNamedType | undefined,
  name: string,
  onQueryRoot: boolean,
): GraphQLField<unknown, unknown> | undefined {
  if (onQueryRoot && name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
  if (onQueryRoot && name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  return type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[name] : undefined;
}

function listFactor(field: GraphQLField<unknown, unknown>, node: FieldNode, parent: GraphQLNamedType): number {
  const limitArg = field.args.find((a) => a.name === 'limit');
  if (limitArg) {
    const given = node.arguments?.find((a) => a.name.value === 'limit')?.value;
    if (!given) return typeof limitArg.defaultValue === 'number' ? limitArg.defaultValue : DEFAULT_PAGE;
    // A variable's value is not known while validating: count the largest page.
    if (given.kind === Kind.INT) return Math.max(1, Number(given.value));
    return MAX_PAGE;
  }
  const type = getNullableType(field.type);
  if (isListType(type) && isCompositeType(getNamedType(type)) && !parent.name.endsWith('Connection'))
    return UNPAGED_LIST_FACTOR;
  return 1;
}

/**
 * Brackets a document may nest (`{`, `(`, `[` together). graphql-js parses recursively, and a few
 * thousand levels exhaust the stack before any rule runs, so this is checked on the text first.
 * A legal operation (12 field levels plus arguments and input objects) stays far below it.
 */
export const MAX_DOCUMENT_NESTING = 64;

/** Iterative scan of the raw text, skipping strings, block strings and comments. */
export function nestingExceeds(text: string, max = MAX_DOCUMENT_NESTING): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (c === '"' && text.startsWith('"""', i)) {
      let j = i + 3;
      while (j < text.length && !text.startsWith('"""', j))
        j += text[j] === '\\' && text.startsWith('"""', j + 1) ? 4 : 1;
      i = j + 2;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    } else if (c === '{' || c === '(' || c === '[') {
      if (++depth > max) return true;
    } else if (c === '}' || c === ')' || c === ']') {
      depth--;
    }
  }
  return false;
}
