// The analyzer's version names what decides its answer: a change to its code, the shared contract beside it or
// a model's weights gives a new version; Claude's own folder and anything outside server/analyzer do not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANALYZER_VERSION, analyzerDigest } from '../../../server/analyzer/local/version';
import { claudeAnalyzerVersion, isCurrentAnalyzerVersion } from '../../../server/analyzer/versions';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'aerisk-version-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the analyzer version', () => {
  it('changes with the local code, the shared files beside it and the weights, not with Claude’s folder', () => {
    const dir = tree({
      'scoring.ts': 'export const points = 25;',
      'local/water.ts': 'export const hue = 200;',
      'models/pool.onnx': 'weights-1',
      'claude/prompt.ts': 'export const prompt = "a";',
    });
    const before = analyzerDigest(dir);
    expect(before).toMatch(/^[0-9a-f]{8}$/);
    expect(analyzerDigest(dir)).toBe(before);

    writeFileSync(path.join(dir, 'claude/prompt.ts'), 'export const prompt = "b";');
    expect(analyzerDigest(dir)).toBe(before);
    for (const [file, text] of [
      ['local/water.ts', 'export const hue = 210;'],
      ['scoring.ts', 'export const points = 20;'],
      ['models/pool.onnx', 'weights-2'],
      ['local/new-detector.ts', 'export {};'],
    ]) {
      const last = analyzerDigest(dir);
      writeFileSync(path.join(dir, file), text);
      expect(analyzerDigest(dir), file).not.toBe(last);
    }
  });

  it('tells today’s analyzers from earlier ones, local or with Claude', () => {
    expect(isCurrentAnalyzerVersion(ANALYZER_VERSION)).toBe(true);
    expect(isCurrentAnalyzerVersion(claudeAnalyzerVersion(ANALYZER_VERSION))).toBe(true);
    expect(isCurrentAnalyzerVersion('1.0.0')).toBe(false);
    expect(isCurrentAnalyzerVersion(claudeAnalyzerVersion('1.0.0'))).toBe(false);
  });
});
