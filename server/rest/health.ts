// GET /healthz: 200 when the process can reach its database, 503 otherwise (for load balancers).
import type { Db } from '../db';
import { errorBody, json } from './errors';
import type { Route } from './router';

export function healthRoutes(db: Db): Route[] {
  return [
    {
      method: 'GET',
      path: '/healthz',
      async handle() {
        try {
          await db.$queryRaw`SELECT 1`;
          return json({ status: 'ok' });
        } catch (error) {
          console.error('[health] database check failed:', error);
          return json(errorBody('UNAVAILABLE', 'Database unavailable'), { status: 503 });
        }
      },
    },
  ];
}
