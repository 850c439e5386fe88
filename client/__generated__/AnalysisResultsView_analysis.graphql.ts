/**
 * @generated SignedSource<<a48e3221c72ee42e3f00348c88ddc8a7>>
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
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisFeatures_analysis" | "AnalysisObservations_analysis" | "AnalysisProvenance_analysis" | "DefensibleSpacePanel_analysis" | "RiskScoreCard_analysis" | "WrongBuildingImage_analysis">;
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
      "name": "WrongBuildingImage_analysis"
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

(node as any).hash = "aaa9ae4431f9d8fc286009b00e93cbe6";

export default node;
