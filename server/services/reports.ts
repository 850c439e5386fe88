// The PDF property report of an analysis (issue 10, item 3): gathers the effective and original values, the
// review and provenance, draws the findings on the image and renders the PDF; each report is audited.
import type { Viewer } from '../auth/context';
import type { Finding, Provenance } from '../analyzer/contract';
import type { DefensibleSpace } from '../analyzer/defensible-space';
import { findingName } from '../../common/findings';
import { ConflictError } from '../domain/errors';
import type { Analysis, Image } from '../generated/prisma/client';
import { imageWithFindings } from '../report/overlay';
import { renderPropertyReport, type ReportData } from '../report/property-report';
import type { AnalysisDeps } from './analysis-deps';
import { findOwnedAnalysis, storedEvidence } from './analyses';
import { actorName, appendAudit } from './audit';
import { uploadedFilename } from './images';
import { failingAs } from './messages';
import { originalOf, reviewChanges, reviewedFindings } from './reviews';

export const REPORT_FAILURE = 'Failed to generate the property report';

/** Where the report of an analysis is downloaded (REST; GraphQL's Analysis.reportUrl gives it). */
export function reportPath(analysisId: string): string {
  return `/aerial/analysis/${analysisId}/report.pdf`;
}

/** A change in words; a finding is numbered among the findings of its kind, as the results screen names it. */
function changeText(c: ReturnType<typeof reviewChanges>[number], findings: readonly { feature: string }[]): string {
  if (c.field === 'finding') return `${findingName(findings, c.findingIndex ?? 0)} ${c.to}`;
  if (c.field === 'add_risk') return `additional risk added: ${c.to}`;
  if (c.field === 'remove_risk') return `additional risk removed: ${c.from}`;
  return `${c.field.replace(/_/g, ' ')}: ${c.from.replace(/_/g, ' ')} -> ${c.to.replace(/_/g, ' ')}`;
}

const ZONE_WORDS: Record<string, string> = { '0-1.5m': '0–1.5 m', '1.5-9m': '1.5–9 m', '9-30m': '9–30 m' };

/** The defensible-space zones in words: area and vegetation per zone, or why they were not measured. */
export function defensibleSpaceSection(space: DefensibleSpace | undefined): { heading: string; lines: string[] } {
  const heading = 'Defensible space (vegetation around the building)';
  if (!space) return { heading, lines: ['Not measured for this analysis.'] };
  if (space.status !== 'measured') return { heading, lines: [`Not measured: ${space.note}.`] };
  return {
    heading,
    lines: [
      ...space.rings.map(
        (r) =>
          `${ZONE_WORDS[r.zone] ?? r.zone}: ${Math.round(r.vegetation_m2)} m² of vegetation in ${Math.round(r.area_m2)} m² (${Math.round(r.vegetation_pct)}%)` +
          (r.visible_pct < 99 ? `, ${Math.round(r.visible_pct)}% of the zone in view` : ''),
      ),
      space.note,
    ],
  };
}

/** Everything the report shows, from the row (pure, so it is tested without a PDF). */
export function reportData(row: Analysis & { image: Image }, image: Buffer | null, now = new Date()): ReportData {
  const evidence = storedEvidence(row)!;
  const provenance = row.provenance as Provenance;
  const reviewed = row.analyzerResults !== null;
  const original = originalOf(row);
  const score = row.riskScore === null ? null : Math.round(row.riskScore);
  const analyzerScore = original.riskScore === null ? null : Math.round(original.riskScore);
  return {
    analysisId: row.id,
    propertyLocation: row.propertyLocation,
    filename: uploadedFilename(row.image),
    generatedAt: now,
    image,
    score,
    unassessableReasons: evidence.unassessable_reasons,
    breakdown: evidence.score_breakdown,
    analyzer: reviewed ? { score: analyzerScore, breakdown: original.evidence.score_breakdown } : null,
    results: row.results as ReportData['results'],
    findings: reviewedFindings(row).map((f) => ({
      feature: f.feature,
      confidence: f.confidence,
      note: f.note,
      areaM2: f.area_m2,
      reviewDecision: f.reviewDecision,
      reviewReason: f.reviewReason,
    })),
    recommendations: evidence.recommendations,
    review:
      reviewed && row.reviewedAt
        ? {
            reviewedBy: row.reviewedBy ?? '',
            reviewedAt: row.reviewedAt,
            changes: reviewChanges(row).map((c) => ({
              text: changeText(c, original.evidence.findings),
              reason: c.reason,
              by: c.by,
              at: c.at,
            })),
          }
        : null,
    extraSections: [defensibleSpaceSection(evidence.defensible_space)],
    provenance: {
      imageSource: row.image.source,
      capturedAt: row.image.capturedAt,
      gsdMPerPx: row.image.gsdMPerPx ?? provenance?.gsd_m_per_px ?? null,
      gsdSource: row.image.gsdSource ?? provenance?.gsd_source ?? null,
      width: row.image.width,
      height: row.image.height,
      sha256: row.image.sha256,
      analyzer: [provenance?.provider, provenance?.model, provenance?.analyzer_version && `version ${provenance.analyzer_version}`]
        .filter(Boolean)
        .join(', '),
      analyzedAt: provenance?.analyzed_at ?? null,
      attribution: row.image.attribution,
      exposureNote: typeof provenance?.exposure_note === 'string' ? provenance.exposure_note : null,
    },
  };
}

/** The viewer's analysis as a PDF. Not finished yet: a 409 in words. */
export async function propertyReport(
  deps: Pick<AnalysisDeps, 'db' | 'storage'>,
  viewer: Viewer,
  id: string,
): Promise<{ pdf: Buffer; row: Analysis }> {
  return failingAs(REPORT_FAILURE, async () => {
    const row = (await findOwnedAnalysis(deps.db, viewer.uid, id, { include: { image: true } })) as Analysis & { image: Image };
    if (row.status !== 'done' || !row.results || !row.evidence)
      throw new ConflictError('The report is available once the analysis is done.');
    const blob = await deps.storage.get(row.image.storageKey);
    // Drawn: what is still evidence (a rejected finding is not).
    const drawn: Finding[] = reviewedFindings(row).filter((f) => f.reviewDecision !== 'rejected');
    const space = storedEvidence(row)?.defensible_space;
    const zones =
      space?.status === 'measured' && space.px_per_m && space.roof_polygon ? { roof: space.roof_polygon, pxPerM: space.px_per_m } : null;
    const image = blob ? await imageWithFindings(blob.bytes, drawn, zones) : null;
    const pdf = await renderPropertyReport(reportData(row, image));
    await appendAudit(deps.db, [
      {
        analysisId: row.id,
        ownerId: viewer.uid,
        kind: 'report_generated',
        actor: actorName(viewer),
        details: { bytes: pdf.length, risk_score: row.riskScore },
      },
    ]);
    return { pdf, row };
  });
}
