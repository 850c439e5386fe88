// The property report (issue 10, item 3): one or two Letter pages drawn with pdfkit — the image with the
// findings, the score and band with its breakdown (reviewed and the analyzer's when they differ), each finding
// with its confidence and review, recommendations, the review, provenance, and the terms' AI disclaimer.
import PDFDocument from 'pdfkit';
import { analysisTitle } from '../../common/analysis-title';
import { hasSubjectBuilding, imageJudgedIn, type AnalysisResults, type ScoreItem } from '../analyzer/contract';
import { AI_DISCLAIMER, bandFor, NO_BUILDING_TO_MEASURE_FROM } from '../../common/constants';

export interface ReportFinding {
  feature: string;
  confidence: number;
  note: string;
  areaM2: number | null;
  reviewDecision: string | null;
  reviewReason: string | null;
}

export interface ReportChange {
  text: string;
  reason: string;
  by: string;
  at: string;
}

export interface ReportData {
  analysisId: string;
  propertyLocation: string;
  /** The uploaded file's name, which titles an upload without a location. */
  filename?: string | null;
  generatedAt: Date;
  /** JPEG of the image with the findings drawn; null when the image is gone. */
  image: Buffer | null;
  score: number | null;
  unassessableReasons: string[];
  breakdown: ScoreItem[];
  /** The analyzer's own score and breakdown, when a review changed them. */
  analyzer: { score: number | null; breakdown: ScoreItem[] } | null;
  results: AnalysisResults;
  findings: ReportFinding[];
  recommendations: string[];
  review: { reviewedBy: string; reviewedAt: Date; changes: ReportChange[] } | null;
  provenance: {
    imageSource: string;
    capturedAt: Date | null;
    gsdMPerPx: number | null;
    gsdSource: string | null;
    width: number;
    height: number;
    sha256: string;
    analyzer: string;
    analyzedAt: string | null;
    attribution: string | null;
    /** Said when a dark or washed-out frame was analysed with its exposure corrected. */
    exposureNote?: string | null;
  };
  /** Extra sections (defensible space), each a heading and lines. */
  extraSections?: { heading: string; lines: string[] }[];
}

/** Findings listed one by one; the rest are counted by kind, so the report stays within two pages. */
export const MAX_FINDINGS_LISTED = 25;

// The standard PDF fonts speak Windows-1252: other characters would print as noise, so they become '?'.
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfText(text: string): string {
  return [...text.replace(/→/g, '->')].map((c) => (c.charCodeAt(0) <= 0xff || CP1252_EXTRAS.has(c) ? c : '?')).join('');
}

const BAND_WORDS = { low: 'Low', medium: 'Medium', high: 'High' } as const;
export function scoreWords(score: number | null): string {
  return score === null ? 'not assessable' : `${score} / 100, ${BAND_WORDS[bandFor(score)]} risk`;
}

/** "4 years 2 months" between two dates. */
export function ageText(from: Date, to: Date): string {
  const months = Math.max(
    0,
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 +
      to.getUTCMonth() -
      from.getUTCMonth() -
      (to.getUTCDate() < from.getUTCDate() ? 1 : 0),
  );
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (months === 0) return 'less than a month';
  return [years && `${years} year${years === 1 ? '' : 's'}`, rest && `${rest} month${rest === 1 ? '' : 's'}`].filter(Boolean).join(' ');
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const words = (value: string) => value.replace(/_/g, ' ');

/** `buildingFound` false: trees and wires were seen with no building to measure from, and the lines say so. */
export function featureLines(r: AnalysisResults, buildingFound = true): string[] {
  return [
    `Pool: ${r.pool.present ? `present (${words(r.pool.condition)})${r.pool.location ? `, ${r.pool.location}` : ''}` : 'not detected'}`,
    `Spa: ${r.spa.present ? 'present' : 'not detected'}`,
    buildingFound || r.trees.count === 0
      ? `Trees: ${r.trees.count} (${words(r.trees.proximity)})${r.trees.overhanging ? ', overhanging the roof' : ''}`
      : `Trees: ${r.trees.count} (${NO_BUILDING_TO_MEASURE_FROM})`,
    `Roof: ${words(r.roof.style)}, condition ${words(r.roof.condition)}`,
    `Solar panels: ${r.solar.present ? `present, about ${Math.round(r.solar.coverage_percentage)}% of the roof` : 'not detected'}`,
    buildingFound || r.power_lines.proximity === 'none'
      ? `Power lines: ${words(r.power_lines.proximity)}${r.power_lines.crossing_property ? ', crossing the property' : ''}`
      : `Power lines: in view (${NO_BUILDING_TO_MEASURE_FROM})`,
    `Property condition: ${words(r.property_condition)}`,
    `Additional risks: ${r.additional_risks.length ? r.additional_risks.join('; ') : 'none identified'}`,
  ];
}

/** Renders the report; resolves with the PDF's bytes. */
export function renderPropertyReport(data: ReportData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 48, bottom: 48, left: 54, right: 54 },
    info: {
      Title: pdfText(`Property report ${data.propertyLocation || data.filename || data.analysisId}`),
      Author: 'Aerisk',
      Subject: 'Aerial property risk report',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const heading = (text: string) =>
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor('#0f172a').text(pdfText(text)).moveDown(0.2);
  const body = (text: string, opts: PDFKit.Mixins.TextOptions = {}) =>
    doc.font('Helvetica').fontSize(9).fillColor('#1e293b').text(pdfText(text), opts);
  const small = (text: string) => doc.font('Helvetica').fontSize(8).fillColor('#475569').text(pdfText(text));

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text('Aerisk property report');
  body(
    `${analysisTitle(data.propertyLocation, data.filename)} · analysis ${data.analysisId} · generated ${data.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  );
  doc.moveDown(0.5);

  if (data.image) {
    doc.image(data.image, { fit: [width, 270], align: 'center' });
    doc.moveDown(0.3);
  } else {
    small('The image is no longer stored.');
  }

  heading('Risk score');
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#0f172a')
    .text(pdfText(`Risk score: ${scoreWords(data.score)}${data.review ? ' (reviewed)' : ''}`));
  if (data.analyzer) body(`Analyzer: ${scoreWords(data.analyzer.score)} -> Reviewed: ${scoreWords(data.score)}`);
  if (data.score === null && data.unassessableReasons.length) body(`Not assessable: ${data.unassessableReasons.join('; ')}`);
  const breakdown = (items: ScoreItem[], title: string) => {
    if (items.length === 0) return;
    body(title, { underline: true });
    for (const item of items) body(`${item.points > 0 ? '+' : ''}${item.points}  ${words(item.factor)}: ${item.reason}`, { indent: 10 });
  };
  breakdown(data.breakdown, data.analyzer ? 'Breakdown (reviewed)' : 'Breakdown');
  if (data.analyzer) breakdown(data.analyzer.breakdown, 'Breakdown (analyzer, before review)');

  heading('Features');
  const evidence = { assessable: data.score !== null, unassessable_reasons: data.unassessableReasons };
  // An image that could not be judged at all (dark, blurred, greyscale): nothing was looked for.
  if (!imageJudgedIn(evidence)) body('Not assessed: the image itself could not be judged.');
  else for (const line of featureLines(data.results, hasSubjectBuilding(evidence))) body(line);

  heading(`Findings (${data.findings.length})`);
  if (data.findings.length === 0) body('None.');
  for (const f of data.findings.slice(0, MAX_FINDINGS_LISTED)) {
    const area = f.areaM2 === null ? '' : `, ${Math.round(f.areaM2)} m²`;
    const review = f.reviewDecision ? ` — ${f.reviewDecision} by the reviewer: ${f.reviewReason ?? ''}` : '';
    body(`${words(f.feature)}: ${Math.round(f.confidence * 100)}% confidence${area}${f.note ? ` — ${f.note}` : ''}${review}`, {
      indent: 10,
    });
  }
  if (data.findings.length > MAX_FINDINGS_LISTED) {
    const rest = new Map<string, number>();
    for (const f of data.findings.slice(MAX_FINDINGS_LISTED)) rest.set(f.feature, (rest.get(f.feature) ?? 0) + 1);
    const counts = [...rest].map(([feature, n]) => `${words(feature)} ${n}`).join(', ');
    small(`…and ${data.findings.length - MAX_FINDINGS_LISTED} more (${counts}; each on the results screen).`);
  }

  for (const section of data.extraSections ?? []) {
    heading(section.heading);
    for (const line of section.lines) body(line);
  }

  heading('Recommendations');
  if (data.recommendations.length === 0) body('None.');
  for (const text of data.recommendations) body(`• ${text}`, { indent: 10 });

  heading('Review');
  if (!data.review) body('Not reviewed: these are the analyzer’s results.');
  else {
    body(`Reviewed by ${data.review.reviewedBy} on ${day(data.review.reviewedAt)}.`);
    for (const c of data.review.changes) body(`${c.text} — reason: ${c.reason} (${c.by}, ${c.at.slice(0, 10)})`, { indent: 10 });
  }

  heading('Provenance');
  const p = data.provenance;
  body(`Image source: ${p.imageSource}${p.attribution ? ` (${p.attribution})` : ''}`);
  if (data.filename) body(`File: ${data.filename}`);
  body(
    p.capturedAt
      ? `Captured: ${day(p.capturedAt)}, ${ageText(p.capturedAt, data.generatedAt)} before this report`
      : 'Captured: date unknown',
  );
  body(
    `Resolution: ${p.width} × ${p.height} px; ${p.gsdMPerPx ? `${p.gsdMPerPx.toFixed(2)} m per pixel (${p.gsdSource ?? 'source'})` : 'ground resolution unknown'}`,
  );
  if (p.exposureNote) body(`Exposure: ${p.exposureNote}`);
  body(`Image SHA-256: ${p.sha256}`);
  body(`Analyzer: ${p.analyzer}${p.analyzedAt ? `, analysed ${p.analyzedAt.replace('T', ' ').slice(0, 16)} UTC` : ''}`);

  heading('Disclaimer');
  small(AI_DISCLAIMER);

  doc.end();
  return finished;
}
