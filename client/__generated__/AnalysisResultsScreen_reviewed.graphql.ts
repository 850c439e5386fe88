/**
 * @generated SignedSource<<3fea5b310fa4a8dae2f82f317c74db99>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisResultsScreen_reviewed$data = {
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisAuditTrail_analysis" | "AnalysisResultsView_analysis" | "AnalysisReviewPanel_analysis">;
  readonly " $fragmentType": "AnalysisResultsScreen_reviewed";
};
export type AnalysisResultsScreen_reviewed$key = {
  readonly " $data"?: AnalysisResultsScreen_reviewed$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisResultsScreen_reviewed">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisResultsScreen_reviewed",
  "selections": [
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalysisResultsView_analysis"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalysisReviewPanel_analysis"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalysisAuditTrail_analysis"
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "ce9e61df77e565bf409e708e09d1559e";

export default node;
