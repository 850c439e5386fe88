// Plain-sentence recommendations, each tied to something the analyzer found (never generic advice for a
// feature that is not there). Pure, like scoring, so every analyzer gives the same advice for the same facts.
import { isNoBuildingReason, NO_COLOUR, type Finding, type Observations } from './contract';
import { enforceRoofRule } from './roof-condition';

function firstNote(findings: readonly Finding[], feature: Finding['feature']): string | null {
  const f = findings.filter((x) => x.feature === feature).sort((a, b) => b.confidence - a.confidence)[0];
  return f && f.note ? f.note : null;
}

/** Said when no building was found: the owner can mark it, and a sharper image would not help. */
export const MARK_THE_BUILDING =
  'If the property has a building, mark its roof on the image (“Mark your building” on the results screen) or upload an image centred on it.';
/** Said when the image itself could not be judged (dark, cloud, blur, too coarse). */
export const CLEARER_IMAGE = 'Provide a clearer, higher-resolution overhead image of the property so it can be assessed.';
/** Said instead when the image is sharp enough but greyscale: a sharper grey image would not help. */
export const COLOUR_IMAGE = 'Upload a colour image of the property: in greyscale, water, vegetation and roof damage cannot be told apart.';

/**
 * `unassessableReasons`: why an analysis that is not assessable could not be judged. What to do depends on it: a
 * missing building is marked by the owner, a poor image is replaced.
 */
export function recommend(
  obs: Observations,
  findings: readonly Finding[],
  assessable: boolean,
  unassessableReasons: readonly string[] = [],
): string[] {
  if (!assessable) {
    const noBuilding = unassessableReasons.some(isNoBuildingReason);
    const noColour = unassessableReasons.includes(NO_COLOUR);
    const poorImage = unassessableReasons.some((reason) => !isNoBuildingReason(reason) && reason !== NO_COLOUR);
    return [
      ...(noBuilding ? [MARK_THE_BUILDING] : []),
      ...(noColour ? [COLOUR_IMAGE] : []),
      ...(poorImage || (!noBuilding && !noColour) ? [CLEARER_IMAGE] : []),
    ];
  }
  const out: string[] = [];
  const roofCondition = enforceRoofRule(obs.roof.condition, findings);

  if (roofCondition === 'poor') {
    const damage = firstNote(findings, 'damage');
    out.push(`Have the roof inspected and repaired by a licensed roofer${damage ? ` (${damage})` : ''}.`);
  } else if (roofCondition === 'fair') {
    out.push('Schedule a routine roof check; the wear seen is cosmetic and does not by itself indicate damage.');
  } else if (roofCondition === 'unknown') {
    out.push('Confirm the roof condition with a site visit or a sharper image; it could not be judged here.');
  }

  if (obs.trees.proximity === 'touching') {
    out.push('Trim the branches that hang over the roof and clear the gutters beneath them.');
  } else if (obs.trees.proximity === 'near') {
    out.push('Keep the trees within 3 m of the house pruned back from the roof line.');
  }

  if (obs.pool.present) {
    const where = obs.pool.location ? ` ${inSentence(obs.pool.location)}` : '';
    out.push(`Verify a compliant fence and self-closing gate around the pool${where}.`);
    if (obs.pool.condition === 'green') out.push('Treat or drain the green pool water; it suggests the pool is not maintained.');
    if (obs.pool.condition === 'empty') out.push('Secure or refill the empty pool; an empty pool is a fall hazard.');
  }
  if (obs.spa.present) out.push('Make sure the hot tub has a locking cover.');

  if (obs.power_lines.proximity === 'over_structure') {
    out.push('Ask the utility to check the clearance of the power line that passes over the building.');
  } else if (obs.power_lines.proximity === 'near') {
    out.push('Keep vegetation clear of the power line near the building and report any sagging span to the utility.');
  } else if (obs.power_lines.crossing_property) {
    out.push('Keep trees under the power line across the lot trimmed to the utility clearance.');
  }

  if (obs.solar.present) {
    out.push(
      `Record the solar installation (about ${Math.round(obs.solar.coverage_percentage)}% of the roof) and confirm it was permitted.`,
    );
  }
  for (const risk of obs.additional_risks.slice(0, 3))
    out.push(`Have this looked at on the next visit: ${lowerFirst(risk.replace(/[.\s]+$/, ''))}.`);
  return out;
}

/** A location as it reads inside a sentence: "in the centre of the image", "on the left side of the image". */
export function inSentence(location: string): string {
  if (!location.endsWith('of the image')) return location;
  return `${/^(left|right) side/.test(location) ? 'on' : 'in'} the ${location}`;
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
