// The REST layer's request and response shapes as zod, in one place: handlers parse their query strings
// and JSON bodies with these (parseQuery / parseBody), and the OpenAPI document (server/rest/openapi.ts)
// is generated from the very same objects with z.toJSONSchema, so the two cannot drift. Response shapes
// are checked against real answers by tests/integration/openapi.test.ts.
import { z } from 'zod';
import { analysisResultsSchema, findingSchema, provenanceSchema, scoreItemSchema } from '../analyzer/contract';
import { defensibleSpaceSchema } from '../analyzer/defensible-space';
import { AUDIT_KINDS } from '../services/audit';
import { MAX_REASON_LENGTH, REVIEW_FIELDS } from '../services/review-model';
import { RISK_LEVELS } from '../../common/constants';
import { ValidationError } from '../domain/errors';
import { errorCodes } from '../domain/errors';
import { ANALYSIS_FILTERS, ANALYSIS_SORTS } from '../services/analysis-search';
import { COMPARED_FINDINGS } from '../services/analysis-columns';
import { createApiKeyInput } from '../services/api-keys';
import { BATCH_ROW_STATES, createBatchInput, SCORE_MOVES } from '../services/batches';
import { fetchPropertyImageInput } from '../services/property-image';
import { createRiskZoneSchema } from '../services/risk-zones';
import { verifyUserInput } from '../services/users';
import { readJson, readOptionalJson } from './body';

// ——— parsing with the schemas ———

function validationError(error: z.ZodError, fallback: string): ValidationError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new ValidationError(issues[0]?.message ?? fallback, issues);
}

/** The query string as an object; a repeated parameter (`filters=a&filters=b`) is joined with commas. */
export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) raw[key] = url.searchParams.getAll(key).join(',');
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error, 'Invalid query parameters.');
  return result.data;
}

/** A JSON body (size-capped by readJson) parsed with `schema`; a body that is no object gets `notObject`. */
export async function parseBody<S extends z.ZodType>(
  schema: S,
  request: Request,
  notObject: string,
  maxBytes?: number,
): Promise<z.output<S>> {
  return parseBodyValue(schema, await readJson(request, maxBytes), notObject);
}

/** As `parseBody` for a body that may be left out (`readOptionalJson`): null without one. */
export async function parseOptionalBody<S extends z.ZodType>(
  schema: S,
  request: Request,
  notObject: string,
  maxBytes?: number,
): Promise<z.output<S> | null> {
  const body = await readOptionalJson(request, maxBytes);
  return body === undefined ? null : parseBodyValue(schema, body, notObject);
}

/** A body already parsed from JSON, checked with `schema`; one that is no object gets `notObject`. */
function parseBodyValue<S extends z.ZodType>(schema: S, body: unknown, notObject: string): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationError(notObject);
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error, notObject);
  return result.data;
}

// ——— shared pieces ———

/** A body whose fields a service parses (with the field schemas its documented body schema is made of). */
export const jsonObject = z.record(z.string(), z.unknown());

export const REST_LIST_DEFAULT = 100;
export const REST_LIST_MAX = 500;

const isoDate = z.iso.datetime({ offset: true }).describe('ISO 8601 date and time (UTC).');
const id = z.uuid();
const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string().describe('What went wrong, in words.'),
      detail: z
        .string()
        .optional()
        .describe('More about it, where known: why an analysis failed (POST /aerial/analyze), what an upload sent instead of a file.'),
    }),
  })
  .meta({ id: 'Error' });

export const idParam = (name: string, what: string) => z.object({ [name]: z.string().describe(what) });

/** `limit` and `cursor` of every REST list (the next page's URL is in the `Link` header). */
export const pageQuery = z.object({
  limit: z
    .preprocess(
      blankIsUnset,
      z
        .string()
        .regex(/^\d+$/, 'limit must be a whole number of at least 1.')
        .transform(Number)
        .pipe(z.number().min(1, 'limit must be a whole number of at least 1.'))
        .optional(),
    )
    .transform((n) => Math.min(REST_LIST_MAX, n ?? REST_LIST_DEFAULT))
    .describe(`Rows per page: ${REST_LIST_DEFAULT} by default, at most ${REST_LIST_MAX}.`),
  cursor: z
    .preprocess(blankIsUnset, z.string().optional())
    .transform((c) => c ?? null)
    .describe('From the `Link: <…>; rel="next"` header of the previous page.'),
});

/** The history's search, filters and sort (`GET /aerial/analyses`, the exports). */
export const historyQuery = z.object({
  q: z
    .string()
    .optional()
    .transform((q) => q || null)
    .describe('Search: every word must appear in the location or the result text (case-insensitive).'),
  filters: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const filters = (raw ?? '')
        .split(',')
        .map((f) => f.trim().toLowerCase())
        .filter(Boolean);
      for (const filter of filters) {
        if (!(ANALYSIS_FILTERS as readonly string[]).includes(filter)) {
          ctx.addIssue({ code: 'custom', message: `Unknown filter "${filter}"; filters are ${ANALYSIS_FILTERS.join(', ')}.` });
          return z.NEVER;
        }
      }
      return filters as (typeof ANALYSIS_FILTERS)[number][];
    })
    .describe(`Comma-separated or repeated, combined with AND: ${ANALYSIS_FILTERS.join(', ')}.`),
  // The service checks sort and order with its own messages; documented here as their enums.
  sort: z
    .string()
    .optional()
    .transform((s) => (s || null) as (typeof ANALYSIS_SORTS)[number] | null)
    .meta({ description: `${ANALYSIS_SORTS.join(' or ')}; date by default.`, enum: [...ANALYSIS_SORTS] }),
  order: z
    .string()
    .optional()
    .transform((o) => (o || null) as 'asc' | 'desc' | null)
    .meta({ description: 'asc or desc; desc by default.', enum: ['asc', 'desc'] }),
});

// ——— analyses ———

/** The analyzer's evidence as stored; a record adds the image's provenance (`Evidence`). */
const storedEvidenceSchema = z.object({
  findings: z.array(findingSchema),
  score_breakdown: z.array(scoreItemSchema),
  recommendations: z.array(z.string()),
  assessable: z.boolean(),
  unassessable_reasons: z.array(z.string()),
  defensible_space: defensibleSpaceSchema
    .optional()
    .describe('Vegetation in the fire-code zones around the subject building; absent on analyses made before it existed.'),
});

export const evidenceResponseSchema = storedEvidenceSchema.extend({ provenance: provenanceSchema }).meta({ id: 'Evidence' });

const analysisResults = analysisResultsSchema.meta({ id: 'AnalysisResults' });
const analysisStatus = z.enum(['queued', 'running', 'done', 'failed']);

export const reviewRecordSchema = z
  .object({
    reviewed_at: isoDate.nullable(),
    reviewed_by: z.string().nullable(),
    changes: z.array(
      z.object({
        field: z.string(),
        finding_index: z.number().int().nullable(),
        from: z.string(),
        to: z.string(),
        reason: z.string(),
        by: z.string(),
        at: z.string(),
      }),
    ),
    analyzer: z
      .object({
        risk_score: z.number().int().nullable(),
        analysis_results: analysisResults,
        evidence: storedEvidenceSchema.describe('As the analyzer gave it (the provenance is the record’s).'),
      })
      .describe('The analyzer’s original output, kept unchanged beside the reviewed values.'),
  })
  .meta({ id: 'Review' });

export const analysisRecordSchema = z
  .object({
    analysis_id: id,
    created_at: isoDate,
    status: analysisStatus,
    property_location: z.string(),
    risk_score: z.number().int().nullable().describe('Null until done, and when the image could not be assessed.'),
    image_item_id: id,
    image_analysis_id: id.nullable(),
    subject_point: z
      .object({ x: z.number(), y: z.number() })
      .nullable()
      .describe('The building the owner marked ("Wrong building?"), as shares 0–1 of the image; null: the building nearest the centre.'),
    analysis_results: analysisResults.nullable(),
    evidence: evidenceResponseSchema.nullable(),
    review: reviewRecordSchema
      .nullable()
      .describe('Null until the owner reviews it; the score, results and evidence above are then the reviewed ones.'),
  })
  .meta({ id: 'AnalysisRecord' });

export const analyzeBody = z.strictObject({
  subject_point: z
    .object({ x: z.number(), y: z.number() })
    .nullable()
    .optional()
    .describe('Where the owner marked their building: shares 0–1 of the image’s width (from the left) and height (from the top).'),
});

export const reviewBody = z.object({
  field: z.enum(REVIEW_FIELDS),
  value: z
    .string()
    .describe('The new value, from the field’s vocabulary (finding: confirmed or rejected; add_risk/remove_risk: its text).'),
  reason: z.string().max(MAX_REASON_LENGTH),
  finding_index: z.number().int().min(0).optional().describe('With field `finding`: which finding of the evidence.'),
});

export const auditEntrySchema = z
  .object({
    kind: z.enum(AUDIT_KINDS),
    actor: z.string(),
    at: isoDate,
    field: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });

const analysisWhen = { analysis_id: id, created_at: isoDate, captured_at: isoDate.nullable() };

export const samePropertySchema = z.object({
  ...analysisWhen,
  property_location: z.string(),
  risk_score: z.number().int().nullable(),
  match: z.enum(['place', 'coordinates', 'address']),
  distance_m: z.number().nullable(),
});

export const compareSchema = z.object({
  before: z.object(analysisWhen),
  after: z.object(analysisWhen),
  fields: z.array(z.object({ field: z.string(), before: z.string(), after: z.string(), changed: z.boolean() })),
});

export const analyzeDoneSchema = z.object({ analysis_id: id, results: analysisResults, evidence: evidenceResponseSchema });
export const analyzePendingSchema = z.object({
  analysis_id: id,
  status: z.enum(['queued', 'running']),
  results: z.null(),
  evidence: z.null(),
});

const bands = z.object({ low: z.number().int(), medium: z.number().int(), high: z.number().int() });
export const analysisStatisticsSchema = z.object({
  total_analyses: z.number().int(),
  not_assessable: z.number().int(),
  risk_scores: bands,
  risk_factors: z.object({
    pools: z.number().int(),
    spas: z.number().int(),
    trees_overhanging: z.number().int(),
    power_lines: z.number().int(),
  }),
  failed: z.number().int().describe('analyses that failed (no result); not in total_analyses'),
  in_progress: z.number().int().describe('analyses queued or running; not in total_analyses until they finish'),
});

export const itemIdSchema = z.object({ item_id: id });

export const uploadFormSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'JPEG, PNG or GIF, at most 10 MB.' }),
  property_location: z.string().optional(),
});

export const exportQuery = historyQuery.extend({
  format: z
    .preprocess((f) => (typeof f === 'string' && f ? f.toLowerCase() : 'csv'), z.string())
    .meta({ description: 'csv (default), json or geojson.', enum: ['csv', 'json', 'geojson'] }),
});

// ——— risk zones ———

export const riskZoneRecordSchema = z
  .object({ item_id: id, location: z.string(), risk_level: z.enum(RISK_LEVELS), details: z.string(), created_at: isoDate })
  .meta({ id: 'RiskZone' });

// Bodies that a service validates are documented with the service's own field schemas under their REST
// (snake_case) names: the handler passes the fields on and the service parses them with these very objects.
const zone = createRiskZoneSchema.shape;
export const createRiskZoneBody = z.object({ location: zone.location, details: zone.details, risk_level: zone.riskLevel });

export const riskZoneStatisticsSchema = z.object({ total_zones: z.number().int(), risk_levels: bands, last_updated: isoDate.nullable() });

// ——— users, places, configuration ———

const user = verifyUserInput.shape;
export const verifyUserBody = z.object({
  user_id: user.userId.describe('Must be the token’s uid.'),
  email: user.email,
  display_name: user.displayName,
  photo_url: user.photoUrl,
  email_verified: user.emailVerified,
  provider: user.provider,
});

export const userSchema = z.object({
  user: z.object({
    user_id: z.string(),
    email: z.string().nullable(),
    display_name: z.string().nullable(),
    photo_url: z.string().nullable(),
    email_verified: z.boolean(),
    provider: z.string(),
    created_at: isoDate,
    last_seen_at: isoDate,
  }),
});

export const guestSessionSchema = z.object({ deleted: z.boolean().describe('False when the account was not a guest’s.') });

export const guestTransferBody = z.object({
  guest_token: z.string().describe('The guest session’s Firebase ID token, read before signing in to the account.'),
});

export const guestTransferSchema = z.object({
  analyses: z.number().int().describe('Analyses now in the account (0 when the guest session had already ended).'),
  images: z.number().int(),
  risk_zones: z.number().int(),
});

export const autocompleteQuery = z.object({
  input: z.string().optional().describe('At least 3 characters; fewer answers [].'),
  session_token: z.string().optional().describe('Groups a typing session (billing of the Google provider).'),
});

export const predictionSchema = z.object({
  description: z.string(),
  place_id: z.string(),
  structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }),
});

const place = fetchPropertyImageInput.shape;
export const propertyImageBody = z.object({
  address: place.address.describe('An address, or "latitude, longitude". Either this or place_id.'),
  place_id: place.placeId.describe('A suggestion’s place_id (wins over address).'),
  session_token: place.sessionToken,
});

export const clientConfigSchema = z.object({
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string() }),
  authEmulatorUrl: z.string().nullable(),
  tokenSyncUrl: z.string().nullable(),
  setupHelp: z.boolean().describe('Whether screens may show server settings (environment variables): true outside production.'),
});

export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ responses: z.record(z.string(), z.unknown()) }))),
});

export const healthSchema = z.object({ status: z.literal('ok') });

// ——— API keys ———

export const apiKeySchema = z
  .object({
    id,
    name: z.string(),
    prefix: z.string().describe('The key’s first characters, to tell keys apart.'),
    created_at: isoDate,
    last_used_at: isoDate.nullable().describe('To the minute.'),
  })
  .meta({ id: 'ApiKey' });

export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('The key itself (`aerisk_…`). Shown this once: only its hash is kept.'),
});

export const createApiKeyBody = createApiKeyInput;

// ——— portfolio batches ———

const rowCounts = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  done: z.number().int(),
  not_found: z.number().int(),
  failed: z.number().int(),
  invalid: z.number().int().describe('Bad rows: no address, unparseable coordinates, duplicate reference.'),
});

export const batchSchema = z
  .object({
    batch_id: id,
    name: z.string(),
    source: z.enum(['csv', 'images']),
    created_at: isoDate,
    status: z.enum(['running', 'done']).describe('done when no row is queued or running.'),
    total_rows: z.number().int(),
    counts: rowCounts,
    older_analyzer_rows: z
      .number()
      .int()
      .describe(
        'Finished rows whose result an earlier version of the analyzer made; POST …/rerun analyses the batch again with the current one.',
      ),
    comparison: z
      .object({
        with_earlier: z.number().int().describe('Rows with an earlier result.'),
        compared: z.number().int().describe('Of those, rows scored both times.'),
        band_changed: z.number().int().describe('Compared rows whose risk band changed (`?band_changed=true` on the results lists them).'),
        higher: z.number().int().describe('Compared rows whose score rose.'),
        lower: z.number().int().describe('Compared rows whose score fell.'),
        findings_changed: z
          .number()
          .int()
          .describe(
            'Compared rows with a finding (pool, spa, trees, roof, solar, power lines, property condition) that differs (`?findings_changed=true` on the results lists them).',
          ),
      })
      .nullable()
      .describe('How the new scores compare with the rows’ earlier results; null when no row has one.'),
    results_url: z.string().describe('GET it for every row’s result (`?format=csv|json`).'),
  })
  .meta({ id: 'Batch' });

export const retriedBatchSchema = batchSchema
  .extend({ retried_rows: z.number().int().describe('How many failed rows were queued again.') })
  .meta({ id: 'RetriedBatch' });

export const rerunBatchSchema = batchSchema
  .extend({ queued_rows: z.number().int().describe('How many of its rows were queued (the rest kept a current result or are invalid).') })
  .meta({ id: 'RerunBatch' });

const findingField = z.enum(COMPARED_FINDINGS.map(([field]) => field));

export const changedFindingsSchema = z
  .object({
    findings: z
      .array(
        z.object({
          field: findingField.describe('The results column (as `changed_findings` names it).'),
          rows: z.number().int().describe('Compared rows on which it changed.'),
          changes: z
            .array(
              z.object({
                before: z.string().describe('The earlier value, as `changed_findings` prints it (empty: none).'),
                after: z.string().describe('The new value, the same way.'),
                rows: z.number().int(),
              }),
            )
            .describe('Each way it changed, the commonest first; they add up to `rows`.'),
        }),
      )
      .nullable()
      .describe(
        'The findings that changed, in the results columns’ order, with how many rows each changed on and which way; null while the batch runs or when no row has an earlier result.',
      ),
  })
  .meta({ id: 'ChangedFindings' });

export const batchResultSchema = z
  .object({
    row: z.number().int().describe('The CSV row (the header is row 1), or the image’s position (from 1).'),
    reference_id: z.string().nullable(),
    address: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    status: z.enum(BATCH_ROW_STATES),
    reason: z.string().nullable().describe('Why a row is not_found, failed or invalid, or why a done row has no score.'),
    analysis_id: id.nullable(),
    property_location: z.string().nullable(),
    risk_score: z.number().int().nullable(),
    risk_band: z.enum(RISK_LEVELS).nullable().describe('low below 34, medium 34–66, high 67 and above.'),
    property_condition: z.string().nullable(),
    pool: z.boolean().nullable(),
    pool_condition: z.string().nullable(),
    spa: z.boolean().nullable(),
    trees_overhanging: z.boolean().nullable(),
    tree_count: z.number().int().nullable(),
    trees_proximity: z.string().nullable(),
    roof_style: z.string().nullable(),
    roof_condition: z.string().nullable(),
    solar: z.boolean().nullable(),
    solar_coverage_percentage: z.number().nullable(),
    power_lines_crossing: z.boolean().nullable(),
    power_lines_proximity: z.string().nullable(),
    additional_risks: z.string().nullable().describe('Joined with "; ".'),
    analyzer_version: z.string().nullable().describe('Which analyzer made the row (its code and weights); null until done.'),
    file_name: z.string().nullable().describe('For a batch of images: the uploaded file’s name; null for map images.'),
    previous_analysis_id: id
      .nullable()
      .describe(
        'The earlier result this row is compared with: the image’s latest finished analysis when an image batch was made, or the first run’s result in a batch analysed again.',
      ),
    previous_risk_score: z.number().int().nullable().describe('The earlier result’s score (null when it has none).'),
    previous_risk_band: z.enum(RISK_LEVELS).nullable(),
    changed_findings: z
      .string()
      .nullable()
      .describe(
        'The findings that differ from the earlier result’s, as "pool: false → true; roof_condition: poor → good" (a results column, the earlier and the new value, in the columns’ order; "—" for a missing value). Empty when none differs; null unless this row and its earlier result were both scored.',
      ),
  })
  .meta({ id: 'BatchResult' });

const batchFields = createBatchInput.shape;
export const createBatchBody = z.object({
  name: batchFields.name.describe('A label; the CSV’s row count by default.'),
  csv: batchFields.csv.describe(
    'The CSV text: a header row naming `address`, or `latitude` and `longitude`, and optionally `reference_id` ' +
      '(or policy_id); at most 10,000 rows. Or send the file itself as the body with `Content-Type: text/csv`.',
  ),
  image_ids: batchFields.imageIds.describe('Ids (`item_id`) of your uploaded images, instead of a CSV.'),
  older_results: batchFields.olderResults.describe(
    'true: every image of yours whose latest result an earlier version of the analyzer made, instead of a CSV or a ' +
      'list (409 when there is none); a building you marked is kept.',
  ),
});
export const createBatchCsvBody = z.string().describe('The CSV file itself (`?name=` labels the batch).');
export const createBatchQuery = z.object({ name: z.string().optional().describe('With a text/csv body: the batch’s label.') });

/** A query flag: true or false (any case), absent or empty meaning false; anything else is a 400 naming it. */
const trueOrFalse = (name: string) =>
  z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? false
        : typeof v === 'string'
          ? ({ true: true, false: false } as Record<string, boolean>)[v.toLowerCase()]
          : v,
    z.boolean({ error: `${name} is true or false.` }),
  );

/**
 * A finding's value in a results filter: true, false or a word of the analysis contract, as the download prints it
 * (any case; empty or "—" for none).
 */
const findingValue = (name: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '—' ? '' : v.trim().toLowerCase()) : v),
      z.string().max(40, { error: `${name} is a finding's value, at most 40 characters.` }),
    )
    .optional();

export const batchResultsQuery = z
  .object({
    format: z
      .preprocess(
        (f) => (typeof f === 'string' && f ? f.toLowerCase() : 'csv'),
        z.enum(['csv', 'json'], { error: 'format is csv or json.' }),
      )
      .meta({ description: 'csv (default) or json.' }),
    band_changed: trueOrFalse('band_changed').meta({
      description:
        'true: only the rows whose risk band differs from their earlier result’s (`previous_risk_band`); false or absent: every row.',
    }),
    findings_changed: trueOrFalse('findings_changed').meta({
      description:
        'true: only the rows with a finding that differs from their earlier result’s (`changed_findings` not empty); false or absent: every row. With band_changed=true too: rows with both.',
    }),
    state: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z.enum(BATCH_ROW_STATES, { error: `state is one of ${BATCH_ROW_STATES.join(', ')}.` }).optional(),
      )
      .meta({ description: 'Only the rows in this state (as `status` gives it); with the other filters, rows that pass each.' }),
    score_moved: z
      .preprocess(
        (v) => (v === '' ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
        z.enum(SCORE_MOVES, { error: 'score_moved is higher or lower.' }).optional(),
      )
      .meta({
        description:
          'higher: only the rows whose score rose from their earlier result’s; lower: only those whose score fell (rounded, as `risk_score` and `previous_risk_score` give them).',
      }),
    changed_finding: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z.enum(findingField.options, { error: `changed_finding is one of ${findingField.options.join(', ')}.` }).optional(),
      )
      .meta({
        description:
          'Only the rows where this finding changed (a column of `changed_findings`); with the other filters, rows that pass each.',
      }),
    changed_from: findingValue('changed_from').meta({
      description:
        'With changed_finding: only the rows whose earlier value was this, as `changed_findings` prints it (true, false or a word such as good, any case; empty or — for none).',
    }),
    changed_to: findingValue('changed_to').meta({ description: 'With changed_finding: only the rows whose new value is this.' }),
  })
  .refine((q) => q.changed_finding !== undefined || (q.changed_from === undefined && q.changed_to === undefined), {
    error: 'changed_from and changed_to need changed_finding.',
    path: ['changed_finding'],
  });
