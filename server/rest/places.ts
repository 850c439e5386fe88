// GET /places/autocomplete (spec §7) and POST /aerial/property-image (the map flow's image, fetched by the
// server rather than uploaded by the browser: docs/decisions/006-imagery-providers.md). Thin: parse, call
// the same services as the GraphQL fields, shape the answer.
import { requireViewer } from '../auth/context';
import { placePredictions } from '../services/places';
import { fetchPropertyImage } from '../services/property-image';
import { json } from './errors';
import type { Route } from './router';
import { autocompleteQuery, jsonObject, parseBody, parseQuery } from './schemas';

export const placesRoutes: Route[] = [
  {
    method: 'GET',
    path: '/places/autocomplete',
    async handle({ request, context }) {
      const ctx = await context();
      const viewer = requireViewer(ctx);
      const query = parseQuery(autocompleteQuery, new URL(request.url));
      const predictions = await placePredictions(
        ctx.map,
        { analysis: ctx.analysis, viewer },
        query.input ?? null,
        query.session_token ?? null,
      );
      return json(predictions);
    },
  },
  {
    method: 'POST',
    path: '/aerial/property-image',
    async handle({ request, context }) {
      const ctx = await context();
      const viewer = requireViewer(ctx);
      const fields = await parseBody(jsonObject, request, 'Expected a JSON object with `address` or `place_id`.');
      const image = await fetchPropertyImage(ctx.analysis, ctx.map, viewer, {
        address: fields.address,
        placeId: fields.place_id,
        sessionToken: fields.session_token,
      });
      return json({ item_id: image.id }, { status: 201 });
    },
  },
];
