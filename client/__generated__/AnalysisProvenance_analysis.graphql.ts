/**
 * @generated SignedSource<<245f02ea326bf560f736dc9f23707209>>
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
    readonly filename: string | null | undefined;
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
          "name": "filename",
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

(node as any).hash = "212b7c50d0838cd239ae32eac93271e7";

export default node;
