/**
 * @generated SignedSource<<e3e9aabe0d3113e29d648a51584e8326>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalyseAgainButton_analysis$data = {
  readonly image: {
    readonly id: string;
  };
  readonly subjectPoint: {
    readonly x: number;
    readonly y: number;
  } | null | undefined;
  readonly " $fragmentType": "AnalyseAgainButton_analysis";
};
export type AnalyseAgainButton_analysis$key = {
  readonly " $data"?: AnalyseAgainButton_analysis$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalyseAgainButton_analysis">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalyseAgainButton_analysis",
  "selections": [
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
    }
  ],
  "type": "Analysis",
  "abstractKey": null
};

(node as any).hash = "1c51f54be951f9d50d7e091fd620a45c";

export default node;
