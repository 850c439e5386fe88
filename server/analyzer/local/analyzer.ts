// The embedded analyzer: decode → quality gate → detectors (water, trees, roof, wires, solar; each with
// its learned model when one is installed) → relations between them (overhang, proximity, crossing) →
// the contract's observations and findings, scored by the shared scoring module.
import { assembleOutput, unknownObservations } from '../assemble';
import { NO_BUILDING_AT_POINT, NO_BUILDING_NEAR_CENTRE } from '../contract';
import { denseCanopyRisk } from '../defensible-space';
import { propertyConditionOf } from '../property-condition';
import type { Analyzer, AnalyzeContext, AnalyzerOutput, Finding, Observations, Provenance } from '../contract';
import { roofConditionFromSigns, ROOF_SIGN_WORDS, isMaterialSign } from '../roof-condition';
import { findMainRoof, type Roof } from './building';
import { findSubjectBuilding, withPanelsAsRoof, SUBJECT } from './subject';
import { estimateGsdFromBuildings } from './gsd-estimate';
import { decodeImage, type DecodedImage } from './decode';
import { applyExposure, exposureCorrection, type ExposureCorrection } from './exposure';
import { blobPolygon, describeLocation, fillPolygon, scalePolygon, type Pt } from './geometry';
import { loadModels, modelLoadErrors, runSegmentation, type LoadedModel } from './models';
import { detectWires, luminance, type Wire } from './powerlines';
import { assessQuality } from './quality';
import { components, countSet, dilate, distanceTransform, resizePlane, ringShareOn, type Mask, type Plane } from './raster';
import { assessRoofCondition, classifyRoofStyle, roofFeatures, tarpBlueMask } from './roof-analysis';
import { coarseScene, px, type Scene } from './scene';
import { maskBoxInWork, roofShape, type RoofShape } from './roof-shape';
import { detectSolar, finePanelsElsewhere, finePanelsOnRoof, solarFromMap, type SolarArray } from './solar';
import { detectTrees, type Vegetation } from './vegetation';
import { ribbedBodies } from './ribs';
import { ANALYZER_VERSION } from './version';
import { detectWater, waterMask, type WaterBody } from './water';

export { ANALYZER_VERSION };
export const LOCAL_MODEL_NAME = 'aerisk-local-cv';

/**
 * Models used by default, chosen by what they add per millisecond (docs/analyzer.md): the pool model lifts pool
 * IoU from ~0.7 to ~0.87 at ~40 ms; the solar map decides presence where panel-shaped blobs are missing. The
 * tree and wire models measured no better than the classical detectors (wires +0.05 F1 for ~100 ms on a
 * 600×400 image), so they run only when asked for.
 */
export const DEFAULT_MODELS: readonly string[] = ['building', 'pool', 'solar', 'roof_shape'];

export interface LocalAnalyzerOptions {
  /** Use the ONNX models in server/analyzer/models when present (default true). */
  useModels?: boolean;
  /** Which installed models to run (default DEFAULT_MODELS). */
  models?: readonly string[];
}

/** Everything the detectors found, in working-copy pixels; exposed for the eval tool and tests. */
export interface Detections {
  scene: Scene;
  decoded: DecodedImage;
  quality: string[];
  water: WaterBody[];
  vegetation: Vegetation | null;
  roof: Roof | null;
  /** Wires are found on the full working copy; `wireScale` = working px per scene px. */
  wires: Wire[];
  wireScale: number;
  solar: SolarArray[];
  modelsUsed: string[];
  /** Every building pixel of the learned building map (scene resolution), when the model ran. */
  buildings?: Mask | null;
  /** The ground resolution estimated from the buildings in view (m per image pixel), when none was given. */
  gsdEstimate?: { mPerPx: number; basis: string } | null;
  /** The roof-shape network's reading of the subject roof, when it ran (decision 013r). */
  roofShape?: RoofShape | null;
  /** The exposure correction the detectors read the frame with, when it was dark or washed out (decision 013z). */
  exposure?: ExposureCorrection | null;
  /** The subject roof's ribbed blue, when it is a blue metal roof (decision 013zk). */
  metalRoof?: Mask | null;
}

const SEGMENTATION_MODELS = ['building', 'pool', 'tree', 'solar', 'power_line'] as const;

export async function detect(image: Buffer, context: AnalyzeContext, options: LocalAnalyzerOptions = {}): Promise<Detections> {
  const original = await decodeImage(image);
  const gsd = context.gsd_m_per_px && context.gsd_m_per_px > 0 ? context.gsd_m_per_px : null;
  let { scene, fine: fineScale, wireScale } = coarseScene(original, gsd);
  const quality = assessQuality(scene, gsd).reasons;
  // The quality gate reads the image as it came (a frame too dark to see anything is said to be so); every detector
  // reads it with its exposure brought into the ordinary range.
  const exposure = quality.length ? null : exposureCorrection(original.work);
  const decoded: DecodedImage = exposure ? { ...original, work: applyExposure(original.work, exposure) } : original;
  const work = decoded.work;
  if (exposure) ({ scene, fine: fineScale, wireScale } = coarseScene(decoded, gsd));
  const none: Detections = {
    scene,
    decoded,
    quality,
    water: [],
    vegetation: null,
    roof: null,
    wires: [],
    wireScale,
    solar: [],
    modelsUsed: [],
  };
  if (quality.length) return none;

  const models = options.useModels === false ? new Map<string, LoadedModel>() : await loadModels();
  const probs: Partial<Record<(typeof SEGMENTATION_MODELS)[number], Plane>> = {};
  const modelsUsed: string[] = [];
  const wanted = options.models ?? DEFAULT_MODELS;
  // Without a known resolution, the buildings in view give one (rather than an assumed 70 m frame, which shrank
  // large tiles until their small pools were lost).
  let gsdEstimate: Detections['gsdEstimate'] = null;
  // The map at the assumed scale, reused when no estimate changes the scale.
  let assumedMap: Plane | null = null;
  const buildingModel = wanted.includes('building') ? models.get('building') : undefined;
  if (!gsd && buildingModel) {
    try {
      const p0 = (assumedMap = (await runSegmentation(buildingModel, work, fineScale.mPerPx))[0]);
      const est = estimateGsdFromBuildings(p0, work.w, work.h, fineScale.mPerPx);
      if (est) gsdEstimate = { mPerPx: est.mPerPx / decoded.scaleX, basis: est.basis };
    } catch {
      // No estimate: the analysis stays in relative terms.
    }
    if (gsdEstimate) ({ scene, fine: fineScale, wireScale } = coarseScene(decoded, gsdEstimate.mPerPx));
  }
  for (const name of SEGMENTATION_MODELS) {
    if (!wanted.includes(name)) continue;
    const m = models.get(name);
    if (!m || m.entry.kind !== 'segmentation') continue;
    try {
      if (name === 'building') {
        // The building model reads the full working copy (roof outlines need more than the coarse copy's
        // pixels), always at its own resolution, with the scale assumed when unknown: it was trained across
        // 0.55-1.8x that scale, and houses must come out house-sized for the subject to be chosen.
        const p = !gsdEstimate && assumedMap ? assumedMap : (await runSegmentation(m, work, fineScale.mPerPx))[0];
        probs.building = resizePlane(p, work.w, work.h, scene.w, scene.h);
      } else {
        const fine = name === 'power_line';
        const img = fine ? work : scene;
        const mPerPx = fine ? fineScale.mPerPx : scene.scale.mPerPx;
        probs[name] = (await runSegmentation(m, img, fineScale.known ? mPerPx : null))[0];
      }
      modelsUsed.push(name);
    } catch {
      // A model that fails on this input is skipped; the classical cues still answer.
    }
  }
  const { w, h } = scene;
  // Sizes on the ground are measured only with a resolution that was given: an estimate from building sizes is
  // ±50 %, and an assumed frame width is a guess.
  const measured = fineScale.known && !gsdEstimate;
  const { bodies: detectedWater } = detectWater(scene, probs.pool, models.get('pool')?.entry.threshold, measured);
  // A ribbed blue surface is a metal roof, not water (decision 013y): read on the image's own pixels when they are
  // fine enough to show ribs.
  const ribbed = await ribbedBodies(
    image,
    decoded,
    scene,
    detectedWater.map((b) => b.mask),
    gsd ?? gsdEstimate?.mPerPx ?? null,
  );
  const allWater = detectedWater.filter((_, i) => !ribbed[i]);
  const vegetation = detectTrees(scene, waterMask(allWater, w, h), probs.tree, models.get('tree')?.entry.threshold);
  // Pools are water on the ground: a blue body lying on a building and ringed by it (a blue roof, a tarp, a
  // painted deck) is part of that building, not a pool. Every other water body is ground, never building: the
  // learned map's blobs spill over pools beside a house, so pool pixels are taken out of the map.
  const ring = px(scene, 1);
  let buildingMap = probs.building;
  let onBuildings: WaterBody[] = [];
  if (buildingMap) {
    const map = buildingMap;
    const sure: Mask = new Uint8Array(w * h);
    for (let i = 0; i < sure.length; i++) sure[i] = map[i] >= SUBJECT.threshold ? 1 : 0;
    onBuildings = allWater.filter(
      (b) =>
        b.deepBlue &&
        shareOn(b.mask, sure) >= RELATIONS.poolMaxBuildingShare &&
        ringShareOn(b.mask, sure, w, h, ring) >= RELATIONS.roofWaterRingShare,
    );
    const ground = dilate(
      waterMask(
        allWater.filter((b) => !onBuildings.includes(b)),
        w,
        h,
      ),
      w,
      h,
      1,
    );
    // Canopy is not roof either: the map's blobs also spill into the crowns beside a house, which then read as
    // branches over the roof. Canopy enclosed by the roof comes back when the outline's holes are filled.
    buildingMap = map.map((v, i) => (ground[i] || vegetation.canopy[i] ? 0 : v));
    if (probs.solar) buildingMap = withPanelsAsRoof(buildingMap, probs.solar, models.get('solar')?.entry.threshold, ground);
  }
  const subject = buildingMap ? findSubjectBuilding(scene, buildingMap, context.subject_point ?? null) : null;
  let roof = subject ? subject.roof : findMainRoof(scene, waterMask(allWater, w, h), vegetation.vegetation);
  // A deep-blue "water" body mostly surrounded by the main roof is a tarp on it (roof damage, which the
  // roof condition check reports), not a pool: give its pixels back to the roof.
  const tarps = roof
    ? allWater.filter((b) => (b.deepBlue || onBuildings.includes(b)) && ringShareOn(b.mask, roof!.mask, w, h, ring) >= 0.5)
    : [];
  if (roof && tarps.length) roof = { ...roof, mask: orMask(roof.mask, waterMask(tarps, w, h)) };
  // The roof's shape from the learned network, read on the working copy cut to the roof's box.
  let shape: RoofShape | null = null;
  const shapeModel = wanted.includes('roof_shape') ? models.get('roof_shape') : undefined;
  if (roof && shapeModel?.entry.kind === 'classifier') {
    const box = maskBoxInWork(roof.mask, scene, work);
    try {
      if (box) {
        shape = await roofShape(shapeModel, work, box);
        modelsUsed.push('roof_shape');
      }
    } catch {
      // The style falls back to the roof's geometry alone.
    }
  }
  let water = allWater.filter((b) => !tarps.includes(b) && !onBuildings.includes(b));
  // A pool belongs to a property: with the building map read, water with no building anywhere near it is a
  // shadow, a pond or a green patch in a meadow (decision 013k).
  if (subject) {
    water = poolsNearBuildings(water, subject.buildings, scene);
    // A cover's deep blue or grey is also a tarp's, a tent's, a panel's or a blue roof's; what tells a covered pool
    // from them is the yard of the property's house. With no building near the centre, covered water is called a
    // pool only when it fills a close crop; open water still is (decision 013zo).
    if (!subject.roof) water = coveredWaterOffProperty(water, scene);
  }
  const wmask = waterMask(water, w, h);
  // A resolution estimated from building sizes (±50 %) is not trusted to pick the wire filter's scale nor to reject
  // lines at exactly 40 m on the ground; the length floor still holds with slack (a flat roof's edge was a wire).
  const { wires } = detectWires(
    luminance(work),
    measured ? fineScale.mPerPx : null,
    probs.power_line,
    gsdEstimate ? fineScale.mPerPx : null,
  );
  // A blue metal roof (a barn, a carport) has a tarp's colour, and its ribs read as panel cells: ribbed blue on the
  // subject roof is the roof itself, neither damage nor panels (decision 013zk).
  let metalRoof: Mask | null = null;
  if (roof) {
    const blue = tarpBlueMask(scene, roof.mask);
    if (countSet(blue) >= METAL_ROOF.minRoofShare * roof.areaPx) {
      const [ribbed] = await ribbedBodies(image, decoded, scene, [blue], gsd ?? gsdEstimate?.mPerPx ?? null);
      if (ribbed) metalRoof = blue;
    }
  }
  // Panels are not on water, canopy, a tarp (a blue tarp is roof damage; both solar stages took one for panels) or a
  // metal roof's ribs.
  const tarpMask = tarps.length ? waterMask(tarps, w, h) : null;
  const exclude = new Uint8Array(w * h);
  for (let i = 0; i < exclude.length; i++)
    exclude[i] = wmask[i] | vegetation.canopy[i] | (tarpMask ? tarpMask[i] : 0) | (metalRoof ? metalRoof[i] : 0);
  const solarThreshold = models.get('solar')?.entry.threshold;
  // With a subject, the map is read on its roof alone (below); without one, wherever no blob was found.
  let solar = detectSolar(scene, exclude, subject ? null : probs.solar, solarThreshold);
  // With the learned building map the subject roof is trustworthy, and solar is what is on it: arrays elsewhere
  // (dark drives, shadows, a neighbour's roof) are not the property's. When no panel-shaped blob lies on the
  // roof, a confident solar map on it still says there are panels (blobs elsewhere used to hide it).
  if (subject) {
    const near = roof ? dilate(roof.mask, w, h, px(scene, RELATIONS.solarRoofMarginM)) : null;
    if (near && tarpMask) for (let i = 0; i < near.length; i++) if (tarpMask[i]) near[i] = 0;
    if (near && metalRoof) for (let i = 0; i < near.length; i++) if (metalRoof[i]) near[i] = 0;
    // Arrays lying mostly on the roof grown by the margin (panels run to the eaves).
    solar = near ? solar.filter((s) => shareOn(s.mask, near) > 0.5) : [];
    if (near && !solar.length && probs.solar) solar = solarFromMap(scene, probs.solar, solarThreshold, near, roof?.mask);
    // Finer than 0.1 m, the modules' own blue shows where the coarse stages see a pale roof (decision 013za), on the
    // roof grown by 3 m: there the map's roof stops at an array's edge (decision 013ze).
    if (roof && !solar.length)
      solar = finePanelsOnRoof(work, fineScale.mPerPx, gsd ?? gsdEstimate?.mPerPx ?? null, scene, roof.mask, exclude);
    // Whatever is left was kept for lying on the subject roof. Without one, arrays anywhere, on stronger evidence
    // (decision 013zf): the map misses houses whose planes are nearly all arrays.
    if (roof) solar = solar.map((s) => ({ ...s, onSubjectRoof: true }));
    else solar = await finePanelsElsewhere(image, decoded, work, fineScale.mPerPx, gsd ?? gsdEstimate?.mPerPx ?? null, scene, exclude);
  }
  return {
    scene,
    decoded,
    quality,
    water,
    vegetation,
    roof,
    wires,
    wireScale,
    solar,
    modelsUsed,
    buildings: subject?.buildings ?? null,
    gsdEstimate,
    roofShape: shape,
    exposure,
    metalRoof,
  };
}

/**
 * Which arrays are on the roof, and the share of the roof they cover (percent, one decimal). An array is on it when
 * its stage placed it on the subject roof (`onSubjectRoof`), or when most of it lies within `marginPx` of `roof`.
 * A placed array counts whole, and the roof it covers is the roof and the array together: at drone resolution the
 * building map's roof stops at an array's edge (decision 013ze), which would otherwise read as a ground mount on
 * 1 % of the roof.
 */
export function solarOnRoof(
  arrays: readonly SolarArray[],
  roof: Mask | null,
  w: number,
  h: number,
  marginPx: number,
): { mounted: boolean[]; coverage: number } {
  const near = roof ? dilate(roof, w, h, marginPx) : null;
  const covered = roof ? roof.slice() : null;
  let onRoof = 0;
  const mounted = arrays.map((s) => {
    let inside = 0;
    if (near) for (let i = 0; i < s.mask.length; i++) if (s.mask[i] && near[i]) inside++;
    if (s.onSubjectRoof && covered) {
      for (let i = 0; i < s.mask.length; i++) if (s.mask[i]) covered[i] = 1;
      inside = s.areaPx;
    }
    onRoof += inside;
    return s.onSubjectRoof === true || inside > 0.5 * s.areaPx;
  });
  const roofPx = covered ? countSet(covered) : 0;
  return { mounted, coverage: roofPx ? Math.min(100, Math.round((1000 * onRoof) / roofPx) / 10) : 0 };
}

/** Water bodies by their nearest pixel's distance on `dist` (the roof's distance transform), nearest first; as given without one. */
function nearestFirst(bodies: WaterBody[], dist: Plane | null): WaterBody[] {
  if (!dist) return bodies;
  const gap = (b: WaterBody) => {
    let min = Infinity;
    for (let i = 0; i < b.mask.length; i++) if (b.mask[i] && dist[i] < min) min = dist[i];
    return min;
  };
  return bodies
    .map((b) => ({ b, d: gap(b) }))
    .sort((x, y) => x.d - y.d)
    .map((x) => x.b);
}

/** Share of `part`'s pixels that lie on `other`. */
function shareOn(part: Mask, other: Mask): number {
  let n = 0;
  let on = 0;
  for (let i = 0; i < part.length; i++) {
    if (!part[i]) continue;
    n++;
    on += other[i];
  }
  return n ? on / n : 0;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * How findings relate to the subject building, in one place. Distances are metres on the ground (from the
 * known resolution, else from the roof's width).
 */
/** Decision 013zk: a subject roof this much tarp-blue (share of its pixels) is read for ribs. */
export const METAL_ROOF = { minRoofShare: 0.25 };

export const RELATIONS = {
  /** A house roof is about this wide: the yardstick for distances when the resolution is unknown. */
  typicalRoofWidthM: 12,
  /**
   * Canopy over the roof counts as touching from this area (m²) and this share of the roof: a branch or two,
   * not the fringe of a crown along the eave (at 1 m² / 1 % the whole-property set had 27 % false overhangs).
   */
  overhangMinM2: 4,
  overhangMinRoofShare: 0.04,
  /** A crown this close to the roof (m) is described as touching it. */
  touchingM: 0.5,
  /** Trees within this distance (m) of the roof are `near` (scoring's trees_near). */
  treesNearM: 3,
  /** A wire crossing this much of the roof (m) is over the structure. */
  wireOverRoofM: 1.0,
  /** Wires within this distance (m) of the building are `near` (scoring's power_near). */
  wireNearM: 10,
  /** The ring around the house (m) whose canopy share is reported as dense when above `denseCanopyShare`. */
  canopyRingM: 10,
  denseCanopyShare: 0.45,
  /** Panels run to the eaves: an array on the roof grown by this margin (m) is on the roof. */
  solarRoofMarginM: 1.0,
  /**
   * A deep-blue water body with at least this share of its pixels on a building, and its 1 m ring at least
   * `roofWaterRingShare` on it, is a blue roof or tarp, not a pool (cyan water stays a pool: pools ringed by
   * pale paving that the building map takes for roof were lost otherwise).
   */
  poolMaxBuildingShare: 0.5,
  roofWaterRingShare: 0.6,
  /**
   * A wire is over the structure only when it crosses the roof and runs on beyond it on both sides by this much
   * (m): a span between poles does; a ridge, eave, parapet or gutter line ends with the roof.
   */
  wireBeyondRoofM: 4,
  /** The lot around the building: its box grown by a roof width, at least this (m). */
  lotMarginM: 12,
  /**
   * A pool lies within this distance (m, edge to edge) of some building in view: on the whole-property set the
   * farthest real pool was 11 m from the nearest building pixel (4 m with the resolution given); water further
   * out, with no building in the frame, was a crown's shadow in a meadow (decision 013k).
   */
  poolMaxBuildingDistanceM: 25,
  /**
   * …unless the body covers at least this share of the frame: then the image is a close crop on the pool, with
   * no room for the house (50 px chips of 15 m centred on a pool lost 5 real pools without this).
   */
  poolCloseCropShare: 0.02,
} as const;

/**
 * The water bodies that come within `RELATIONS.poolMaxBuildingDistanceM` (at the scene's scale) of a pixel of
 * `buildings`, and those that fill a close crop (`RELATIONS.poolCloseCropShare` of the frame or more), where the
 * house may be out of view.
 */
export function poolsNearBuildings<T extends Pick<WaterBody, 'mask' | 'areaPx'>>(bodies: T[], buildings: Mask, scene: Scene): T[] {
  const { w, h } = scene;
  const closeCrop = (b: T) => fillsCloseCrop(b, scene);
  if (bodies.every(closeCrop)) return bodies;
  const dist = countSet(buildings) ? distanceTransform(buildings, w, h) : null;
  const limit = px(scene, RELATIONS.poolMaxBuildingDistanceM);
  return bodies.filter((b) => {
    if (closeCrop(b)) return true;
    if (dist) for (let i = 0; i < b.mask.length; i++) if (b.mask[i] && dist[i] <= limit) return true;
    return false;
  });
}

/**
 * With no subject building, the water bodies left once covered water is taken out, unless it fills a close crop
 * (decision 013zo): a cover's colour is also a tarp's, a tent's, a panel's or a blue roof's.
 */
export function coveredWaterOffProperty<T extends Pick<WaterBody, 'condition' | 'areaPx'>>(bodies: T[], scene: Scene): T[] {
  return bodies.filter((b) => b.condition !== 'covered' || fillsCloseCrop(b, scene));
}

/** A water body large enough in the frame (`RELATIONS.poolCloseCropShare`) for the image to be a close crop of it. */
function fillsCloseCrop(b: Pick<WaterBody, 'areaPx'>, scene: Scene): boolean {
  return b.areaPx >= RELATIONS.poolCloseCropShare * scene.w * scene.h;
}

export function createLocalAnalyzer(options: LocalAnalyzerOptions = {}): Analyzer {
  return {
    name: 'local',
    async analyze(image: Buffer, context: AnalyzeContext): Promise<AnalyzerOutput> {
      const started = performance.now();
      const d = await detect(image, context, options);
      return buildOutput(d, context, performance.now() - started);
    },
  };
}

export function buildOutput(d: Detections, context: AnalyzeContext, elapsedMs: number): AnalyzerOutput {
  const { scene, decoded } = d;
  const { w, h } = scene;
  const given = context.gsd_m_per_px && context.gsd_m_per_px > 0 ? context.gsd_m_per_px : null;
  const gsd = given ?? d.gsdEstimate?.mPerPx ?? null;
  const known = scene.scale.known;
  const m2PerPx = scene.scale.mPerPx * scene.scale.mPerPx;
  const area = (px: number) => (known ? Math.round(px * m2PerPx * 10) / 10 : null);
  const toImage = (poly: Pt[]) => scalePolygon(poly, scene.sx, scene.sy);
  const northUp = context.north_up ?? context.gsd_source === 'map-zoom';
  const size = { w, h };
  const findings: Finding[] = [];
  const add = (feature: Finding['feature'], confidence: number, polygon: Pt[], areaPx: number | null, note: string) =>
    findings.push({
      feature,
      confidence,
      polygon: toImage(polygon),
      area_m2: areaPx === null ? null : area(areaPx),
      note,
      analyzer: 'local',
    });

  const provenance: Provenance = {
    provider: 'local',
    model: d.modelsUsed.length ? `${LOCAL_MODEL_NAME} + onnx(${d.modelsUsed.join(', ')})` : LOCAL_MODEL_NAME,
    analyzer_version: ANALYZER_VERSION,
    image_sha256: context.image_sha256 ?? decoded.sha256,
    width: decoded.width,
    height: decoded.height,
    gsd_m_per_px: gsd,
    gsd_source: given ? (context.gsd_source ?? 'source-native') : gsd ? 'estimated' : null,
    image_source: context.source,
    image_captured_at: context.captured_at ?? null,
    analyzed_at: new Date().toISOString(),
    latency_ms: Math.round(elapsedMs),
    working_size: [w, h],
    ...(known
      ? {}
      : { scale_note: 'Ground resolution unknown: areas are not given and distances are judged relative to the main roof width.' }),
    ...(!given && d.gsdEstimate ? { gsd_basis: d.gsdEstimate.basis } : {}),
    ...(d.exposure
      ? {
          exposure_note: `The frame is ${d.exposure.kind} (median lightness ${Math.round(d.exposure.median * 100)} %); it was analysed with its exposure corrected.`,
        }
      : {}),
    ...(modelLoadErrors().length ? { model_errors: modelLoadErrors() } : {}),
    ...(context.provenance_extra ?? {}),
  };

  if (d.quality.length) {
    return assembleOutput({
      observations: unknownObservations(),
      findings: [],
      assessable: false,
      unassessable_reasons: d.quality,
      provenance,
      context,
    });
  }

  const obs: Observations = unknownObservations();
  const roof = d.roof;
  // Metres per pixel for relations: known, or from the roof width.
  const relM = known ? scene.scale.mPerPx : roof ? RELATIONS.typicalRoofWidthM / Math.max(4, roof.rect.height) : scene.scale.mPerPx;
  const roofRegion: Mask | null = roof ? orMask(roof.mask, fillPolygon(roof.polygon, w, h)) : null;
  const roofDist = roofRegion ? distanceTransform(roofRegion, w, h) : null;
  const ref: Pt | null = roof ? roof.centroid : null;

  // Roof.
  if (roof) {
    const feats = { ...roofFeatures(scene, roof), ...d.roofShape };
    const style = classifyRoofStyle(feats);
    const cond = assessRoofCondition(scene, roof, d.metalRoof ?? null);
    obs.roof.style = style.style;
    obs.roof.condition = cond.judged ? roofConditionFromSigns(cond.signs) : 'unknown';
    const cosmetic = cond.signs.filter((s) => !isMaterialSign(s)).map((s) => ROOF_SIGN_WORDS[s]);
    add(
      'roof',
      roof.confidence,
      roof.polygon,
      roof.areaPx,
      `Main building roof: ${style.style === 'unknown' ? 'style unclear' : `${style.style} style`}, condition ${obs.roof.condition}` +
        (cosmetic.length ? ` (cosmetic: ${cosmetic.join(', ')})` : '') +
        (known ? `, about ${Math.round(roof.areaPx * m2PerPx)} m²` : '') +
        '.',
    );
    if (cond.damage) {
      const material = cond.signs.filter(isMaterialSign);
      for (const blob of blobsOf(cond.damage, w, h, 6)) {
        add('damage', 0.6, blob.polygon, blob.area, `${material.map((s) => ROOF_SIGN_WORDS[s]).join(', ')}`);
      }
    }
  }

  // Pools and spas.
  // The property's own pool is the one nearest its roof (a neighbour's can be larger or surer); without a roof, the largest.
  const pools = nearestFirst(
    d.water.filter((b) => b.kind === 'pool'),
    roofDist,
  );
  const spas = nearestFirst(
    d.water.filter((b) => b.kind === 'spa'),
    roofDist,
  );
  if (pools.length) {
    obs.pool = { present: true, location: describeLocation(pools[0].centroid, ref, size, northUp), condition: pools[0].condition };
  }
  if (spas.length) obs.spa = { present: true, location: describeLocation(spas[0].centroid, ref, size, northUp) };
  for (const b of d.water) {
    const where = describeLocation(b.centroid, ref, size, northUp);
    add(
      b.kind,
      b.confidence,
      b.polygon,
      b.areaPx,
      b.kind === 'pool'
        ? `Swimming pool, ${b.condition === 'unknown' ? 'water condition unclear' : `${b.condition} water`}, ${where}.`
        : `Spa or hot tub, ${where}.`,
    );
  }

  // Trees and their relation to the roof.
  const veg = d.vegetation;
  if (veg && veg.trees.length) {
    let overhangPx = 0;
    if (roofRegion) for (let i = 0; i < roofRegion.length; i++) if (roofRegion[i] && veg.canopy[i]) overhangPx++;
    const overhang =
      roof !== null && overhangPx * relM * relM >= RELATIONS.overhangMinM2 && overhangPx >= RELATIONS.overhangMinRoofShare * roof.areaPx;
    let minDist = Infinity;
    // Nearest the roof first (the crowns that matter to the score and to a reviewer), the larger first at equal
    // distance; without a roof, largest first as found.
    const crowns = veg.trees
      .map((t) => {
        const near = roofDist ? crownToRoof(t.polygon, roofDist, w, h, veg.canopy) : null;
        return { t, near, dist: near ? near.distPx * relM : Infinity };
      })
      .sort((a, b) => (a.dist === b.dist ? 0 : a.dist - b.dist));
    for (const { t, near, dist } of crowns) {
      minDist = Math.min(minDist, dist);
      const rel = near ? crownWords(overhang, near.overRoofPx, dist) : '';
      const what = t.count > 1 ? `Group of about ${t.count} tree crowns` : 'Tree crown';
      // Without a resolution or a roof to judge by, a size in metres would be a guess.
      const across = known || roof ? ` about ${round1(2 * t.radiusPx * relM)} m across` : '';
      add('tree', t.confidence, t.polygon, t.areaPx, `${what}${across}${rel}.`);
    }
    obs.trees = {
      count: veg.trees.reduce((n, t) => n + t.count, 0),
      overhanging: overhang,
      proximity: overhang ? 'touching' : minDist <= RELATIONS.treesNearM ? 'near' : 'distant',
    };
  }

  // Solar. Arrays off the found roof still count: on drone frames the roof finder often misses the house
  // the panels are on (whole-property evaluation: gating on the roof cut solar recall from 0.73 to 0.20).
  if (d.solar.length) {
    const margin = Math.max(1, Math.round(RELATIONS.solarRoofMarginM / relM));
    const { mounted, coverage } = solarOnRoof(d.solar, roofRegion, w, h, margin);
    d.solar.forEach((s, k) =>
      add(
        'solar',
        s.confidence,
        s.polygon,
        s.areaPx,
        mounted[k] ? 'Solar panels on the roof.' : 'Solar panels (ground-mounted or on another building).',
      ),
    );
    obs.solar = { present: true, coverage_percentage: coverage };
  }

  // Power lines.
  if (d.wires.length) {
    const lot = lotRegion(roof, w, h, relM);
    let over = false;
    let crossing = false;
    let minDist = Infinity;
    for (const wire of d.wires) {
      const coarseBand = wire.band.map(([x, y]): Pt => [x / d.wireScale, y / d.wireScale]);
      const band = fillPolygon(coarseBand, w, h);
      let overPx = 0;
      let inLot = false;
      let dmin = Infinity;
      for (let i = 0; i < band.length; i++) {
        if (!band[i]) continue;
        if (roofRegion && roofRegion[i]) overPx++;
        if (lot[i]) inLot = true;
        if (roofDist) dmin = Math.min(dmin, roofDist[i]);
      }
      const coarseLine = wire.line.map(([x, y]): Pt => [x / d.wireScale, y / d.wireScale]);
      const overThis =
        overPx * relM >= RELATIONS.wireOverRoofM &&
        roofRegion !== null &&
        runsBeyond(coarseLine, roofRegion, w, h) >= RELATIONS.wireBeyondRoofM / relM;
      over ||= overThis;
      crossing ||= inLot;
      minDist = Math.min(minDist, dmin * relM);
      const rel = roof ? wireWords(overThis, dmin * relM) : '';
      add(
        'power_line',
        wire.confidence,
        coarseBand,
        null,
        `Overhead wire about ${Math.round((wire.lengthPx / d.wireScale) * relM)} m long in view${rel}.`,
      );
    }
    obs.power_lines = {
      crossing_property: crossing,
      proximity: over ? 'over_structure' : minDist <= RELATIONS.wireNearM ? 'near' : 'distant',
    };
  }

  // Additional risks in words, each from something measured.
  // Dense canopy around the house is one risk: under canopy that touches the roof it is already counted there.
  if (roof && veg && obs.trees.proximity !== 'touching') {
    const ring = dilate(roofRegion!, w, h, Math.max(1, Math.round(RELATIONS.canopyRingM / relM)));
    let ringPx = 0;
    let canopyPx = 0;
    for (let i = 0; i < ring.length; i++) {
      if (ring[i] && !roofRegion![i]) {
        ringPx++;
        canopyPx += veg.canopy[i];
      }
    }
    const share = ringPx ? canopyPx / ringPx : 0;
    if (share > RELATIONS.denseCanopyShare) {
      obs.additional_risks.push(denseCanopyRisk(Math.round(share * 100), RELATIONS.canopyRingM));
    }
  }

  obs.property_condition = propertyConditionOf(obs);

  const reasons = roof ? [] : [context.subject_point ? NO_BUILDING_AT_POINT : NO_BUILDING_NEAR_CENTRE];
  return assembleOutput({ observations: obs, findings, assessable: roof !== null, unassessable_reasons: reasons, provenance, context });
}

/**
 * How far (px) a line runs on beyond `region` on its shorter side: 0 when it never enters the region or ends
 * inside it. A wire crossing a roof continues well past both eaves; a ridge or eave line stops with the roof.
 */
export function runsBeyond(line: Pt[], region: Mask, w: number, h: number): number {
  const inside: boolean[] = [];
  const along: number[] = [];
  let acc = 0;
  for (let k = 0; k + 1 < line.length; k++) {
    const [x0, y0] = line[k];
    const [x1, y1] = line[k + 1];
    const len = Math.hypot(x1 - x0, y1 - y0);
    const n = Math.max(1, Math.ceil(len * 2));
    for (let j = 0; j < n; j++) {
      const t = j / n;
      const x = Math.round(x0 + t * (x1 - x0));
      const y = Math.round(y0 + t * (y1 - y0));
      inside.push(x >= 0 && y >= 0 && x < w && y < h && region[y * w + x] === 1);
      along.push(acc + t * len);
    }
    acc += len;
  }
  const first = inside.indexOf(true);
  if (first < 0) return 0;
  const last = inside.lastIndexOf(true);
  return Math.min(along[first], acc - along[last]);
}

function orMask(a: Mask, b: Mask): Mask {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] | b[i];
  return out;
}

/**
 * How a tree finding relates its crown to the roof, in agreement with the property's proximity: "over the roof" only
 * where the canopy over the roof counts as touching (`overhang`; the fringe of a crown along an eave does not), "at
 * the roof's edge" for a crown that only reaches it, else its distance in metres.
 */
export function crownWords(overhang: boolean, overRoofPx: number, distM: number): string {
  if (overhang && overRoofPx > 0) return ', over the roof';
  if (distM <= RELATIONS.touchingM) return ", at the roof's edge";
  return `, about ${round1(distM)} m from the roof`;
}

/**
 * How a wire finding relates to the building: "passing over the roof" when it counts as over the structure, "at the
 * roof's edge" when it reaches the roof without crossing enough of it ("about 0 m from the building" said nothing),
 * else its distance in metres.
 */
export function wireWords(over: boolean, distM: number): string {
  if (over) return ', passing over the roof';
  if (distM <= RELATIONS.touchingM) return ", at the roof's edge";
  return `, about ${round1(distM)} m from the building`;
}

/**
 * A tree's crown against the roof: its distance (px, the smallest roof distance over its canopy pixels) and how many
 * of those pixels lie on the roof.
 */
function crownToRoof(poly: Pt[], roofDist: Plane, w: number, h: number, canopy: Mask): { distPx: number; overRoofPx: number } {
  const crown = fillPolygon(poly, w, h);
  let best = Infinity;
  let overRoofPx = 0;
  for (let i = 0; i < crown.length; i++) {
    if (!crown[i] || !canopy[i]) continue;
    if (roofDist[i] < best) best = roofDist[i];
    if (roofDist[i] === 0) overRoofPx++;
  }
  if (best === Infinity)
    for (const [x, y] of poly)
      best = Math.min(best, roofDist[Math.min(h - 1, Math.max(0, Math.round(y))) * w + Math.min(w - 1, Math.max(0, Math.round(x)))]);
  return { distPx: best, overRoofPx };
}

/** The lot: the roof's box grown by a roof width (at least `lotMarginM`); without a roof, the central half of the image. */
function lotRegion(roof: Roof | null, w: number, h: number, mPerPx: number): Mask {
  const out = new Uint8Array(w * h);
  let x0: number;
  let y0: number;
  let x1: number;
  let y1: number;
  if (roof) {
    const xs = roof.rect.corners.map((p) => p[0]);
    const ys = roof.rect.corners.map((p) => p[1]);
    const grow = Math.max(RELATIONS.lotMarginM / mPerPx, roof.rect.height);
    x0 = Math.min(...xs) - grow;
    x1 = Math.max(...xs) + grow;
    y0 = Math.min(...ys) - grow;
    y1 = Math.max(...ys) + grow;
  } else {
    x0 = w / 4;
    x1 = (3 * w) / 4;
    y0 = h / 4;
    y1 = (3 * h) / 4;
  }
  for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(h - 1, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x <= Math.min(w - 1, Math.ceil(x1)); x++) out[y * w + x] = 1;
  }
  return out;
}

function blobsOf(mask: Mask, w: number, h: number, minPx: number): { polygon: Pt[]; area: number }[] {
  const lab = components(mask, w, h, minPx);
  return lab.components.slice(0, 10).map((c) => {
    let first = -1;
    const m = new Uint8Array(w * h);
    for (let i = 0; i < m.length; i++) {
      if (lab.labels[i] === c.label) {
        m[i] = 1;
        if (first < 0) first = i;
      }
    }
    return { polygon: blobPolygon(m, w, h, first, 1), area: c.area };
  });
}
