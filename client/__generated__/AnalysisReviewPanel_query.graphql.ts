/**
 * @generated SignedSource<<4204fed3f3e861bb67f9773349621069>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AnalysisReviewPanel_query$data = {
  readonly reviewFields: ReadonlyArray<{
    readonly field: string;
    readonly values: ReadonlyArray<string>;
  }>;
  readonly " $fragmentType": "AnalysisReviewPanel_query";
};
export type AnalysisReviewPanel_query$key = {
  readonly " $data"?: AnalysisReviewPanel_query$data;
  readonly " $fragmentSpreads": FragmentRefs<"AnalysisReviewPanel_query">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AnalysisReviewPanel_query",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "ReviewField",
      "kind": "LinkedField",
      "name": "reviewFields",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "field",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "values",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Query",
  "abstractKey": null
};

(node as any).hash = "991206d79111f58a9f289e71e3173c4b";

export default node;
