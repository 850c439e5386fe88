/**
 * @generated SignedSource<<2db3506f13e17a00f26f7d4f8e094bee>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisResultsView_analysis$data = {
  readonly createdAt: any;
  readonly propertyLocation: string;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisFeatures_analysis" | "AnalysisImageOverlay_analysis" | "AnalysisObservations_analysis" | "AnalysisProvenance_analysis" | "DefensibleSpacePanel_analysis" | "RiskScoreCard_analysis">;
  readonly " $fragmentType": "AnalysisResultsView_analysis";
};
export type AnalysisResultsView_analysis$key = {
  readonly " $data"?: AnalysisResultsView_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisResultsView_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisResultsView_analysis",
  "selections": [
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
      "kind": "ScalarField",
      "name": "createdAt",
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
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalysisObservations_analysis"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalysisProvenance_analysis"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "DefensibleSpacePanel_analysis"
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "f8bdc2eb734f4d1a152b6ced32b2808e";

export default node;
