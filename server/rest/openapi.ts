// The OpenAPI 3.1 document of every REST route, built at start from the route table and the zod schemas
// the handlers parse with (server/rest/openapi-docs.ts, schemas.ts) — never written by hand — and served
// at GET /api/openapi.json, with a self-contained reference page at GET /api/reference (reference-page.ts).
import { z } from 'zod';
import { json } from './errors';
import { routeDocs, type ResponseDoc, type RouteDoc } from './openapi-docs';
import { renderReferencePage } from './reference-page';
import { errorSchema } from './schemas';
import type { Route } from './router';

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
  tags: { name: string }[];
  security: Record<string, string[]>[];
};

/** `/aerial/analysis/:id` → `/aerial/analysis/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/**
 * One zod schema as a JSON Schema (2020-12, OpenAPI 3.1's dialect). Schemas with a `meta({ id })` become
 * shared components: zod puts them in `$defs`, which are moved to `components.schemas` with refs rewritten.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const suffix = io === 'input' ? 'Input' : '';
  const rename = (id: string) =>
    components[id] && JSON.stringify(components[id]) !== JSON.stringify(($defs ?? {})[id]) ? `${id}${suffix}` : id;
  const names = new Map(Object.keys($defs ?? {}).map((id) => [id, rename(id)]));
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const out: JsonSchema = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? `#/components/schemas/${names.get(inner.slice(8)) ?? inner.slice(8)}`
          : rewrite(inner);
    }
    return out;
  };
  for (const [id, def] of Object.entries($defs ?? {})) components[names.get(id)!] = rewrite(def) as JsonSchema;
  return rewrite(rest) as JsonSchema;
}

function parameters(doc: RouteDoc, components: Record<string, JsonSchema>) {
  const list: Record<string, unknown>[] = [];
  for (const [where, shape] of [
    ['path', doc.params],
    ['query', doc.query],
  ] as const) {
    if (!shape) continue;
    const schema = toSchema(shape, 'input', components) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const { description, ...rest } = property;
      list.push({
        name,
        in: where,
        required: where === 'path' || (schema.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return list;
}

function response(res: ResponseDoc, components: Record<string, JsonSchema>) {
  const content: Record<string, unknown> = {};
  if (res.schema) content['application/json'] = { schema: toSchema(res.schema, 'output', components) };
  for (const type of res.contentTypes ?? []) {
    content[type] = { schema: type.startsWith('image/') ? { type: 'string', contentMediaType: type } : { type: 'string' } };
  }
  const headers = Object.fromEntries(
    Object.entries(res.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
  );
  return {
    description: res.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

const UNAUTHENTICATED: ResponseDoc = { description: 'No, an invalid, expired or revoked token or API key.', schema: errorSchema };
const RATE_LIMITED: ResponseDoc = {
  description: 'A per-minute limit is spent (this API key’s requests, or the action’s); see `Retry-After`.',
  schema: errorSchema,
  headers: { 'retry-after': 'Seconds until the limit resets.' },
};

export function buildOpenApiDocument(routes: Route[]): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const doc = routeDocs[routeKey(route)] ?? {
      tag: 'Undocumented',
      summary: `${route.method} ${route.path}`,
      responses: { 200: { description: 'Not documented yet.' } },
    };
    tags.add(doc.tag);
    const responses: Record<string, unknown> = {};
    const all: Record<number, ResponseDoc> = { ...doc.responses };
    if (doc.auth !== false) {
      all[401] ??= UNAUTHENTICATED;
      all[429] ??= RATE_LIMITED;
    }
    for (const [status, res] of Object.entries(all)) responses[status] = response(res, components);
    const body = doc.body
      ? {
          required: !doc.body.optional,
          content: Object.fromEntries(
            Object.entries({ [doc.body.contentType ?? 'application/json']: doc.body.schema, ...doc.body.alternatives }).map(
              ([type, schema]) => [type, { schema: toSchema(schema, 'input', components) }],
            ),
          ),
        }
      : undefined;
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: [doc.tag],
      ...(doc.auth === false ? { security: [] } : {}),
      parameters: parameters(doc, components),
      ...(body ? { requestBody: body } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Aerisk REST API',
      version: '1',
      description:
        'Property risk from aerial imagery. Authenticate with `Authorization: Bearer <token>`: a Firebase ID token ' +
        'of a signed-in user, or an API key (`aerisk_…`, made on the profile screen). Every path answers only the ' +
        'caller’s own data; errors are `{"error": {"code", "message"}}`. GraphQL (the same services) is at `/graphql`.',
    },
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Firebase ID token or API key.' } },
    },
    tags: [...tags].map((name) => ({ name })),
    security: [{ bearer: [] }],
  };
}

function operationId(route: Route): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part));
  return [route.method.toLowerCase(), ...words].join('-').replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase());
}

/** GET /api/openapi.json and GET /api/reference over the given routes (which should include these two). */
export function openApiRoutes(allRoutes: () => Route[]): Route[] {
  let document: OpenApiDocument | null = null;
  let page: string | null = null;
  const built = () => (document ??= buildOpenApiDocument(allRoutes()));
  return [
    {
      method: 'GET',
      path: '/api/openapi.json',
      handle: async () => {
        const response = json(built());
        response.headers.set('cache-control', 'no-cache');
        return response;
      },
    },
    {
      method: 'GET',
      path: '/api/reference',
      handle: async () =>
        new Response((page ??= renderReferencePage(built())), {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-cache',
            // Everything is inline; nothing is fetched from anywhere.
            'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
          },
        }),
    },
  ];
}
