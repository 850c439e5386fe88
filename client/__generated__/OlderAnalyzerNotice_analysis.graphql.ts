/**
 * @generated SignedSource<<1bc78fe679c49ba7e5829a6c4d42a096>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type OlderAnalyzerNotice_analysis$data = {
  readonly analyzedByCurrentAnalyzer: boolean | null | undefined;
  readonly " $fragmentSpreads": FragmentRefs<"AnalyseAgainButton_analysis">;
  readonly " $fragmentType": "OlderAnalyzerNotice_analysis";
};
export type OlderAnalyzerNotice_analysis$key = {
  readonly " $data"?: OlderAnalyzerNotice_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"OlderAnalyzerNotice_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "OlderAnalyzerNotice_analysis",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "analyzedByCurrentAnalyzer",
      "storageKey": null
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalyseAgainButton_analysis"
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "65fb3b53fa755e8b5e8d4aa48632ebd7";

export default node;
