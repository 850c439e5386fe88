// What the OpenAPI document says about each REST route, keyed `METHOD /path/:param` as the route table
// names them. The shapes are the zod objects of server/rest/schemas.ts that the handlers and services parse
// with; tests/integration/openapi.test.ts fails when a route has no entry here or answers another shape.
import type { z } from 'zod';
import * as s from './schemas';

export interface ResponseDoc {
  description: string;
  /** JSON body shape; absent for bodies without one (204) or not JSON (see contentTypes). */
  schema?: z.ZodType;
  /** Non-JSON bodies: content type → a schema of the body as text/bytes. */
  contentTypes?: string[];
  headers?: Record<string, string>;
}

export interface RouteDoc {
  summary: string;
  description?: string;
  tag: string;
  /** False for routes anyone may call. */
  auth?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: {
    schema: z.ZodType;
    contentType?: 'application/json' | 'multipart/form-data';
    alternatives?: Record<string, z.ZodType>;
    /** The request may have no body at all. */
    optional?: boolean;
  };
  responses: Record<number, ResponseDoc>;
}

const err = (description: string): ResponseDoc => ({ description, schema: s.errorSchema });
const LINK = { link: 'When more rows remain: `<…?cursor=…>; rel="next"`, the next page.' };
const analysisId = s.idParam('id', 'The analysis id (`analysis_id`).');
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

export const routeDocs: Record<string, RouteDoc> = {
  'POST /auth/verify-user': {
    tag: 'Account',
    summary: 'Record a sign-in',
    description: 'Sent by the client after each sign-in; `user_id` must be the token’s uid. Idempotent.',
    body: { schema: s.verifyUserBody },
    responses: {
      200: { description: 'The stored user.', schema: s.userSchema },
      400: err('Invalid fields.'),
      403: err('`user_id` is not the caller.'),
    },
  },
  'DELETE /auth/guest-session': {
    tag: 'Account',
    summary: 'End a guest session',
    description: 'Deletes a guest’s analyses, images, risk zones and anonymous account (spec §1).',
    responses: { 200: { description: 'Whether anything was deleted.', schema: s.guestSessionSchema } },
  },
  'POST /auth/guest-session/transfer': {
    tag: 'Account',
    summary: 'Move a guest session into this account',
    description:
      'Called signed in to an existing account, with the token of the guest session it replaced: the guest’s analyses, images, risk zones and audit trail become the account’s, and the anonymous account is deleted.',
    body: { schema: s.guestTransferBody },
    responses: {
      200: { description: 'What moved.', schema: s.guestTransferSchema },
      400: err('No `guest_token`, a token that is not a guest’s, or a guest session that can no longer be confirmed.'),
      403: err('Called from a guest session or with an API key.'),
      409: err('The guest session has since become an account of its own.'),
    },
  },
  'GET /api/client-config': {
    tag: 'Service',
    auth: false,
    summary: 'The web client’s Firebase settings',
    responses: { 200: { description: 'Public settings (no secrets).', schema: s.clientConfigSchema } },
  },
  'GET /healthz': {
    tag: 'Service',
    auth: false,
    summary: 'Health check',
    responses: { 200: { description: 'The database answers.', schema: s.healthSchema }, 503: err('The database does not answer.') },
  },
  'GET /api/openapi.json': {
    tag: 'Service',
    auth: false,
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1.', schema: s.openApiDocumentSchema } },
  },
  'GET /api/reference': {
    tag: 'Service',
    auth: false,
    summary: 'This document as a web page (works offline)',
    responses: { 200: { description: 'HTML.', contentTypes: ['text/html'] } },
  },
  'GET /places/autocomplete': {
    tag: 'Places',
    summary: 'Address suggestions',
    query: s.autocompleteQuery,
    responses: {
      200: { description: 'Predictions (spec §3).', schema: s.predictionSchema.array() },
      429: err('Too many suggestions this minute.'),
    },
  },
  'POST /aerial/property-image': {
    tag: 'Images',
    summary: 'Fetch the map image of an address or point',
    description: 'Geocodes, fetches a 600×400 zoom-20 picture from the imagery provider and stores it as an image.',
    body: { schema: s.propertyImageBody },
    responses: {
      201: { description: 'The stored image.', schema: s.itemIdSchema },
      400: err('No address.'),
      404: err('Address not found.'),
      429: err('Too many images this minute.'),
      503: err('The imagery provider failed or is not configured.'),
    },
  },
  'POST /aerial/upload': {
    tag: 'Images',
    summary: 'Upload an aerial image',
    body: { schema: s.uploadFormSchema, contentType: 'multipart/form-data' },
    responses: {
      201: { description: 'The stored image.', schema: s.itemIdSchema },
      400: err('No file.'),
      413: err('Over 10 MB.'),
      415: err('Not JPEG, PNG or GIF.'),
      429: err('Too many uploads this minute.'),
    },
  },
  'GET /aerial/image-file/by-id/:imageId': {
    tag: 'Images',
    summary: 'An image’s bytes',
    params: s.idParam('imageId', 'The image id (`item_id`).'),
    responses: { 200: { description: 'The image.', contentTypes: IMAGE_TYPES }, 404: err('No such image of yours.') },
  },
  'GET /aerial/analysis-image/:analysisId': {
    tag: 'Images',
    summary: 'The image an analysis looked at',
    params: s.idParam('analysisId', 'The analysis id.'),
    responses: { 200: { description: 'The image.', contentTypes: IMAGE_TYPES }, 404: err('No such analysis of yours.') },
  },
  'POST /aerial/analyze/:id': {
    tag: 'Analyses',
    summary: 'Analyse an image and wait for the result',
    description:
      'With no body, the building nearest the centre of the image is analysed. With `{"subject_point": {"x", "y"}}` ' +
      '(shares 0–1 of the image’s width from the left and height from the top), the building the owner marked there ' +
      'is; the point is kept as the analysis record’s `subject_point` and in `evidence.provenance.subject_point`.',
    params: s.idParam('id', 'The image id (`item_id`).'),
    body: { schema: s.analyzeBody, optional: true },
    responses: {
      200: { description: 'Done.', schema: s.analyzeDoneSchema },
      202: {
        description: 'Still running after the wait limit; read it at `Location`.',
        schema: s.analyzePendingSchema,
        headers: { location: '/aerial/analysis/{id}' },
      },
      400: err('The marked point is not on the image, or the body is not the documented JSON.'),
      404: err('No such image of yours.'),
      422: err('The analysis failed.'),
      429: err('Too many analyses this minute.'),
    },
  },
  'GET /aerial/analyses': {
    tag: 'Analyses',
    summary: 'History: your analyses',
    query: s.historyQuery.extend(s.pageQuery.shape),
    responses: {
      200: { description: 'One page, newest first by default.', schema: s.analysisRecordSchema.array(), headers: LINK },
      400: err('Bad parameter.'),
    },
  },
  'GET /aerial/analyses/export': {
    tag: 'Analyses',
    summary: 'History export (CSV, JSON, GeoJSON)',
    query: s.exportQuery,
    responses: {
      200: {
        description: 'Every matching analysis, as a download.',
        contentTypes: ['text/csv', 'application/json', 'application/geo+json'],
      },
      400: err('Unknown format or filter.'),
    },
  },
  'GET /aerial/analysis/:id': {
    tag: 'Analyses',
    summary: 'One analysis',
    params: analysisId,
    responses: { 200: { description: 'The analysis record.', schema: s.analysisRecordSchema }, 404: err('No such analysis of yours.') },
  },
  'DELETE /aerial/analysis/:id': {
    tag: 'Analyses',
    summary: 'Delete an analysis',
    params: analysisId,
    responses: { 204: { description: 'Deleted (its image too when nothing else uses it).' }, 404: err('No such analysis of yours.') },
  },
  'POST /aerial/analysis/:id/review': {
    tag: 'Review',
    summary: 'Review a finding or a feature, and rescore',
    description:
      'One change with its reason: confirm or reject a finding, set a feature’s value, add or remove an additional ' +
      'risk. The score is recomputed from the reviewed values; the analyzer’s output is kept beside them (`review.analyzer`).',
    params: analysisId,
    body: { schema: s.reviewBody },
    responses: {
      200: { description: 'The analysis record with the review.', schema: s.analysisRecordSchema },
      400: err('Unknown field, a value outside its vocabulary, no reason or a reason over 500 characters.'),
      404: err('No such analysis of yours.'),
      409: err('The analysis is not finished, or another review changed it at the same time.'),
    },
  },
  'DELETE /aerial/analysis/:id/review': {
    tag: 'Review',
    summary: 'Revert the review',
    description: 'Back to the analyzer’s values and score; the audit trail keeps every change and the revert.',
    params: analysisId,
    responses: {
      200: { description: 'The analysis record without a review.', schema: s.analysisRecordSchema },
      404: err('No such analysis of yours.'),
      409: err('The analysis has no review to revert.'),
    },
  },
  'GET /aerial/analysis/:id/audit': {
    tag: 'Review',
    summary: 'The audit trail',
    description: 'Append-only: created, analysed, each review change, reverts, reports and exports, oldest first.',
    params: analysisId,
    responses: { 200: { description: 'Every entry.', schema: s.auditEntrySchema.array() }, 404: err('No such analysis of yours.') },
  },
  'GET /aerial/analysis/:id/report.pdf': {
    tag: 'Review',
    summary: 'The property report (PDF)',
    description: 'One or two pages: the image with the findings, score and breakdown, findings, recommendations, provenance, review.',
    params: analysisId,
    responses: {
      200: { description: 'The report, as a download.', contentTypes: ['application/pdf'] },
      404: err('No such analysis of yours.'),
      409: err('The analysis is not finished.'),
    },
  },
  'GET /aerial/analysis/:id/same-property': {
    tag: 'Analyses',
    summary: 'Your other analyses of the same place',
    description: 'Same geocoded place, image centres within 25 m, or the same normalised address; newest first.',
    params: analysisId,
    responses: {
      200: { description: 'The matches (at most 50).', schema: s.samePropertySchema.array() },
      404: err('No such analysis of yours.'),
    },
  },
  'GET /aerial/analysis/:id/compare/:otherId': {
    tag: 'Analyses',
    summary: 'Two analyses of one place side by side',
    params: analysisId.extend(s.idParam('otherId', 'Another analysis of the same property.').shape),
    responses: {
      200: { description: 'Earlier and later, and each compared field.', schema: s.compareSchema },
      404: err('No such analysis of yours, or the other is not of the same property.'),
    },
  },
  'GET /aerial/analysis-statistics': {
    tag: 'Analyses',
    summary: 'Statistics of your finished analyses',
    responses: { 200: { description: 'Counts.', schema: s.analysisStatisticsSchema } },
  },
  'GET /aerial/risk-zones': {
    tag: 'Risk zones',
    summary: 'Your risk zones',
    query: s.pageQuery,
    responses: { 200: { description: 'One page, newest first.', schema: s.riskZoneRecordSchema.array(), headers: LINK } },
  },
  'POST /aerial/risk-zones': {
    tag: 'Risk zones',
    summary: 'Record a risk zone',
    body: { schema: s.createRiskZoneBody },
    responses: { 201: { description: 'The zone.', schema: s.riskZoneRecordSchema }, 400: err('Please fill in all required fields') },
  },
  'DELETE /aerial/risk-zones/:id': {
    tag: 'Risk zones',
    summary: 'Delete a risk zone',
    params: s.idParam('id', 'The zone id (`item_id`).'),
    responses: { 204: { description: 'Deleted.' }, 404: err('No such zone of yours.') },
  },
  'GET /aerial/statistics': {
    tag: 'Risk zones',
    summary: 'Risk zone statistics',
    responses: { 200: { description: 'Counts.', schema: s.riskZoneStatisticsSchema } },
  },
  'GET /api/keys': {
    tag: 'API keys',
    summary: 'Your API keys that still work',
    responses: { 200: { description: 'Newest first.', schema: s.apiKeySchema.array() } },
  },
  'POST /api/keys': {
    tag: 'API keys',
    summary: 'Create an API key',
    description: 'Needs a signed-in account (not a guest, not another key). The key is in this answer only.',
    body: { schema: s.createApiKeyBody },
    responses: {
      201: { description: 'The new key.', schema: s.createdApiKeySchema },
      400: err('No name, or too many keys.'),
      403: err('A guest or a key.'),
    },
  },
  'DELETE /api/keys/:id': {
    tag: 'API keys',
    summary: 'Revoke an API key',
    description: 'Refused from the next request on.',
    params: s.idParam('id', 'The key id.'),
    responses: { 204: { description: 'Revoked.' }, 404: err('No such key of yours.') },
  },
  'POST /aerial/batches': {
    tag: 'Batches',
    summary: 'Start a portfolio batch',
    description:
      'A CSV of up to 10,000 properties (address, or latitude and longitude; optional reference id), or a list of ' +
      'your images, or `older_results: true` (every image whose latest result an earlier analyzer made). Each row ' +
      'becomes an analysis of its map image; bad rows are kept as `invalid` with the reason.',
    body: { schema: s.createBatchBody, alternatives: { 'text/csv': s.createBatchCsvBody } },
    query: s.createBatchQuery,
    responses: {
      201: { description: 'The batch, running.', schema: s.batchSchema, headers: { location: '/aerial/batches/{id}' } },
      400: err('No CSV or image list, no address/coordinate columns, or more than 10,000 rows.'),
      403: err('A guest session.'),
      409: err('`older_results`: no result of yours is from an earlier analyzer.'),
      413: err('The CSV is over 4 MB.'),
    },
  },
  'GET /aerial/batches': {
    tag: 'Batches',
    summary: 'Your batches, newest first',
    query: s.pageQuery,
    responses: { 200: { description: 'One page (at most 100).', schema: s.batchSchema.array() } },
  },
  'GET /aerial/batches/:id': {
    tag: 'Batches',
    summary: 'A batch’s progress',
    params: s.idParam('id', 'The batch id.'),
    responses: { 200: { description: 'Rows per state.', schema: s.batchSchema }, 404: err('No such batch of yours.') },
  },
  'POST /aerial/batches/:id/retry': {
    tag: 'Batches',
    summary: 'Try the failed rows again',
    description:
      'Queues again every row whose map image could not be fetched or whose analysis failed; a row whose image was ' +
      'stored is analysed again. Rows not found or invalid stay as they are.',
    params: s.idParam('id', 'The batch id.'),
    responses: {
      200: { description: 'The batch, running again, with `retried_rows`.', schema: s.retriedBatchSchema },
      404: err('No such batch of yours.'),
      409: err('The batch has no failed rows.'),
    },
  },
  'POST /aerial/batches/:id/rerun': {
    tag: 'Batches',
    summary: 'Analyse a finished batch again with the current analyzer',
    description:
      'A new batch of the same rows (numbers, references and addresses kept); the first keeps its results. A row whose ' +
      'result the current analyzer made keeps that analysis; a row with a stored image is analysed again on it; a CSV ' +
      'row without one is looked up again; invalid rows stay invalid.',
    params: s.idParam('id', 'The batch id.'),
    responses: {
      201: {
        description: 'The new batch, running, with `queued_rows`.',
        schema: s.rerunBatchSchema,
        headers: { location: '/aerial/batches/{id}' },
      },
      403: err('A guest session.'),
      404: err('No such batch of yours.'),
      409: err('The batch is still running, or every result in it is from the current analyzer.'),
    },
  },
  'GET /aerial/batches/:id/changed-findings': {
    tag: 'Batches',
    summary: 'Which findings changed, on how many rows, which way',
    description:
      'For a batch whose rows have earlier results (analysed again, or a batch of images analysed before): each finding that differs from the earlier result, with its rows and each way it changed. Counted once the batch has finished (`findings` is null before); `…/results?changed_finding=…` lists the rows.',
    params: s.idParam('id', 'The batch id.'),
    responses: {
      200: { description: 'The findings that changed.', schema: s.changedFindingsSchema },
      404: err('No such batch of yours.'),
    },
  },
  'GET /aerial/batches/:id/results': {
    tag: 'Batches',
    summary: 'Every row’s result, or the rows of one state or change (CSV or JSON)',
    description: 'One line per row, in file order, with its state and reason, the score, band and every feature.',
    params: s.idParam('id', 'The batch id.'),
    query: s.batchResultsQuery,
    responses: {
      200: { description: 'A download.', schema: s.batchResultSchema.array(), contentTypes: ['text/csv'] },
      400: err(
        'Unknown format or state; band_changed or findings_changed neither true nor false; score_moved neither higher nor lower; an unknown changed_finding, or changed_from or changed_to without it.',
      ),
      404: err('No such batch of yours.'),
    },
  },
};
