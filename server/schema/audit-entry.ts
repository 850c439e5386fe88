// The audit trail (issue 10, item 2): `Analysis.auditTrail`, the owner's append-only log of the analysis.
import { builder } from '../builder';
import { AUDIT_KINDS, auditTrail } from '../services/audit';
import { AnalysisRef } from './analysis';

const AuditEntryRef = builder.prismaObject('AuditEntry', {
  description: 'One entry of an analysis’s append-only audit trail.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: AUDIT_KINDS.join(' · ') }),
    actor: t.exposeString('actor', { description: 'The owner (email) or the analyzer.' }),
    at: t.expose('at', { type: 'DateTime' }),
    field: t.exposeString('field', { nullable: true }),
    from: t.exposeString('fromValue', { nullable: true }),
    to: t.exposeString('toValue', { nullable: true }),
    reason: t.exposeString('reason', { nullable: true }),
    details: t.field({ type: 'JSON', resolve: (e) => e.details ?? {} }),
  }),
});

builder.objectFields(AnalysisRef, (t) => ({
  auditTrail: t.withAuth({ loggedIn: true }).field({
    type: [AuditEntryRef],
    description: 'Created, analysed, every review change, reports and exports, oldest first. Only the owner reads it.',
    resolve: (a, _args, ctx) => auditTrail(ctx.db, ctx.viewer, a.id),
  }),
}));
