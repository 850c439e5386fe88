// What history search and filters see of a finished analysis: plain sentences (never JSON keys, so
// searching "pool" does not match every record that says `"pool": {"present": false}`) and the
// filter flags of analysis-contract.md ("Who uses which rule").
import { hasSubjectBuilding, type AnalysisResults, type Evidence } from '../analyzer/contract';
import { findingsKey } from './analysis-columns';

const TREE_WORDS = {
  none: '',
  distant: 'more than 3 m from the roof',
  near: 'within 3 m of the roof',
  touching: 'overhanging the roof',
} as const;

const POWER_LINE_WORDS = {
  none: '',
  distant: 'Power lines in the distance',
  near: 'Power lines near the building',
  over_structure: 'Power lines over the structure',
} as const;

function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Only what is present or known is described, so a search for a feature finds records that have it. An upload's
 * file name is there too: it titles an upload without a location (common/analysis-title.ts), so it must find it.
 */
export function searchTextFor(
  propertyLocation: string,
  results: AnalysisResults | null,
  evidence: Pick<Evidence, 'recommendations' | 'assessable' | 'unassessable_reasons'> | null,
  filename: string | null = null,
): string {
  const parts: string[] = [];
  if (propertyLocation) parts.push(sentence(propertyLocation));
  if (filename) parts.push(sentence(`File ${filename}`));
  if (results) {
    const { pool, spa, trees, roof, solar, power_lines: lines } = results;
    // With no building found, "distant" is not a distance from anything (contract.ts, hasSubjectBuilding).
    const measured = !evidence || hasSubjectBuilding(evidence);
    if (pool.present) {
      const condition = pool.condition === 'unknown' ? '' : ` (${pool.condition})`;
      parts.push(sentence(`Swimming pool${condition}${pool.location ? ` ${pool.location}` : ''}`));
    }
    if (spa.present) parts.push(sentence(`Spa hot tub${spa.location ? ` ${spa.location}` : ''}`));
    if (trees.count > 0) {
      parts.push(sentence(`${trees.count} ${trees.count === 1 ? 'tree' : 'trees'} ${measured ? TREE_WORDS[trees.proximity] : 'in view'}`));
    }
    if (roof.style !== 'unknown') parts.push(sentence(`${roof.style} roof`));
    if (roof.condition !== 'unknown') parts.push(sentence(`Roof in ${roof.condition} condition`));
    if (solar.present) parts.push(sentence(`Solar panels covering ${Math.round(solar.coverage_percentage)}% of the roof`));
    if (lines.crossing_property) parts.push('Power lines crossing the property.');
    else if (lines.proximity !== 'none') parts.push(sentence(measured ? POWER_LINE_WORDS[lines.proximity] : 'Power lines in view'));
    if (results.property_condition !== 'unknown') parts.push(sentence(`Property in ${results.property_condition} condition`));
    for (const risk of results.additional_risks) parts.push(sentence(risk));
  }
  if (evidence) {
    if (!evidence.assessable) {
      parts.push(sentence(`Not assessable: ${evidence.unassessable_reasons.join('; ')}`));
    }
    for (const recommendation of evidence.recommendations) parts.push(sentence(recommendation));
  }
  return parts.filter(Boolean).join(' ');
}

export interface FilterFlags {
  hasPool: boolean;
  hasSpa: boolean;
  treesOverhanging: boolean;
  roofPoor: boolean;
  hasSolar: boolean;
  hasPowerLines: boolean;
  /** Not a history filter: the compared findings that batches read (decision 026), denormalised with the flags. */
  findingsKey: string;
}

export function filterFlagsFor(results: AnalysisResults): FilterFlags {
  return {
    hasPool: results.pool.present,
    hasSpa: results.spa.present,
    treesOverhanging: results.trees.overhanging,
    roofPoor: results.roof.condition === 'poor',
    hasSolar: results.solar.present,
    hasPowerLines: results.power_lines.crossing_property || results.power_lines.proximity !== 'none',
    findingsKey: findingsKey(results),
  };
}
