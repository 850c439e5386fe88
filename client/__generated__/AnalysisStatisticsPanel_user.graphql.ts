/**
 * @generated SignedSource<<c96bde9605770d381deba95ab4fef59e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisStatisticsPanel_user$data = {
  readonly analysisStatistics: {
    readonly failed: number;
    readonly inProgress: number;
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
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "failed",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "inProgress",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "dd3d48ac03434a19db487d480d223bc1";

export default node;
