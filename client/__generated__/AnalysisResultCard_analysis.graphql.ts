/**
 * @generated SignedSource<<09c23c66d8354acc7f94b7c158a64b1a>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type AnalysisStatus = "done" | "failed" | "queued" | "running" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AnalysisResultCard_analysis$data = {
  readonly analysisId: string;
  readonly image: {
    readonly filename: string | null | undefined;
  };
  readonly progress: number;
  readonly propertyLocation: string;
  readonly status: AnalysisStatus;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisFeatures_analysis" | "AnalysisImageOverlay_analysis" | "RiskScoreCard_analysis">;
  readonly " $fragmentType": "AnalysisResultCard_analysis";
};
export type AnalysisResultCard_analysis$key = {
  readonly " $data"?: AnalysisResultCard_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisResultCard_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisResultCard_analysis",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "analysisId",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "status",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "progress",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "propertyLocation",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Image",
      "kind": "LinkedField",
      "name": "image",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "filename",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalysisImageOverlay_analysis"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "RiskScoreCard_analysis"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalysisFeatures_analysis"
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "59e2afa704a99d315f8810f5d8ab22d8";

export default node;
