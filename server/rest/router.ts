// A small route table for the REST compatibility paths. Handlers stay thin: parse the request,
// call a service, shape the answer; errors go through rest/errors.ts.
import { requireViewer, type Context, type ContextFactory, type Viewer } from '../auth/context';
import { AppError, NotFoundError } from '../domain/errors';
import { errorResponse } from './errors';

export interface RouteRequest {
  request: Request;
  params: Record<string, string>;
  /** The request context (verified viewer); built on demand, so public routes never verify tokens. */
  context(): Promise<Context>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `/aerial/analysis/:id` style; `:name` matches one path segment. */
  path: string;
  handle(req: RouteRequest): Promise<Response>;
}

/** A route's context and its signed-in viewer (401 for none). */
export async function signedIn(req: RouteRequest): Promise<{ ctx: Context; viewer: Viewer }> {
  const ctx = await req.context();
  return { ctx, viewer: requireViewer(ctx) };
}

function match(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (got[i] === '') return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) {
      return null;
    }
  }
  return params;
}

/** Returns a handler that answers the routes' paths and `null` for any other path. */
export function createRestHandler(routes: Route[], contextFactory: ContextFactory) {
  return async (request: Request): Promise<Response | null> => {
    const { pathname } = new URL(request.url);
    const matching: { route: Route; params: Record<string, string> }[] = [];
    for (const route of routes) {
      const params = match(route.path, pathname);
      if (params) matching.push({ route, params });
    }
    if (matching.length === 0) return null;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const hit = matching.find((m) => m.route.method === method);
    if (!hit) {
      const allow = [...new Set(matching.map((m) => m.route.method))].join(', ');
      const error = new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use ${allow}.`);
      const response = errorResponse(error);
      response.headers.set('allow', allow);
      return response;
    }
    let context: Promise<Context> | undefined;
    try {
      return await hit.route.handle({
        request,
        params: hit.params,
        context: () => (context ??= contextFactory(request)),
      });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function notFoundResponse(pathname: string): Response {
  return errorResponse(new NotFoundError(`No such path: ${pathname}`));
}
