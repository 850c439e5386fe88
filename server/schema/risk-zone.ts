// RiskZone: a manual risk assessment; the viewer's zones and their statistics, create and delete.
import { builder } from '../builder';
import { RISK_LEVELS } from '../../common/constants';
import { NotFoundError, ValidationError } from '../domain/errors';
import { uuidOrNone } from '../services/ids';
import { createRiskZone, deleteRiskZone, listRiskZones } from '../services/risk-zones';
import { riskZoneStatistics, type RiskZoneStatistics } from '../services/statistics';
import { RiskBandsRef } from './analysis';
import { typed } from './errors';
import { connectionOf, globalIdOf, pageSize, rawIdOf } from './ids';
import { UserRef, viewerAfterChange } from './user';

export const RiskLevelEnum = builder.enumType('RiskLevel', { values: RISK_LEVELS });

export const RiskZoneRef = builder.prismaNode('RiskZone', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id: uuidOrNone(id), AND: [{ ownerId: ctx.viewer?.uid ?? '' }] }),
  nullable: true,
  fields: (t) => ({
    itemId: t.exposeString('id', { description: 'The raw id (REST `item_id`).' }),
    location: t.exposeString('location'),
    riskLevel: t.field({ type: RiskLevelEnum, resolve: (zone) => zone.riskLevel }),
    details: t.exposeString('details'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const RiskZoneStatisticsRef = builder.objectRef<RiskZoneStatistics>('RiskZoneStatistics').implement({
  fields: (t) => ({
    totalZones: t.exposeInt('totalZones'),
    riskLevels: t.field({ type: RiskBandsRef, resolve: (s) => s.riskLevels }),
    lastUpdated: t.expose('lastUpdated', { type: 'DateTime', nullable: true }),
  }),
});

const RiskZonesConnection = builder.connectionObject({ type: RiskZoneRef, name: 'UserRiskZonesConnection' });

builder.prismaObjectFields(UserRef, (t) => ({
  riskZones: t.withAuth({ loggedIn: true }).field({
    type: RiskZonesConnection,
    description: 'The viewer’s risk zones, newest first.',
    args: { first: t.arg.int(), after: t.arg.string() },
    resolve: (user, args, ctx) =>
      typed(async () => {
        if (user.id !== ctx.viewer.uid) return connectionOf({ rows: [], hasNextPage: false, cursorOf: () => '' });
        return connectionOf(await listRiskZones(ctx.db, ctx.viewer, { first: pageSize(args.first), after: args.after }));
      }),
  }),
  riskZoneStatistics: t.withAuth({ loggedIn: true }).field({
    type: RiskZoneStatisticsRef,
    resolve: (_user, _args, ctx) => riskZoneStatistics(ctx.db, ctx.viewer),
  }),
}));

const CreateRiskZoneInput = builder.inputType('CreateRiskZoneInput', {
  fields: (t) => ({
    location: t.string({ required: true }),
    riskLevel: t.field({ type: RiskLevelEnum, description: 'Defaults to low.' }),
    details: t.string({ required: true }),
  }),
});

builder.mutationField('createRiskZone', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: RiskZoneRef,
    nullable: false,
    description: "Location and details are required ('Please fill in all required fields').",
    errors: { types: [ValidationError], result: { fields: (t) => ({ viewer: t.field(viewerAfterChange) }) } },
    args: { input: t.arg({ type: CreateRiskZoneInput, required: true }) },
    resolve: (_root, { input }, ctx) => typed(() => createRiskZone(ctx.db, ctx.viewer, input)),
  }),
);

const DeleteRiskZoneInput = builder.inputType('DeleteRiskZoneInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

builder.mutationField('deleteRiskZone', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: 'ID',
    nullable: false,
    errors: { types: [NotFoundError], result: { fields: (t) => ({ viewer: t.field(viewerAfterChange) }) } },
    args: { input: t.arg({ type: DeleteRiskZoneInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(async () => {
        const zone = await deleteRiskZone(ctx.db, ctx.viewer, rawIdOf(String(input.id), 'RiskZone'));
        return globalIdOf('RiskZone', zone.id);
      }),
  }),
);
