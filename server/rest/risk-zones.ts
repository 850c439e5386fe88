// The REST paths of spec §7 for risk zones (manual risk assessments) and their statistics. Thin: parse →
// service → shape.
import type { RiskZone } from '../generated/prisma/client';
import { REQUIRED_FIELDS_MESSAGE } from '../services/messages';
import { createRiskZone, deleteRiskZone, listRiskZones } from '../services/risk-zones';
import { riskZoneStatistics, type RiskZoneStatistics } from '../services/statistics';
import { json } from './errors';
import { pageParams, pageResponse } from './pages';
import { signedIn, type Route } from './router';
import { jsonObject, parseBody } from './schemas';

export function riskZoneRecord(zone: RiskZone) {
  return {
    item_id: zone.id,
    location: zone.location,
    risk_level: zone.riskLevel,
    details: zone.details,
    created_at: zone.createdAt.toISOString(),
  };
}

/** GET /aerial/statistics (spec §3). */
export function riskZoneStatisticsRecord(stats: RiskZoneStatistics) {
  return {
    total_zones: stats.totalZones,
    risk_levels: stats.riskLevels,
    last_updated: stats.lastUpdated?.toISOString() ?? null,
  };
}

export const riskZoneRoutes: Route[] = [
  {
    method: 'GET',
    path: '/aerial/risk-zones',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const url = new URL(req.request.url);
      return pageResponse(url, await listRiskZones(ctx.db, viewer, pageParams(url)), riskZoneRecord);
    },
  },
  {
    method: 'POST',
    path: '/aerial/risk-zones',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      // The service parses the fields with the schemas createRiskZoneBody (rest/schemas.ts) is made of.
      const fields = await parseBody(jsonObject, req.request, REQUIRED_FIELDS_MESSAGE);
      const zone = await createRiskZone(ctx.db, viewer, {
        location: fields.location,
        details: fields.details,
        riskLevel: fields.risk_level,
      });
      return json(riskZoneRecord(zone), { status: 201 });
    },
  },
  {
    method: 'DELETE',
    path: '/aerial/risk-zones/:id',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      await deleteRiskZone(ctx.db, viewer, req.params.id);
      return new Response(null, { status: 204 });
    },
  },
  {
    method: 'GET',
    path: '/aerial/statistics',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      return json(riskZoneStatisticsRecord(await riskZoneStatistics(ctx.db, viewer)));
    },
  },
];
