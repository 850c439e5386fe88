// The same property over time (issue 10, item 6): `Analysis.sameProperty` (the owner's other analyses of the
// place) and `Analysis.compareWith(otherId)` (two of them field by field). Same service as REST.
import { builder } from '../builder';
import { NotFoundError } from '../domain/errors';
import { compareAnalyses, sameProperty, type FieldChange, type PropertyMatch } from '../services/same-property';
import { AnalysisRef } from './analysis';
import { rawIdOf } from './ids';

const PropertyMatchRef = builder.objectRef<PropertyMatch>('PropertyMatch').implement({
  fields: (t) => ({
    analysis: t.field({ type: AnalysisRef, resolve: (m) => m.analysis }),
    match: t.exposeString('match', {
      description: '`place` (same geocoded address), `coordinates` (within 25 m) or `address` (same text).',
    }),
    distanceM: t.exposeFloat('distanceM', { nullable: true }),
  }),
});

const FieldChangeRef = builder.objectRef<FieldChange>('FieldChange').implement({
  fields: (t) => ({
    field: t.exposeString('field'),
    before: t.exposeString('before', { description: 'The earlier image’s value.' }),
    after: t.exposeString('after'),
    changed: t.exposeBoolean('changed'),
  }),
});

builder.objectFields(AnalysisRef, (t) => ({
  sameProperty: t.withAuth({ loggedIn: true }).field({
    type: [PropertyMatchRef],
    description: 'The viewer’s other finished analyses of this property, the most recent image first.',
    resolve: (a, _args, ctx) => (a.status === 'done' ? sameProperty(ctx.db, ctx.viewer, a.id) : []),
  }),
  compareWith: t.withAuth({ loggedIn: true }).field({
    type: [FieldChangeRef],
    nullable: true,
    description: 'This analysis and another of the same property, field by field (earlier → later); null when the other is not one.',
    args: { otherId: t.arg.id({ required: true }) },
    resolve: async (a, args, ctx) => {
      try {
        return (await compareAnalyses(ctx.db, ctx.viewer, a.id, rawIdOf(String(args.otherId), 'Analysis'))).fields;
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  }),
}));
