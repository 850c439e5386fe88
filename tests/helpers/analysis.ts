// Helpers for the analysis-domain integration tests (issue 4): images made with sharp, and a
// scripted analyzer whose observations the test chooses (so search, filters, sort and statistics
// can be checked exactly). One test file uses the real local analyzer.
import sharp from 'sharp';
import { assembleOutput, unknownObservations } from '../../server/analyzer/assemble';
import type { Analyzer, AnalyzeContext, Finding, Observations } from '../../server/analyzer/contract';
import type { EmulatorUser } from './auth-emulator-users';

// The app factory is the one in test-app.ts; analysis tests have always imported it from here.
export { createAnalysisTestApp, type AnalysisTestApp } from './test-app';

export function auth(user: EmulatorUser | { idToken: string }): Record<string, string> {
  return { authorization: `Bearer ${user.idToken}` };
}

// ——— images ———

/** A small overhead-looking scene: lawn, a roof, a pool and two tree crowns. */
export async function sceneImage(format: 'png' | 'jpeg' = 'png', width = 320, height = 240): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#6d8f4e"/>
    <rect x="${width * 0.3}" y="${height * 0.3}" width="${width * 0.35}" height="${height * 0.3}" fill="#8a5a44"/>
    <rect x="${width * 0.72}" y="${height * 0.65}" width="${width * 0.15}" height="${height * 0.12}" fill="#3fa7d6"/>
    <circle cx="${width * 0.2}" cy="${height * 0.25}" r="${height * 0.1}" fill="#2f5d2a"/>
    <circle cx="${width * 0.28}" cy="${height * 0.75}" r="${height * 0.08}" fill="#2f5d2a"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

// ——— a scripted analyzer ———

export type Script = Partial<Omit<Observations, 'pool' | 'spa' | 'trees' | 'roof' | 'solar' | 'power_lines'>> & {
  pool?: boolean;
  spa?: boolean;
  /** Tree count and proximity; overhanging ⇔ touching. */
  trees?: { count: number; proximity: Observations['trees']['proximity'] };
  roof?: Partial<Observations['roof']>;
  solar?: number;
  powerLines?: Observations['power_lines'];
  assessable?: boolean;
  /** Milliseconds the analysis takes (to watch progress). */
  delayMs?: number;
  /** Throw instead of answering. */
  fail?: boolean;
  /** Findings the analyzer reports (besides the damage finding a poor roof gets). */
  findings?: Finding[];
  /** Ground resolution the analyzer reports (else the image's own, usually unknown for a test upload). */
  gsdMPerPx?: number;
};

/** A finding of `feature` outlined by a box, as a scripted analyzer reports it. */
export function boxFinding(feature: Finding['feature'], note: string, box = [100, 80, 160, 120], confidence = 0.8): Finding {
  const [x0, y0, x1, y1] = box;
  return {
    feature,
    confidence,
    polygon: [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    area_m2: null,
    note,
    analyzer: 'scripted',
  };
}

/**
 * A property the scoring module puts at exactly 67, High: building 5 + roof fair 12 + trees touching 20 + pool 10
 * + a power line over the structure 20. Rejecting the pool brings it to 57, Medium (the review tests).
 */
export function highRiskScript(findings: Finding[]): Script {
  return {
    pool: true,
    trees: { count: 2, proximity: 'touching' },
    roof: { condition: 'fair' },
    powerLines: { crossing_property: false, proximity: 'over_structure' },
    findings,
  };
}

function observationsFor(script: Script): Observations {
  const base = unknownObservations();
  const trees = script.trees ?? { count: 0, proximity: 'none' as const };
  return {
    ...base,
    property_condition: script.property_condition ?? 'good',
    pool: script.pool ? { present: true, location: 'north-east of the main building', condition: 'clean' } : base.pool,
    spa: script.spa ? { present: true, location: 'beside the pool' } : base.spa,
    trees: { count: trees.count, proximity: trees.proximity, overhanging: trees.proximity === 'touching' },
    roof: { style: script.roof?.style ?? 'gable', condition: script.roof?.condition ?? 'good' },
    solar: script.solar ? { present: true, coverage_percentage: script.solar } : base.solar,
    power_lines: script.powerLines ?? base.power_lines,
    additional_risks: script.additional_risks ?? [],
  };
}

function damageFinding(): Finding {
  return {
    feature: 'damage',
    confidence: 0.9,
    polygon: [
      [10, 10],
      [60, 10],
      [60, 40],
      [10, 40],
    ],
    area_m2: null,
    note: 'tarp on the north slope',
    analyzer: 'scripted',
  };
}

/**
 * Answers with the script chosen for the image's property location (`scripts[location]`, or
 * `scripts['*']`), assembled and scored by the real contract module.
 */
export function scriptedAnalyzer(scripts: Record<string, Script>): Analyzer & { calls: AnalyzeContext[] } {
  const calls: AnalyzeContext[] = [];
  return {
    name: 'scripted',
    calls,
    async analyze(image, context) {
      calls.push(context);
      const script = scripts[context.property_location ?? ''] ?? scripts['*'] ?? {};
      if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
      if (script.fail) throw new Error('scripted analyzer failure');
      const observations = observationsFor(script);
      const findings: Finding[] = [...(observations.roof.condition === 'poor' ? [damageFinding()] : []), ...(script.findings ?? [])];
      const meta = await sharp(image).metadata();
      const assessable = script.assessable ?? true;
      return assembleOutput({
        observations,
        findings,
        assessable,
        unassessable_reasons: assessable ? [] : ['The image is too dark to judge.'],
        context,
        provenance: {
          provider: 'scripted',
          model: 'scripted-test',
          analyzer_version: '0',
          image_sha256: context.image_sha256 ?? '0'.repeat(64),
          width: meta.width ?? 1,
          height: meta.height ?? 1,
          gsd_m_per_px: script.gsdMPerPx ?? context.gsd_m_per_px ?? null,
          gsd_source: script.gsdMPerPx ? 'source-native' : (context.gsd_source ?? null),
          image_source: context.source,
          image_captured_at: context.captured_at ?? null,
          analyzed_at: new Date().toISOString(),
        },
      });
    },
  };
}

// ——— requests ———

/** Where a request goes: the app object (`app.fetch`, as most tests do) or a listening server's base URL. */
export type Target = string | { request(path: string, init?: RequestInit): Promise<Response> };

export function send(to: Target, path: string, init?: RequestInit): Promise<Response> {
  return typeof to === 'string' ? fetch(`${to}${path}`, init) : to.request(path, init);
}

export async function restUpload(
  to: Target,
  user: { idToken: string } | null,
  file: { bytes: Uint8Array; name?: string; type?: string } | null,
  propertyLocation?: string,
): Promise<Response> {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? 'photo.png');
  if (propertyLocation !== undefined) form.append('property_location', propertyLocation);
  return send(to, '/aerial/upload', { method: 'POST', headers: user ? auth(user) : {}, body: form });
}

/** The image fields the upload and property-image tests read back. */
export const IMAGE_FIELDS = 'id itemId url width height mime source propertyLocation latitude longitude capturedAt gsdMPerPx gsdSource';

/** analyzeImage with every field of the analysis the tests check. */
export const ANALYZE_MUTATION = /* GraphQL */ `
  mutation Analyze($input: AnalyzeImageInput!) {
    analyzeImage(input: $input) {
      __typename
      ... on MutationAnalyzeImageSuccess {
        data {
          id
          analysisId
          status
          progress
          propertyLocation
          subjectPoint {
            x
            y
          }
          riskScore
          error
          assessable
          unassessableReasons
          buildingFound
          results {
            riskScore
            propertyCondition
            pool {
              present
              location
              condition
            }
            spa {
              present
              location
            }
            trees {
              overhanging
              count
              proximity
            }
            roof {
              style
              condition
            }
            solar {
              present
              coveragePercentage
            }
            powerLines {
              crossingProperty
              proximity
            }
            additionalRisks
          }
          findings {
            feature
            confidence
            polygon
            areaM2
            note
            analyzer
          }
          scoreBreakdown {
            factor
            points
            reason
          }
          recommendations
          provenance
          image {
            id
            itemId
            url
          }
          createdAt
          finishedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const UPLOAD_MUTATION = /* GraphQL */ `
  mutation Upload($input: UploadImageInput!) {
    uploadImage(input: $input) {
      __typename
      ... on MutationUploadImageSuccess {
        data {
          ${IMAGE_FIELDS}
          createdAt
        }
      }
      ... on Error {
        message
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
    }
  }
`;

/** A GraphQL multipart request (graphql-multipart-request-spec), as the client's upload sends it. */
export async function graphqlUpload(
  to: Target,
  user: { idToken: string } | null,
  file: { bytes: Uint8Array; name?: string; type?: string } | null,
  propertyLocation?: string | null,
  opts: { csrf?: boolean; query?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ query: opts.query ?? UPLOAD_MUTATION, variables: { input: { file: null, propertyLocation } } }),
  );
  form.append('map', JSON.stringify(file ? { 0: ['variables.input.file'] } : {}));
  if (file) form.append('0', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? 'photo.png');
  const headers: Record<string, string> = user ? auth(user) : {};
  if (opts.csrf !== false) headers['x-graphql-yoga-csrf'] = '1';
  return send(to, '/graphql', { method: 'POST', headers, body: form });
}

/** Uploads through REST and returns the item id. */
export async function uploaded(to: Target, user: { idToken: string }, propertyLocation = '', bytes?: Buffer): Promise<string> {
  const res = await restUpload(to, user, { bytes: bytes ?? (await sceneImage()) }, propertyLocation);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { item_id: string }).item_id;
}

/** One SSE `next` payload, read field by field by the tests. */
type SubscriptionEvent = { data?: any; errors?: any[] }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Runs a GraphQL subscription over SSE and collects every `next` payload until `complete`. */
export async function subscribe(
  request: (path: string, init?: RequestInit) => Promise<Response>,
  token: string | null,
  query: string,
  variables: Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<{ status: number; events: SubscriptionEvent[] }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await request('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const events: SubscriptionEvent[] = [];
  if (!res.body) return { status: res.status, events };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) throw new Error('subscription did not complete in time');
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    let completed = false;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === 'complete') completed = true;
      else if (event === 'next' && data) events.push(JSON.parse(data));
    }
    if (completed) {
      await reader.cancel();
      break;
    }
  }
  return { status: res.status, events };
}
