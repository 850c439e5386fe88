// The PDF property report's layout rules: at most two pages however many findings, text the standard fonts
// can print, and the capture date's age in words.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { unknownObservations } from '../../../server/analyzer/assemble';
import { ageText, featureLines, pdfText, renderPropertyReport, type ReportData } from '../../../server/report/property-report';
import { searchTextFor } from '../../../server/services/analysis-text';
import { NO_BUILDING_NEAR_CENTRE, NO_COLOUR } from '../../../server/analyzer/contract';
import { COLOUR_IMAGE, MARK_THE_BUILDING } from '../../../server/analyzer/recommendations';

function data(findings: number): ReportData {
  return {
    analysisId: 'a1',
    propertyLocation: '1 Long Report Road',
    generatedAt: new Date('2026-11-24T12:00:00Z'),
    image: null,
    score: 44,
    unassessableReasons: [],
    breakdown: Array.from({ length: 10 }, (_, i) => ({
      factor: `factor_${i}`,
      points: 4,
      reason: 'A reason that is long enough to wrap on a narrow page, and then some more words.',
    })),
    analyzer: {
      score: 60,
      breakdown: Array.from({ length: 10 }, (_, i) => ({ factor: `factor_${i}`, points: 6, reason: 'Another reason.' })),
    },
    results: { ...unknownObservations(), risk_score: 44, image_item_id: 'i', image_analysis_id: 'a1', property_location: '' },
    findings: Array.from({ length: findings }, (_, i) => ({
      feature: i % 2 ? 'tree' : 'solar',
      confidence: 0.5,
      note: 'Tree crown about 6 m across',
      areaM2: 12,
      reviewDecision: null,
      reviewReason: null,
    })),
    recommendations: Array.from({ length: 8 }, () => 'Trim the branches that hang over the roof and clear the gutters beneath them.'),
    review: {
      reviewedBy: 'u@example.test',
      reviewedAt: new Date('2026-11-24T11:00:00Z'),
      changes: Array.from({ length: 6 }, () => ({
        text: 'roof condition: fair -> poor',
        reason: 'Tarp seen on site',
        by: 'u@example.test',
        at: '2026-11-24T11:00:00Z',
      })),
    },
    provenance: {
      imageSource: 'upload',
      capturedAt: new Date('2021-03-15T00:00:00Z'),
      gsdMPerPx: 0.3,
      gsdSource: 'exif',
      width: 4000,
      height: 3000,
      sha256: 'a'.repeat(64),
      analyzer: 'local',
      analyzedAt: null,
      attribution: null,
      exposureNote: 'The frame is dark (median lightness 5 %); it was analysed with its exposure corrected.',
    },
    extraSections: [
      {
        heading: 'Defensible space',
        lines: [
          '0–1.5 m: 10 m² of vegetation in 60 m² (17%)',
          '1.5–9 m: 0 m² of vegetation in 548 m² (0%)',
          '9–30 m: 0 m² of vegetation in 3000 m² (0%)',
        ],
      },
    ],
  };
}

describe('renderPropertyReport', () => {
  it('stays within two pages with 200 findings, counting the ones it does not list', async () => {
    const pdf = await renderPropertyReport(data(200));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())?.[1]);
    expect(pages).toBeLessThanOrEqual(2);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
    expect(text).toContain('…and 175 more (tree 88, solar 87; each on the results screen).');
    expect(text).toContain('Exposure: The frame is dark (median lightness 5 %); it was analysed with its exposure corrected.');
  });

  it('titles an upload without a location by its file name, and names the file in provenance', async () => {
    const pdf = await renderPropertyReport({ ...data(1), propertyLocation: '', filename: 'DJI_0753.JPG' });
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
    expect(text).toMatch(/Aerisk property report DJI_0753\.JPG · analysis /);
    expect(text).toContain('File: DJI_0753.JPG');
  });

  it('prints characters the standard fonts lack as "?", and arrows as ->', () => {
    expect(pdfText('Oak → 日本 “quoted” — 12 m² é')).toBe('Oak -> ?? “quoted” — 12 m² é');
  });

  it('says how old the image is', () => {
    expect(ageText(new Date('2021-03-15'), new Date('2026-11-24'))).toBe('5 years 8 months');
    expect(ageText(new Date('2026-11-01'), new Date('2026-11-24'))).toBe('less than a month');
    expect(ageText(new Date('2025-11-24'), new Date('2026-11-24'))).toBe('1 year');
  });

  it('does not call trees or wires distant from a roof when no building was found', () => {
    const results = {
      ...unknownObservations(),
      trees: { overhanging: false, count: 7, proximity: 'distant' as const },
      power_lines: { crossing_property: false, proximity: 'distant' as const },
      risk_score: null,
      image_item_id: 'i',
      image_analysis_id: 'a1',
      property_location: '',
    };
    expect(featureLines(results)).toEqual(expect.arrayContaining(['Trees: 7 (distant)', 'Power lines: distant']));
    const lines = featureLines(results, false);
    expect(lines).toEqual(
      expect.arrayContaining(['Trees: 7 (no building found to measure from)', 'Power lines: in view (no building found to measure from)']),
    );
    const noBuilding = { recommendations: [], assessable: false, unassessable_reasons: [NO_BUILDING_NEAR_CENTRE] };
    const text = searchTextFor('', results, noBuilding);
    expect(text).toContain('7 trees in view.');
    expect(text).toContain('Power lines in view.');
    expect(text).not.toMatch(/more than 3 m|in the distance/);
    const dark = searchTextFor('', results, { recommendations: [], assessable: false, unassessable_reasons: ['The image is too dark.'] });
    expect(dark).toContain('7 trees more than 3 m from the roof.');
  });

  it('prints a report without a building: no score, the reason, and trees not measured from a roof', async () => {
    const report = {
      ...data(3),
      score: null,
      analyzer: null,
      unassessableReasons: [NO_BUILDING_NEAR_CENTRE],
      breakdown: [],
      results: {
        ...unknownObservations(),
        trees: { overhanging: false, count: 7, proximity: 'distant' as const },
        risk_score: null,
        image_item_id: 'i',
        image_analysis_id: 'a1',
        property_location: '',
      },
      recommendations: [MARK_THE_BUILDING],
    };
    const text = execFileSync('pdftotext', ['-', '-'], { input: await renderPropertyReport(report) })
      .toString()
      .replace(/\s+/g, ' ');
    expect(text).toContain('Risk score: not assessable');
    expect(text).toContain(`Not assessable: ${NO_BUILDING_NEAR_CENTRE}`);
    expect(text).toContain('Trees: 7 (no building found to measure from)');
    expect(text).toContain('(“Mark your building” on the results screen)');
  });

  it('prints a greyscale image as not assessed: no feature is called absent, and it asks for colour', async () => {
    const report = {
      ...data(0),
      score: null,
      analyzer: null,
      unassessableReasons: [NO_COLOUR],
      breakdown: [],
      results: { ...unknownObservations(), risk_score: null, image_item_id: 'i', image_analysis_id: 'a1', property_location: '' },
      recommendations: [COLOUR_IMAGE],
    };
    const text = execFileSync('pdftotext', ['-', '-'], { input: await renderPropertyReport(report) })
      .toString()
      .replace(/\s+/g, ' ');
    expect(text).toContain(`Not assessable: ${NO_COLOUR}`);
    expect(text).toContain('Not assessed: the image itself could not be judged.');
    expect(text).not.toContain('Pool: not detected');
    expect(text).toContain('Upload a colour image of the property');
  });
});
