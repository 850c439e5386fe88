// The property's upkeep as the local analyzer reads it, shared with the review model: a reviewer who corrects the roof
// or the pool corrects the condition derived from them.
import type { Observations } from './contract';

/** The property's upkeep as the local analyzer reads it: from the roof's condition and a green pool. */
export function propertyConditionOf(obs: Observations): Observations['property_condition'] {
  return obs.roof.condition === 'poor'
    ? 'poor'
    : obs.roof.condition === 'fair' || obs.pool.condition === 'green'
      ? 'fair'
      : obs.roof.condition === 'good'
        ? 'good'
        : 'unknown';
}
