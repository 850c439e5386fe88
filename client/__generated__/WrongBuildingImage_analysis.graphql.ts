/**
 * @generated SignedSource<<06b4a4283b546ef2734a047053b2a10f>>
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
  readonly buildingFound: boolean | null | undefined;
  readonly image: {
    readonly id: string;
  };
  readonly status: AnalysisStatus;
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
      "kind": "ScalarField",
      "name": "buildingFound",
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
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "13f4e3ca2539e0cc8eac7f76cfcc902d";

export default node;
