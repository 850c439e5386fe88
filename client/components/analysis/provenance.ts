// Reads the provenance object of the analysis contract. It arrives as a JSON scalar whose optional keys
// vary by analyzer and provider, so every key is checked and unknown ones are ignored.

export type Provenance = {
  provider: string | null;
  model: string | null;
  analyzerVersion: string | null;
  imageSha256: string | null;
  gsdMPerPx: number | null;
  gsdSource: string | null;
  imageSource: string | null;
  imageCapturedAt: string | null;
  analyzedAt: string | null;
  attribution: string | null;
  fallback: { from: string | null; reason: string | null } | null;
  /** Said when a dark or washed-out frame was analysed with its exposure corrected. */
  exposureNote: string | null;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function readProvenance(value: unknown): Provenance {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const fallback = typeof raw.fallback === 'object' && raw.fallback !== null ? (raw.fallback as Record<string, unknown>) : null;
  return {
    provider: text(raw.provider),
    model: text(raw.model),
    analyzerVersion: text(raw.analyzer_version),
    imageSha256: text(raw.image_sha256),
    gsdMPerPx: number(raw.gsd_m_per_px),
    gsdSource: text(raw.gsd_source),
    imageSource: text(raw.image_source),
    imageCapturedAt: text(raw.image_captured_at),
    analyzedAt: text(raw.analyzed_at),
    attribution: text(raw.attribution),
    fallback: fallback ? { from: text(fallback.from), reason: text(fallback.reason) } : null,
    exposureNote: text(raw.exposure_note),
  };
}

const gsdSources: Record<string, string> = {
  'map-zoom': 'from the map zoom level',
  'source-native': "the imagery source's native resolution",
  exif: "from the photo's camera altitude (EXIF)",
  estimated: 'estimated from object sizes',
};

/** `buildingFound` false: with no resolution and no roof, no size was judged at all. */
export function describeGsd(gsd: number | null, source: string | null, buildingFound = true): string {
  if (gsd == null) return buildingFound ? 'Unknown (sizes judged relative to the roof)' : 'Unknown';
  const how = source ? (gsdSources[source] ?? source) : null;
  return `${gsd < 1 ? gsd.toFixed(2) : gsd.toFixed(1)} m/px${how ? `, ${how}` : ''}`;
}

export function describeSource(source: string | null): string {
  if (!source) return 'Unknown';
  return source === 'upload' ? 'Uploaded image' : source;
}
