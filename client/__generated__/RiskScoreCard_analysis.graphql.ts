/**
 * @generated SignedSource<<9e816c42db7d797ecac0fdad2db6ecea>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type RiskScoreCard_analysis$data = {
  readonly assessable: boolean | null | undefined;
  readonly riskScore: number | null | undefined;
  readonly scoreBreakdown: ReadonlyArray<{
    readonly factor: string;
    readonly points: number;
    readonly reason: string;
  }>;
  readonly unassessableReasons: ReadonlyArray<string>;
  readonly " $fragmentType": "RiskScoreCard_analysis";
};
export type RiskScoreCard_analysis$key = {
  readonly " $data"?: RiskScoreCard_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"RiskScoreCard_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RiskScoreCard_analysis",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "riskScore",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "assessable",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "unassessableReasons",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "ScoreItem",
      "kind": "LinkedField",
      "name": "scoreBreakdown",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "factor",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "points",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "reason",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "6000531252807b9e34a7a09768a3751a";

export default node;
