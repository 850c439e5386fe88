// The fully-labelled property set (tests/eval/property.json): its shape, the rules its labels follow, and the
// score and band the scoring module gives to the labels themselves. Used by `npm run eval -- --property` and by
// the unit test that keeps the file valid.
import { z } from 'zod';
import { unknownObservations } from '../server/analyzer/assemble';
import { ROOF_CONDITIONS, ROOF_STYLES, type AnalyzerOutput, type Finding, type Observations } from '../server/analyzer/contract';
import { propertyConditionOf } from '../server/analyzer/property-condition';
import { riskBand, scoreObservations } from '../server/analyzer/scoring';

export const PROPERTY_KINDS = ['cannes_tile', 'fresno_solar', 'house_roof', 'drone_frame', 'forest', 'empty_lot', 'other'] as const;
const flag = z.boolean().nullable();
const box = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .refine(([x0, y0, x1, y1]) => x1 > x0 && y1 > y0, 'a box is [x0, y0, x1, y1] with x1 > x0 and y1 > y0');

export const propertyRecordSchema = z
  .object({
    /** Relative to the eval folder (../shared/eval); training images as `train/<file>`. */
    file: z.string().regex(/^[\w./-]+\.(png|jpe?g|tiff?)$/i),
    kind: z.enum(PROPERTY_KINDS),
    image_size: z.tuple([z.number().int().positive(), z.number().int().positive()]),
    gsd_m_per_px: z.number().positive().nullable(),
    /** The subject building (the house nearest the centre), in the file's pixels; null: no building. */
    subject_box: box.nullable(),
    labels: z.object({
      building: z.boolean(),
      pool: flag,
      spa: flag,
      solar: flag,
      power_lines_visible: flag,
      power_lines_over: flag,
      trees_touching: flag,
      trees_present: flag,
      roof_style: z.enum(ROOF_STYLES).exclude(['unknown']).nullable(),
      roof_condition: z.enum(ROOF_CONDITIONS).exclude(['unknown']).nullable(),
    }),
    notes: z.string(),
  })
  .strict()
  .superRefine((r, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message: `${r.file}: ${message}` });
    const [w, h] = r.image_size;
    if (r.subject_box && (r.subject_box[0] < -1 || r.subject_box[1] < -1 || r.subject_box[2] > w + 1 || r.subject_box[3] > h + 1)) {
      issue(`subject box ${JSON.stringify(r.subject_box)} lies outside the ${w}×${h} image`);
    }
    if (r.labels.building !== (r.subject_box !== null)) issue('a building needs a subject box, and a subject box a building');
    if (!r.labels.building) {
      for (const k of ['solar', 'power_lines_over', 'trees_touching'] as const)
        if (r.labels[k]) issue(`${k} on the subject roof, but no building`);
      if (r.labels.roof_style || r.labels.roof_condition) issue('a roof style or condition, but no building');
    }
    if (r.labels.power_lines_over && r.labels.power_lines_visible === false) issue('a line over the roof that is not visible');
  });

export type PropertyRecord = z.output<typeof propertyRecordSchema>;
export const propertySetSchema = z.array(propertyRecordSchema).superRefine((records, ctx) => {
  const seen = new Set<string>();
  for (const r of records) {
    if (seen.has(r.file)) ctx.addIssue({ code: 'custom', message: `${r.file} is labelled twice` });
    seen.add(r.file);
  }
});

/**
 * The score the scoring module gives to what the labels say (null when there is no building): the reference
 * for band agreement. Unlabelled (null) features count as absent; a `poor` roof stands for material damage.
 */
export function labelScore(r: PropertyRecord): number | null {
  const l = r.labels;
  if (!l.building) return null;
  const obs = unknownObservations();
  obs.roof = { style: l.roof_style ?? 'unknown', condition: l.roof_condition ?? 'unknown' };
  if (l.pool) obs.pool = { present: true, location: 'labelled', condition: 'clean' };
  if (l.spa) obs.spa = { present: true, location: 'labelled' };
  if (l.trees_touching) obs.trees = { overhanging: true, count: 1, proximity: 'touching' };
  else if (l.trees_present) obs.trees = { overhanging: false, count: 1, proximity: 'distant' };
  if (l.solar) obs.solar = { present: true, coverage_percentage: 10 };
  if (l.power_lines_over) obs.power_lines = { crossing_property: true, proximity: 'over_structure' };
  else if (l.power_lines_visible) obs.power_lines = { crossing_property: false, proximity: 'distant' };
  return scoreObservations(obs, labelledDamage(r), true).risk_score;
}

const labelledDamage = (r: PropertyRecord): Finding[] =>
  r.labels.roof_condition === 'poor'
    ? [
        {
          feature: 'damage',
          confidence: 1,
          polygon: [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
          area_m2: null,
          note: 'labelled damage',
          analyzer: 'local',
        },
      ]
    : [];

export const labelBand = (r: PropertyRecord) => riskBand(labelScore(r));

/**
 * The score of the labels where they speak, and of the analyzer where they are silent: a field labelled null
 * (the raters were unsure) and what the labels have no field for (trees within 3 m, the tree count, vegetation
 * in the defensible-space zones, the property's upkeep) take the analyzer's own observation, so band agreement
 * compares only what a rater judged. Where the analyzer contradicts a label (a wire over the roof labelled not
 * over it, canopy on the roof labelled not touching), the label wins and the part it cannot say (how near) is
 * taken as the least risky answer. Null when there is no building.
 */
export function labelScoreOnLabelledFields(r: PropertyRecord, out: AnalyzerOutput): number | null {
  const l = r.labels;
  if (!l.building) return null;
  const a = out.results;
  const none = unknownObservations();
  const obs: Observations = {
    property_condition: 'unknown',
    roof: { style: l.roof_style ?? a.roof.style, condition: l.roof_condition ?? a.roof.condition },
    pool:
      l.pool === null
        ? a.pool
        : l.pool
          ? { present: true, location: 'labelled', condition: a.pool.present ? a.pool.condition : 'clean' }
          : none.pool,
    spa: l.spa === null ? a.spa : l.spa ? { present: true, location: 'labelled' } : none.spa,
    solar:
      l.solar === null
        ? a.solar
        : l.solar
          ? { present: true, coverage_percentage: a.solar.present ? a.solar.coverage_percentage : 10 }
          : none.solar,
    trees: a.trees,
    power_lines: a.power_lines,
    additional_risks: a.additional_risks,
  };
  const count = Math.max(1, a.trees.count);
  if (l.trees_touching) obs.trees = { overhanging: true, count, proximity: 'touching' };
  else if (l.trees_present === false) obs.trees = none.trees;
  else if (l.trees_touching === false && a.trees.proximity === 'touching') obs.trees = { overhanging: false, count, proximity: 'distant' };
  else if (l.trees_present && a.trees.proximity === 'none') obs.trees = { overhanging: false, count: 1, proximity: 'distant' };
  // The only additional risk the local analyzer names is dense canopy: none where the labels see no trees.
  if (l.trees_present === false) obs.additional_risks = a.additional_risks.filter((x) => !/canopy|tree/i.test(x));
  const p = a.power_lines;
  if (l.power_lines_over) obs.power_lines = { crossing_property: true, proximity: 'over_structure' };
  else if (l.power_lines_visible === false) obs.power_lines = none.power_lines;
  else if (l.power_lines_over === false && p.proximity === 'over_structure')
    obs.power_lines = { crossing_property: false, proximity: 'distant' };
  else if (l.power_lines_visible && p.proximity === 'none') obs.power_lines = { crossing_property: false, proximity: 'distant' };
  obs.property_condition = propertyConditionOf(obs);
  const findings = l.roof_condition === null ? out.evidence.findings.filter((f) => f.feature === 'damage') : labelledDamage(r);
  const space = l.trees_present === false ? null : out.evidence.defensible_space;
  return scoreObservations(obs, findings, true, space).risk_score;
}
