// Defensible space (issue 10, item 5): vegetation cover in the fire-code zones around the subject building,
// measured from the analyzer's roof and tree outlines (server/analyzer/defensible-space.ts).
import type { DefensibleSpace, DefensibleSpaceRing } from '../analyzer/defensible-space';
import { builder } from '../builder';
import { storedEvidence } from '../services/analyses';
import { AnalysisRef } from './analysis';

const RingRef = builder.objectRef<DefensibleSpaceRing>('DefensibleSpaceRing').implement({
  fields: (t) => ({
    zone: t.exposeString('zone', { description: '`0-1.5m`, `1.5-9m` or `9-30m` from the building’s edge.' }),
    innerM: t.exposeFloat('inner_m'),
    outerM: t.exposeFloat('outer_m'),
    areaM2: t.exposeFloat('area_m2', { description: 'Ground area of the zone the image shows.' }),
    vegetationM2: t.exposeFloat('vegetation_m2'),
    vegetationPct: t.exposeFloat('vegetation_pct'),
    visiblePct: t.exposeFloat('visible_pct', { description: 'How much of the zone lies inside the image.' }),
  }),
});

const DefensibleSpaceRef = builder.objectRef<DefensibleSpace>('DefensibleSpace').implement({
  fields: (t) => ({
    status: t.exposeString('status', { description: '`measured`, `needs_resolution` or `no_building`.' }),
    note: t.exposeString('note', { description: 'What was measured, or why not ("needs the image resolution").' }),
    rings: t.field({ type: [RingRef], resolve: (d) => d.rings }),
    pxPerM: t.float({ nullable: true, resolve: (d) => d.px_per_m }),
    roofPolygon: t.field({
      type: t.listRef(t.listRef('Float')),
      nullable: true,
      description: 'The subject roof the zones surround, in image pixels.',
      resolve: (d) => d.roof_polygon,
    }),
  }),
});

builder.objectFields(AnalysisRef, (t) => ({
  defensibleSpace: t.field({
    type: DefensibleSpaceRef,
    nullable: true,
    description: 'Null until done, and for analyses made before the zones were measured.',
    resolve: (a) => (a.status === 'done' ? (storedEvidence(a)?.defensible_space ?? null) : null),
  }),
}));
