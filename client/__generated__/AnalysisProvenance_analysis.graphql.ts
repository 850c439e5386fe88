/**
 * @generated SignedSource<<f1a01323fa744264764cb5ffbcf0fe76>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisProvenance_analysis$data = {
  readonly buildingFound: boolean | null | undefined;
  readonly finishedAt: any | null | undefined;
  readonly image: {
    readonly attribution: string | null | undefined;
    readonly capturedAt: any | null | undefined;
    readonly gsdMPerPx: number | null | undefined;
    readonly gsdSource: string | null | undefined;
    readonly height: number;
    readonly source: string;
    readonly width: number;
  };
  readonly provenance: any | null | undefined;
  readonly " $fragmentType": "AnalysisProvenance_analysis";
};
export type AnalysisProvenance_analysis$key = {
  readonly " $data"?: AnalysisProvenance_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisProvenance_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisProvenance_analysis",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "provenance",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "finishedAt",
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
          "name": "source",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "width",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "height",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "gsdMPerPx",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "gsdSource",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "capturedAt",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "attribution",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "c7f6b1e7a8dd62d994d30e43be4c6e85";

export default node;
