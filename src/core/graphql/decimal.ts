import BigNumber from 'bignumber.js';
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Money, quantities and rates cross GraphQL as exact decimal strings ("1210.50"), never Float.
 * Input: a string, or a number literal taken by its text (so `12.10` is exact); a number variable is
 * accepted like REST accepts a JSON number. Ranges and decimal places are the services' rules (the
 * one decimal parser of core/fields), so GraphQL and REST refuse the same values.
 */
export const Decimal = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  description:
    'An exact decimal number as a string, e.g. "1210.50" (money has 2 places). Accepted as a string or a number.',
  serialize(value) {
    if (typeof value === 'string' && DECIMAL.test(value)) return value;
    if (typeof value === 'number' && Number.isFinite(value)) return new BigNumber(value).toFixed();
    if (BigNumber.isBigNumber(value) && value.isFinite()) return value.toFixed();
    throw new GraphQLError(`Decimal cannot represent ${String(value)}`);
  },
  parseValue(value) {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return new BigNumber(value).toFixed();
    throw new GraphQLError('Decimal must be a decimal string such as "1210.50" or a number');
  },
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return ast.value;
    throw new GraphQLError('Decimal must be a decimal string such as "1210.50" or a number', { nodes: [ast] });
  },
});
