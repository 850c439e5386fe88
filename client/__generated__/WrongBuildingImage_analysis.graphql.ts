/**
 * @generated SignedSource<<e5809485f1b43025ea0442c960c67ff3>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type AnalysisStatus = "done" | "failed" | "queued" | "running" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type WrongBuildingImage_analysis$data = {
  readonly analysisId: string;
  readonly image: {
    readonly id: string;
  };
  readonly status: AnalysisStatus;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisImageOverlay_analysis">;
  readonly " $fragmentType": "WrongBuildingImage_analysis";
};
export type WrongBuildingImage_analysis$key = {
  readonly " $data"?: WrongBuildingImage_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"WrongBuildingImage_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "WrongBuildingImage_analysis",
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
      "concreteType": "Image",
      "kind": "LinkedField",
      "name": "image",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "id",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AnalysisImageOverlay_analysis"
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "29576f4ba9467ab7f86331b40367007f";

export default node;
