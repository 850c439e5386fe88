/**
 * @generated SignedSource<<060fbf5c18c55fd2ad312975f428abaf>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisImageOverlay_analysis$data = {
  readonly defensibleSpace: {
    readonly pxPerM: number | null | undefined;
    readonly roofPolygon: ReadonlyArray<ReadonlyArray<number>> | null | undefined;
    readonly status: string;
  } | null | undefined;
  readonly findings: ReadonlyArray<{
    readonly confidence: number;
    readonly feature: string;
    readonly polygon: ReadonlyArray<ReadonlyArray<number>>;
    readonly reviewDecision: string | null | undefined;
  }>;
  readonly image: {
    readonly height: number;
    readonly url: string;
    readonly width: number;
  };
  readonly propertyLocation: string;
  readonly subjectPoint: {
    readonly x: number;
    readonly y: number;
  } | null | undefined;
  readonly " $fragmentType": "AnalysisImageOverlay_analysis";
};
export type AnalysisImageOverlay_analysis$key = {
  readonly " $data"?: AnalysisImageOverlay_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisImageOverlay_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisImageOverlay_analysis",
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
      "concreteType": "Finding",
      "kind": "LinkedField",
      "name": "findings",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "feature",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "confidence",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "polygon",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "reviewDecision",
          "storageKey": null
        }
      ],
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
          "name": "url",
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
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "SubjectPoint",
      "kind": "LinkedField",
      "name": "subjectPoint",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "x",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "y",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "DefensibleSpace",
      "kind": "LinkedField",
      "name": "defensibleSpace",
      "plural": false,
      "selections": [
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
          "name": "pxPerM",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "roofPolygon",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "b9040e9aded24bef00fcdbda0390ba9c";

export default node;
