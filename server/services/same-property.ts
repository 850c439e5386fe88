// The same property over time (issue 10, item 6): the owner's other analyses of the same place — the same
// geocoded address, coordinates within 25 m, or the same normalised address text (`location_key`, kept by a
// database trigger) — and a side-by-side comparison of two of them.
import type { Viewer } from '../auth/context';
import type { AnalysisResults } from '../analyzer/contract';
import type { Db } from '../db';
import { bandFor } from '../../common/constants';
import { NotFoundError } from '../domain/errors';
import type { Analysis, Image } from '../generated/prisma/client';
import { findOwnedAnalysis } from './analyses';
import { failingAs } from './messages';

export const SAME_PLACE_METRES = 25;
export const SAME_PROPERTY_FAILURE = 'Failed to fetch the property’s other analyses';
const MAX_MATCHES = 50;

export type PropertyMatchKind = 'place' | 'coordinates' | 'address';

export interface PropertyMatch {
  analysis: Analysis & { image: Image };
  match: PropertyMatchKind;
  /** Between the two images' centres, when both are known. */
  distanceM: number | null;
}

type Row = Analysis & { image: Image };

function formattedAddress(image: Image): string | null {
  const geocode = (image.providerMeta as { geocode?: { formatted_address?: unknown } } | null)?.geocode;
  return typeof geocode?.formatted_address === 'string' && geocode.formatted_address ? geocode.formatted_address : null;
}

/** Metres between two points on the Earth (haversine). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The viewer's other finished analyses of the same property, the most recent image first. */
export async function sameProperty(db: Db, viewer: Viewer, id: string): Promise<PropertyMatch[]> {
  return failingAs(SAME_PROPERTY_FAILURE, async () => {
    const row = (await findOwnedAnalysis(db, viewer.uid, id, { include: { image: true } })) as Row;
    const { latitude: lat, longitude: lng } = row.image;
    const address = formattedAddress(row.image);
    // A box of ±25 m around the point narrows the candidates in SQL; the distance itself is exact below.
    const dLat = SAME_PLACE_METRES / 111_320;
    const dLng = lat === null ? 0 : SAME_PLACE_METRES / (111_320 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
    const near =
      lat !== null && lng !== null
        ? [{ image: { latitude: { gte: lat - dLat, lte: lat + dLat }, longitude: { gte: lng - dLng, lte: lng + dLng } } }]
        : [];
    const candidates = (await db.analysis.findMany({
      where: {
        ownerId: viewer.uid,
        status: 'done',
        id: { not: row.id },
        OR: [
          ...(row.locationKey ? [{ locationKey: row.locationKey }] : []),
          ...near,
          ...(address ? [{ image: { providerMeta: { path: ['geocode', 'formatted_address'], equals: address } } }] : []),
        ],
      },
      include: { image: true },
      // Newest first; the id settles analyses created in the same millisecond (timestamps are kept to the ms).
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: MAX_MATCHES * 2,
    })) as Row[];
    const matches: PropertyMatch[] = [];
    for (const other of candidates) {
      const known = lat !== null && lng !== null && other.image.latitude !== null && other.image.longitude !== null;
      const distanceM = known
        ? Math.round(metresBetween({ lat: lat!, lng: lng! }, { lat: other.image.latitude!, lng: other.image.longitude! }) * 10) / 10
        : null;
      const match: PropertyMatchKind | null =
        address && formattedAddress(other.image) === address
          ? 'place'
          : distanceM !== null && distanceM <= SAME_PLACE_METRES
            ? 'coordinates'
            : row.locationKey && other.locationKey === row.locationKey
              ? 'address'
              : null;
      if (match) matches.push({ analysis: other, match, distanceM });
    }
    const when = (r: Row) => (r.image.capturedAt ?? r.createdAt).getTime();
    return matches.sort((a, b) => when(b.analysis) - when(a.analysis)).slice(0, MAX_MATCHES);
  });
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Every compared field of two analyses, earlier (`before`) against later (`after`), and whether it changed. */
export function compareRows(before: Row, after: Row): FieldChange[] {
  const score = (r: Row) => (r.riskScore === null ? null : Math.round(r.riskScore));
  const results = (r: Row) => r.results as AnalysisResults | null;
  const pick: [string, (r: Row) => unknown][] = [
    ['image_date', (r) => (r.image.capturedAt ?? null)?.toISOString().slice(0, 10) ?? `analysed ${r.createdAt.toISOString().slice(0, 10)}`],
    ['risk_score', score],
    ['risk_band', (r) => (score(r) === null ? 'not assessable' : bandFor(score(r)!))],
    ['pool', (r) => results(r)?.pool.present],
    ['spa', (r) => results(r)?.spa.present],
    ['trees', (r) => (results(r) ? `${results(r)!.trees.count} (${results(r)!.trees.proximity})` : null)],
    ['roof_style', (r) => results(r)?.roof.style],
    ['roof_condition', (r) => results(r)?.roof.condition],
    ['solar', (r) => results(r)?.solar.present],
    ['power_lines', (r) => results(r)?.power_lines.proximity],
    ['property_condition', (r) => results(r)?.property_condition],
    ['additional_risks', (r) => results(r)?.additional_risks.join('; ')],
    ['reviewed', (r) => r.analyzerResults !== null],
  ];
  return pick.map(([field, get]) => {
    const [b, a] = [text(get(before)), text(get(after))];
    return { field, before: b, after: a, changed: b !== a };
  });
}

/** Two of the viewer's analyses side by side; the other must be one of the same property. */
export async function compareAnalyses(
  db: Db,
  viewer: Viewer,
  id: string,
  otherId: string,
): Promise<{ before: Row; after: Row; fields: FieldChange[] }> {
  const matches = await sameProperty(db, viewer, id);
  return failingAs(SAME_PROPERTY_FAILURE, async () => {
    const other = matches.find((m) => m.analysis.id === otherId)?.analysis;
    if (!other) throw new NotFoundError('No analysis of the same property has that id.');
    const row = (await findOwnedAnalysis(db, viewer.uid, id, { include: { image: true } })) as Row;
    const time = (r: Row) => (r.image.capturedAt ?? r.createdAt).getTime();
    const [before, after] = time(other) <= time(row) ? [other, row] : [row, other];
    return { before, after, fields: compareRows(before, after) };
  });
}
