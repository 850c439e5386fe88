// fieldsSelectedAt (server/schema/selection.ts): the fields a request selects below a field, through fragments and
// inline fragments, as the batch rows read them to decide whether the analyses can be read slim.
import { buildSchema, graphql, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fieldsSelectedAt } from '../../../server/schema/selection';

const schema = buildSchema(`
  type Analysis { id: ID! riskScore: Int status: String findings: [String!]! }
  type Row { rowNumber: Int! analysis: Analysis }
  type Edge { node: Row! cursor: String! }
  type Rows { edges: [Edge!]! }
  type Query { rows: Rows! }
`);

/** The fields `query` selects at `path` below `rows`, as the resolver of `rows` sees them. */
async function selectedAt(query: string, path: string[]): Promise<string[]> {
  let seen: string[] = [];
  const result = await graphql({
    schema,
    source: query,
    rootValue: {
      rows: (_args: unknown, _ctx: unknown, info: GraphQLResolveInfo) => {
        seen = [...fieldsSelectedAt(info, path)].sort();
        return { edges: [] };
      },
    },
  });
  expect(result.errors).toBeUndefined();
  return seen;
}

describe('fieldsSelectedAt', () => {
  it('reads the fields at a path of plain selections', async () => {
    const query = '{ rows { edges { cursor node { rowNumber analysis { riskScore status } } } } }';
    expect(await selectedAt(query, ['edges', 'node', 'analysis'])).toEqual(['riskScore', 'status']);
    expect(await selectedAt(query, ['edges', 'node'])).toEqual(['analysis', 'rowNumber']);
  });

  it('follows fragment spreads and inline fragments at every level, and counts __typename', async () => {
    const query = `
      query { rows { ...Page edges { node { analysis { __typename ... on Analysis { status } } } } } }
      fragment Page on Rows { edges { node { ...RowBits } } }
      fragment RowBits on Row { analysis { ...Heavy riskScore } }
      fragment Heavy on Analysis { findings }`;
    expect(await selectedAt(query, ['edges', 'node', 'analysis'])).toEqual(['__typename', 'findings', 'riskScore', 'status']);
  });

  it('counts a field under @skip or @include as selected, and gives nothing where nothing is selected', async () => {
    const query = 'query($heavy: Boolean!) { rows { edges { node { analysis { id findings @include(if: $heavy) } } } } }';
    let seen: string[] = [];
    await graphql({
      schema,
      source: query,
      variableValues: { heavy: false },
      rootValue: {
        rows: (_a: unknown, _c: unknown, info: GraphQLResolveInfo) => {
          seen = [...fieldsSelectedAt(info, ['edges', 'node', 'analysis'])].sort();
          return { edges: [] };
        },
      },
    });
    expect(seen).toEqual(['findings', 'id']);
    expect(await selectedAt('{ rows { edges { node { rowNumber } } } }', ['edges', 'node', 'analysis'])).toEqual([]);
  });
});
