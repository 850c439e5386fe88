// The same property over time (issue 10, item 6): GET /aerial/analysis/{id}/same-property lists the owner's
// other analyses of the place; GET /aerial/analysis/{id}/compare/{otherId} puts two of them side by side.
import { compareAnalyses, sameProperty } from '../services/same-property';
import { json } from './errors';
import { signedIn, type Route } from './router';

const when = (row: { image: { capturedAt: Date | null }; createdAt: Date }) => ({
  created_at: row.createdAt.toISOString(),
  captured_at: row.image.capturedAt?.toISOString() ?? null,
});

export const samePropertyRoutes: Route[] = [
  {
    method: 'GET',
    path: '/aerial/analysis/:id/same-property',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const matches = await sameProperty(ctx.db, viewer, req.params.id);
      return json(
        matches.map(({ analysis, match, distanceM }) => ({
          analysis_id: analysis.id,
          ...when(analysis),
          property_location: analysis.propertyLocation,
          risk_score: analysis.riskScore === null ? null : Math.round(analysis.riskScore),
          match,
          distance_m: distanceM,
        })),
      );
    },
  },
  {
    method: 'GET',
    path: '/aerial/analysis/:id/compare/:otherId',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const { before, after, fields } = await compareAnalyses(ctx.db, viewer, req.params.id, req.params.otherId);
      return json({
        before: { analysis_id: before.id, ...when(before) },
        after: { analysis_id: after.id, ...when(after) },
        fields,
      });
    },
  },
];
