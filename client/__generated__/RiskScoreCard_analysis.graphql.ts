/**
 * @generated SignedSource<<0935f5923d7e96688aeed5614b3d267f>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type RiskScoreCard_analysis$data = {
  readonly assessable: boolean | null | undefined;
  readonly review: {
    readonly analyzerRiskScore: number | null | undefined;
  } | null | undefined;
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
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "AnalysisReview",
      "kind": "LinkedField",
      "name": "review",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "analyzerRiskScore",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "dd0ea4c7c3fae765913ade2e4f72e5b5";

export default node;
