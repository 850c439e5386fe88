/**
 * @generated SignedSource<<f032f3b297c945bc325119479cc29826>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisResultsView_analysis$data = {
  readonly createdAt: any;
  readonly image: {
    readonly filename: string | null | undefined;
  };
  readonly propertyLocation: string;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisFeatures_analysis" | "AnalysisImageOverlay_analysis" | "AnalysisObservations_analysis" | "AnalysisProvenance_analysis" | "DefensibleSpacePanel_analysis" | "RiskScoreCard_analysis" | "WrongBuildingImage_analysis">;
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
      "name": "WrongBuildingImage_analysis"
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

(node as any).hash = "6442d520775ddb395fad1e906f152025";

export default node;
