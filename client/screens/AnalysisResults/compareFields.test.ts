import { describe, expect, it } from 'vitest';
import { compareFields } from './compareFields';

type Side = Parameters<typeof compareFields>[0];

const side = (buildingFound: boolean | null, riskScore: number | null): Side =>
  ({
    createdAt: '2026-11-29T08:00:00Z',
    riskScore,
    buildingFound,
    image: { capturedAt: null },
    review: null,
    results: {
      pool: { present: false },
      spa: { present: false },
      trees: { count: 0, proximity: 'none' },
      roof: { style: 'unknown', condition: 'unknown' },
      solar: { present: false },
      powerLines: { proximity: 'none' },
      propertyCondition: 'unknown',
      additionalRisks: [],
    },
  }) as unknown as Side;

describe('compareFields', () => {
  it('says the features of an image that could not be judged were not assessed, not absent', () => {
    const fields = Object.fromEntries(compareFields(side(null, null)));
    expect(fields).toMatchObject({
      'Risk score': 'Not assessable',
      Pool: 'Not assessed',
      Trees: 'Not assessed',
      'Roof style': 'Not assessed',
    });
  });

  it('says no to a pool that was looked for and not found', () => {
    expect(Object.fromEntries(compareFields(side(true, 12)))).toMatchObject({ Pool: 'No', Trees: '0 (none)' });
    expect(Object.fromEntries(compareFields(side(false, null)))).toMatchObject({ Pool: 'No' });
  });
});
