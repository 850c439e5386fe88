/**
 * @generated SignedSource<<1e61304c0400866c261e48ffd9e4d8c3>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisStatisticsPanel_user$data = {
  readonly analysisStatistics: {
    readonly notAssessable: number;
    readonly riskFactors: {
      readonly pools: number;
      readonly powerLines: number;
      readonly spas: number;
      readonly treesOverhanging: number;
    };
    readonly riskScores: {
      readonly high: number;
      readonly low: number;
      readonly medium: number;
    };
    readonly totalAnalyses: number;
  };
  readonly " $fragmentType": "AnalysisStatisticsPanel_user";
};
export type AnalysisStatisticsPanel_user$key = {
  readonly " $data"?: AnalysisStatisticsPanel_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisStatisticsPanel_user">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisStatisticsPanel_user",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "AnalysisStatistics",
      "kind": "LinkedField",
      "name": "analysisStatistics",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "totalAnalyses",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "notAssessable",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "RiskBands",
          "kind": "LinkedField",
          "name": "riskScores",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "low",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "medium",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "high",
              "storageKey": null
            }
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "RiskFactors",
          "kind": "LinkedField",
          "name": "riskFactors",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "pools",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "spas",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "treesOverhanging",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "powerLines",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "05bf1cd53f0c4e9552fbafb1221222b5";

export default node;
