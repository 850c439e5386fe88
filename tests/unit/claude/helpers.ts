// Test-only stand-ins for the Claude analyzer's tests: a local analyzer double (the real embedded analyzer
// plugs into the same `local` slot) and synthetic images. The Claude side always runs the production code
// against tests/fakes/anthropic.ts.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { assembleOutput, unknownObservations } from '../../../server/analyzer/assemble';
import {
  ImageDecodeError,
  type AnalyzeContext,
  type Analyzer,
  type AnalyzerOutput,
  type Finding,
  type Observations,
} from '../../../server/analyzer/contract';

export const LOCAL_OBSERVATIONS: Observations = {
  property_condition: 'fair',
  pool: { present: true, location: 'north-east of the main building', condition: 'clean' },
  spa: { present: false, location: '' },
  trees: { overhanging: false, count: 4, proximity: 'near' },
  roof: { style: 'hip', condition: 'good' },
  solar: { present: true, coverage_percentage: 22.5 },
  power_lines: { crossing_property: true, proximity: 'distant' },
  additional_risks: ['Trampoline in the back yard'],
};

export interface LocalDouble extends Analyzer {
  readonly calls: number;
}

/** A deterministic local analyzer: fixed observations, findings placed relative to the real image size. */
export function createLocalDouble(options: { assessable?: boolean } = {}): LocalDouble {
  let calls = 0;
  return {
    name: 'local',
    get calls() {
      return calls;
    },
    async analyze(image: Buffer, context: AnalyzeContext): Promise<AnalyzerOutput> {
      calls += 1;
      let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
      try {
        meta = await sharp(image).metadata();
      } catch (cause) {
        throw new ImageDecodeError('IMAGE_UNREADABLE', 'The file is not a readable image.', { cause });
      }
      const swap = (meta.orientation ?? 1) >= 5;
      const width = (swap ? meta.height : meta.width) ?? 1;
      const height = (swap ? meta.width : meta.height) ?? 1;
      const gsd = context.gsd_m_per_px ?? null;
      const box = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
        [x0 * width, y0 * height],
        [x1 * width, y0 * height],
        [x1 * width, y1 * height],
        [x0 * width, y1 * height],
      ];
      const area = (fw: number, fh: number) => (gsd === null ? null : fw * width * fh * height * gsd * gsd);
      const findings: Finding[] = [
        { feature: 'pool', confidence: 0.9, polygon: box(0.6, 0.1, 0.8, 0.25), area_m2: area(0.2, 0.15), note: 'pool', analyzer: 'local' },
        { feature: 'tree', confidence: 0.8, polygon: box(0.05, 0.6, 0.2, 0.8), area_m2: area(0.15, 0.2), note: 'tree', analyzer: 'local' },
        {
          feature: 'solar',
          confidence: 0.7,
          polygon: box(0.4, 0.4, 0.5, 0.5),
          area_m2: area(0.1, 0.1),
          note: 'solar panels',
          analyzer: 'local',
        },
      ];
      const assessable = options.assessable ?? true;
      return assembleOutput({
        observations: assessable ? LOCAL_OBSERVATIONS : unknownObservations(),
        findings: assessable ? findings : [],
        assessable,
        unassessable_reasons: assessable ? [] : ['No building was found in the image.'],
        provenance: {
          provider: 'local',
          model: 'test-double',
          analyzer_version: 'double-1',
          image_sha256: context.image_sha256 ?? createHash('sha256').update(image).digest('hex'),
          width,
          height,
          gsd_m_per_px: gsd,
          gsd_source: context.gsd_source ?? null,
          image_source: context.source,
          image_captured_at: context.captured_at ?? null,
          analyzed_at: new Date().toISOString(),
          ...context.provenance_extra,
        },
        context,
      });
    },
  };
}

/** A synthetic overhead scene: lawn, a grey roof, a blue pool. `orientation` stores it sideways with EXIF. */
export async function aerialJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="${width * 0.3}" y="${height * 0.3}" width="${width * 0.35}" height="${height * 0.35}" fill="#8a8a8a"/>
    <rect x="${width * 0.6}" y="${height * 0.1}" width="${width * 0.2}" height="${height * 0.15}" fill="#2a7fd4"/>
  </svg>`;
  const pipeline = sharp({ create: { width, height, channels: 3, background: { r: 70, g: 130, b: 60 } } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 80 });
  return orientation ? pipeline.withMetadata({ orientation }).toBuffer() : pipeline.toBuffer();
}

/** A valid tool input in the sent image's pixels, with a damage finding outlined at a known place. */
export function validAnswer(sent: { width: number; height: number }): Record<string, unknown> {
  return {
    assessable: true,
    unassessable_reasons: [],
    findings: [
      {
        feature: 'damage',
        confidence: 0.85,
        note: 'blue tarp over the rear roof slope',
        polygon: [
          [sent.width * 0.4, sent.height * 0.35],
          [sent.width * 0.5, sent.height * 0.35],
          [sent.width * 0.5, sent.height * 0.45],
          [sent.width * 0.4, sent.height * 0.45],
        ],
      },
      { feature: 'other', confidence: 0.6, note: 'debris pile beside the garage' },
    ],
    property_condition: 'poor',
    roof: { style: 'gable', condition: 'poor' },
    pool: { present: true, location: 'upper right of the image', condition: 'green' },
    spa: { present: false, location: '' },
    trees: { overhanging: true, count: 2, proximity: 'touching' },
    solar: { present: false, coverage_percentage: 0 },
    power_lines: { crossing_property: false, proximity: 'none' },
    additional_risks: ['Debris pile beside the garage', 'Trampoline in the back yard'],
  };
}
