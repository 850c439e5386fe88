// Reviewing an analysis over REST (issue 10, item 1): POST /aerial/analysis/{id}/review applies one change
// `{field, value, reason, finding_index?}` and answers the analysis record; DELETE …/review reverts the whole
// review; GET /aerial/analysis/{id}/audit lists the audit trail. Thin: the services validate, authorise, rescore.
import { ValidationError } from '../domain/errors';
import { auditRecord, auditTrail } from '../services/audit';
import { reviewAnalysis, revertReview } from '../services/reviews';
import { analysisRecord } from './analyses';
import { readJson } from './body';
import { json } from './errors';
import { signedIn, type Route } from './router';

const BODY_KEYS = ['field', 'value', 'reason', 'finding_index'];

export const reviewRoutes: Route[] = [
  {
    method: 'POST',
    path: '/aerial/analysis/:id/review',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const body = await readJson(req.request);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ValidationError('Expected a JSON object {field, value, reason, finding_index?}.');
      }
      const unknown = Object.keys(body).filter((key) => !BODY_KEYS.includes(key));
      if (unknown.length > 0) {
        throw new ValidationError(`Unknown key "${unknown[0].slice(0, 40)}"; a review change has ${BODY_KEYS.join(', ')}.`);
      }
      const fields = body as Record<string, unknown>;
      const { analysis } = await reviewAnalysis(ctx.db, viewer, req.params.id, {
        field: fields.field,
        value: fields.value,
        reason: fields.reason,
        findingIndex: fields.finding_index,
      });
      return json(analysisRecord(analysis));
    },
  },
  {
    method: 'GET',
    path: '/aerial/analysis/:id/audit',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const entries = await auditTrail(ctx.db, viewer, req.params.id);
      return json(entries.map(auditRecord));
    },
  },
  {
    method: 'DELETE',
    path: '/aerial/analysis/:id/review',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const { analysis } = await revertReview(ctx.db, viewer, req.params.id);
      return json(analysisRecord(analysis));
    },
  },
];
