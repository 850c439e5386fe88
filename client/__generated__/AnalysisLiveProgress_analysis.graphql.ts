/**
 * @generated SignedSource<<8331060fb78e1e496cc2475696b1eb12>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type AnalysisStatus = "done" | "failed" | "queued" | "running" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AnalysisLiveProgress_analysis$data = {
  readonly id: string;
  readonly progress: number;
  readonly status: AnalysisStatus;
  readonly " $fragmentType": "AnalysisLiveProgress_analysis";
};
export type AnalysisLiveProgress_analysis$key = {
  readonly " $data"?: AnalysisLiveProgress_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisLiveProgress_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisLiveProgress_analysis",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
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
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "11fc1f6bccda6fef069042a5bb3db6a5";

export default node;
