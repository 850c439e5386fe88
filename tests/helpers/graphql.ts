// GraphQL requests as the Relay client sends them: POST JSON to /graphql with a bearer token.
import type { TestApp } from './test-app';

export interface GraphqlResult<T> {
  status: number;
  data: T | null | undefined;
  errors: { message: string; extensions?: { code?: string } }[] | undefined;
}

export async function graphql<T = Record<string, unknown>>(
  app: TestApp,
  query: string,
  opts: { variables?: Record<string, unknown>; token?: string | null; headers?: Record<string, string> } = {},
): Promise<GraphqlResult<T>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    ...opts.headers,
  };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await app.request('/graphql', {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: opts.variables ?? {} }),
  });
  const body = (await res.json()) as { data?: T | null; errors?: GraphqlResult<T>['errors'] };
  return { status: res.status, data: body.data, errors: body.errors };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
