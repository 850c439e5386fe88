/**
 * @generated SignedSource<<07f05eaf935979d148783c244a2ade74>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisImageOverlay_analysis$data = {
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
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "bf509a340bc1f6c45957aa9abf1b1a9b";

export default node;
