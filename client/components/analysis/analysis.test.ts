import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../common/constants';
import { describeSort, nextSort, toggleFilter, DEFAULT_HISTORY_QUERY } from '../../screens/AnalysisHistory/historyQuery';
import { countLabel, humanize, truncate } from './format';
import { toGlobalId } from './globalId';
import { describeGsd, readProvenance } from './provenance';
import { scoreBand } from './riskBand';
import { uploadProblem } from './validateUpload';

describe('toGlobalId', () => {
  it('matches Pothos: base64 of Type:id', () => {
    const id = '0b8f5a52-6a4e-4c57-9a43-2d1f7e0c9a11';
    expect(toGlobalId('Analysis', id)).toBe(Buffer.from(`Analysis:${id}`).toString('base64'));
  });

  it('encodes any route text as UTF-8 instead of throwing', () => {
    expect(Buffer.from(toGlobalId('Analysis', 'é'), 'base64').toString('utf8')).toBe('Analysis:é');
  });
});

describe('score bands', () => {
  it('change at 34 and 67', () => {
    expect([0, 33, 34, 66, 67, 100].map(scoreBand)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
  });
});

describe('text helpers', () => {
  it('truncates details after 100 characters only', () => {
    expect(truncate('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncate('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });

  it('counts in the singular and the plural', () => {
    expect(countLabel(0, 'analysis', 'analyses')).toBe('0 analyses');
    expect(countLabel(1, 'analysis', 'analyses')).toBe('1 analysis');
    expect(countLabel(2, 'analysis', 'analyses')).toBe('2 analyses');
  });

  it('turns contract words into readable ones', () => {
    expect(humanize('over_structure')).toBe('Over structure');
  });
});

describe('history sort and filters', () => {
  it('toggles the active sort and starts a new one descending', () => {
    const byDateAsc = { ...DEFAULT_HISTORY_QUERY, ...nextSort(DEFAULT_HISTORY_QUERY, 'date') };
    expect(byDateAsc).toMatchObject({ sort: 'date', order: 'asc' });
    expect(nextSort(byDateAsc, 'risk_score')).toEqual({ sort: 'risk_score', order: 'desc' });
    expect(nextSort({ ...byDateAsc, sort: 'risk_score', order: 'desc' }, 'risk_score')).toEqual({ sort: 'risk_score', order: 'asc' });
    expect(describeSort({ sort: 'risk_score', order: 'desc' })).toBe('Highest risk first');
  });

  it('combines filters and removes one on a second click', () => {
    expect(toggleFilter(toggleFilter([], 'pool'), 'roof')).toEqual(['pool', 'roof']);
    expect(toggleFilter(['pool', 'roof'], 'pool')).toEqual(['roof']);
  });
});

describe('uploadProblem', () => {
  it('gives the spec messages', () => {
    expect(uploadProblem(null)).toBe('Please select a file to upload');
    expect(uploadProblem({ type: 'image/svg+xml', size: 10 })).toBe('Please select a valid image file (JPEG, PNG, or GIF)');
    expect(uploadProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('File size exceeds 10MB limit');
    expect(uploadProblem({ type: 'image/gif', size: MAX_UPLOAD_BYTES })).toBeNull();
  });
});

describe('readProvenance', () => {
  it('reads the contract keys, ignores unknown ones and survives junk', () => {
    const provenance = readProvenance({
      provider: 'local',
      model: 'aerisk-local',
      gsd_m_per_px: 0.3,
      gsd_source: 'exif',
      fallback: { from: 'claude', reason: 'no API key' },
      surprise: { nested: true },
    });
    expect(provenance).toMatchObject({ provider: 'local', gsdMPerPx: 0.3, fallback: { from: 'claude', reason: 'no API key' } });
    expect(provenance.exposureNote).toBeNull();
    const dark = readProvenance({
      exposure_note: 'The frame is dark (median lightness 5 %); it was analysed with its exposure corrected.',
    });
    expect(dark.exposureNote).toMatch(/exposure corrected/);
    expect(readProvenance('nonsense').provider).toBeNull();
    expect(describeGsd(0.3, 'exif')).toBe("0.30 m/px, from the photo's camera altitude (EXIF)");
    expect(describeGsd(null, null)).toBe('Unknown (sizes judged relative to the roof)');
    // With no building there was no roof to judge sizes by.
    expect(describeGsd(null, null, false)).toBe('Unknown');
    expect(describeGsd(0.3, 'exif', false)).toBe("0.30 m/px, from the photo's camera altitude (EXIF)");
  });
});
