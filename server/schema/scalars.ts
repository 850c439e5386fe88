// Scalars of the analysis domain: DateTime (ISO-8601 strings), JSON (provenance) and File (a file part
// of a GraphQL multipart request, which Yoga parses and puts into the variables).
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { builder } from '../builder';
import { isFilePart } from '../http/fetch-api';

builder.scalarType('DateTime', {
  description: 'An ISO-8601 date and time in UTC, e.g. 2026-11-22T10:15:00.000Z.',
  serialize: (value) => {
    const date = value instanceof Date ? value : new Date(value as string);
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date.');
    return date.toISOString();
  },
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO-8601 string.');
    return date;
  },
});

function literal(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literal(field.value)]));
    default:
      throw new GraphQLError('JSON literals cannot contain variables.');
  }
}

builder.scalarType('JSON', {
  description: 'Any JSON value (used for provenance, whose optional keys vary by provider).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});

builder.scalarType('File', {
  description: 'A file sent as a part of a GraphQL multipart request (graphql-multipart-request-spec).',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar.');
  },
  parseValue: (value) => {
    // Only Yoga's multipart parser puts a file into the variables; a JSON value never is one.
    if (!isFilePart(value)) throw new GraphQLError('File must be a file part of a multipart request.');
    return value;
  },
  parseLiteral: () => {
    throw new GraphQLError('File must be a file part of a multipart request, not a literal.');
  },
});
