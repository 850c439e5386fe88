// Which analyzer made a result, compared with the one this server runs now. The local analyzer's version
// names its code and weights (local/version.ts); Claude's names its own release and the local analyzer it
// runs beside (claude/analyzer.ts). A result from another version may differ if the image is analysed again.
import { ANALYZER_VERSION } from './local/version';

export const CLAUDE_ANALYZER_VERSION = '1.0.0';

/** The version a Claude analysis records: its release and the local analyzer's. */
export function claudeAnalyzerVersion(localVersion: string): string {
  return `claude-${CLAUDE_ANALYZER_VERSION}+${localVersion}`;
}

/** The versions this server's analyzers write today (provenance.analyzer_version): the local one's and Claude's. */
export function currentAnalyzerVersions(): string[] {
  return [ANALYZER_VERSION, claudeAnalyzerVersion(ANALYZER_VERSION)];
}

/** Whether `version` (provenance.analyzer_version) is what this server's analyzers write today. */
export function isCurrentAnalyzerVersion(version: string): boolean {
  return currentAnalyzerVersions().includes(version);
}
