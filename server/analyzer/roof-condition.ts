// The cosmetic-versus-material roof rule, shared by every analyzer and enforced again by the scoring module.
// Regulators in several states bar non-renewals on cosmetic roof issues alone, so staining, discoloration and
// moss can at most make a roof `fair`; only material damage can make it `poor`.
import type { Finding, RoofCondition } from './contract';

export const MATERIAL_ROOF_SIGNS = ['tarp', 'missing_cover', 'patching', 'ponding', 'sagging', 'structural_damage'] as const;
export const COSMETIC_ROOF_SIGNS = ['staining', 'discoloration', 'moss'] as const;
export type MaterialRoofSign = (typeof MATERIAL_ROOF_SIGNS)[number];
export type CosmeticRoofSign = (typeof COSMETIC_ROOF_SIGNS)[number];
export type RoofSign = MaterialRoofSign | CosmeticRoofSign;

/** Words used in finding notes and recommendations. */
export const ROOF_SIGN_WORDS: Record<RoofSign, string> = {
  tarp: 'a temporary tarp on the roof',
  missing_cover: 'missing roof cover',
  patching: 'patched roof sections',
  ponding: 'standing water on the roof',
  sagging: 'a sagging roof line',
  structural_damage: 'structural roof damage',
  staining: 'staining',
  discoloration: 'discoloration',
  moss: 'moss or algae growth',
};

export function isMaterialSign(sign: RoofSign): sign is MaterialRoofSign {
  return (MATERIAL_ROOF_SIGNS as readonly string[]).includes(sign);
}

/**
 * Roof condition from the signs seen on a roof that was found and could be judged.
 * Any material sign → poor; cosmetic signs only → fair; nothing → good.
 */
export function roofConditionFromSigns(signs: readonly RoofSign[]): Exclude<RoofCondition, 'unknown'> {
  if (signs.some(isMaterialSign)) return 'poor';
  if (signs.length > 0) return 'fair';
  return 'good';
}

/**
 * The guard the scoring module applies to any analyzer's output: a `poor` roof must be backed by at least one
 * `damage` finding (the feature reserved for material damage; cosmetic observations are `roof`/`other` notes).
 * Without one, the roof counts as `fair`.
 */
export function enforceRoofRule(condition: RoofCondition, findings: readonly Finding[]): RoofCondition {
  if (condition !== 'poor') return condition;
  return findings.some((f) => f.feature === 'damage') ? 'poor' : 'fair';
}
